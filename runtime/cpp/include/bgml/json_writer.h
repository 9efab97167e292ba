// bgml/json_writer.h: a small streaming JSON writer (RFC 8259).
//
// - Strings are escaped: '"', '\\' and control characters; bytes that
//   are not valid UTF-8 become U+FFFD, so the output is always valid
//   UTF-8.
// - Doubles are printed with the fewest of 15 or 17 significant digits
//   that read back to the same value, independent of the C locale.
//   NaN and infinities are written as null.
// - Output is indented by two spaces per level.
//
//   bgml::JsonWriter w;
//   w.begin_object();
//   w.key("n");    w.value_uint(1000);
//   w.key("mean"); w.value_double(13990.25);
//   w.end_object();
//   w.str();   // {"n": 1000, "mean": 13990.25} (indented)

#ifndef BGML_JSON_WRITER_H
#define BGML_JSON_WRITER_H

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <locale>
#include <sstream>
#include <string>
#include <vector>

namespace bgml {

/// Length of the valid UTF-8 sequence at s[i], or 0 if it is invalid.
inline std::size_t utf8_sequence_length(const std::string& s, std::size_t i)
{
  unsigned char c = static_cast<unsigned char>(s[i]);
  std::size_t len = 0;
  unsigned char second_min = 0x80;
  unsigned char second_max = 0xBF;
  if (c < 0x80)
    return 1;
  else if (c >= 0xC2 && c <= 0xDF)
    len = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0)
      second_min = 0xA0; // no overlong forms
    if (c == 0xED)
      second_max = 0x9F; // no surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0)
      second_min = 0x90; // no overlong forms
    if (c == 0xF4)
      second_max = 0x8F; // nothing above U+10FFFF
  } else
    return 0;
  if (i + len > s.size())
    return 0;
  for (std::size_t k = 1; k != len; ++k) {
    unsigned char b = static_cast<unsigned char>(s[i + k]);
    unsigned char lo = k == 1 ? second_min : 0x80;
    unsigned char hi = k == 1 ? second_max : 0xBF;
    if (b < lo || b > hi)
      return 0;
  }
  return len;
}

/// `text` as a JSON string literal, quotes included.
inline std::string json_quote(const std::string& text)
{
  std::string out = "\"";
  std::size_t i = 0;
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    std::size_t len = utf8_sequence_length(text, i);
    if (len == 0) {
      out += "\\ufffd";
      ++i;
      continue;
    }
    if (len > 1) {
      out.append(text, i, len);
      i += len;
      continue;
    }
    switch (c) {
    case '"':  out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\b': out += "\\b"; break;
    case '\f': out += "\\f"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
    ++i;
  }
  out += "\"";
  return out;
}

/// A finite double as a JSON number that reads back exactly; "null"
/// for NaN and infinities. 17 significant digits always read back, so
/// the loop ends with a correct text.
inline std::string json_number(double value)
{
  if (!std::isfinite(value))
    return "null";
  std::string text;
  for (int precision = 15; precision <= 17; precision += 2) {
    std::ostringstream out;
    out.imbue(std::locale::classic());
    out.precision(precision);
    out << value;
    text = out.str();
    std::istringstream in(text);
    in.imbue(std::locale::classic());
    double back = 0;
    if ((in >> back) && back == value) // fails on overflow, e.g. DBL_MAX at 15 digits
      break;
  }
  return text;
}

class JsonWriter {
public:
  JsonWriter() : after_key_(false) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  /// The key of the next value in the current object.
  void key(const std::string& name)
  {
    separate();
    out_ += json_quote(name);
    out_ += ": ";
    after_key_ = true;
  }

  void value_string(const std::string& v) { scalar(json_quote(v)); }
  void value_bool(bool v) { scalar(v ? "true" : "false"); }
  void value_null() { scalar("null"); }
  void value_double(double v) { scalar(json_number(v)); }

  void value_int(std::int64_t v)
  {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    scalar(buf);
  }

  void value_uint(std::uint64_t v)
  {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(v));
    scalar(buf);
  }

  /// The document so far; complete once every container is closed.
  const std::string& str() const { return out_; }

private:
  // Before a value or key: a comma after the previous element, then a
  // new line and the indentation of the current level.
  void separate()
  {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (first_.empty())
      return;
    if (!first_.back())
      out_ += ',';
    first_.back() = false;
    newline(first_.size());
  }

  void newline(std::size_t depth)
  {
    out_ += '\n';
    out_.append(2 * depth, ' ');
  }

  void scalar(const std::string& text)
  {
    separate();
    out_ += text;
  }

  void open(char bracket)
  {
    separate();
    out_ += bracket;
    first_.push_back(true);
  }

  void close(char bracket)
  {
    bool empty = first_.back();
    first_.pop_back();
    if (!empty)
      newline(first_.size());
    out_ += bracket;
  }

  std::string out_;
  std::vector<bool> first_; // per open container: nothing written yet
  bool after_key_;
};

} // namespace bgml

#endif // BGML_JSON_WRITER_H
