// The JSON writer, and a complete result file written where argv[1]
// says; check_results.py then parses and validates that file.

#include "bgml/bgml.h"
#include "check.h"

#include <clocale>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

std::string read_file(const std::string& path)
{
  std::ifstream in(path.c_str(), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool exists(const std::string& path)
{
  return access(path.c_str(), F_OK) == 0;
}

void strings_are_escaped()
{
  CHECK(bgml::json_quote("plain") == "\"plain\"");
  CHECK(bgml::json_quote("a\"b\\c\n\t\r\b\f\x01\x1f") ==
        "\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001\\u001f\"");
  CHECK(bgml::json_quote(std::string("nul\0byte", 8)) == "\"nul\\u0000byte\"");
  CHECK(bgml::json_quote("13 \xc2\xb5s \xe2\x82\xac \xf0\x9f\x98\x80") ==
        "\"13 \xc2\xb5s \xe2\x82\xac \xf0\x9f\x98\x80\""); // valid UTF-8 kept
  CHECK(bgml::json_quote("\xff") == "\"\\ufffd\"");
  CHECK(bgml::json_quote("\xe2\x82") == "\"\\ufffd\\ufffd\"");          // truncated
  CHECK(bgml::json_quote("\xc0\xaf") == "\"\\ufffd\\ufffd\"");          // overlong
  CHECK(bgml::json_quote("\xed\xa0\x80") == "\"\\ufffd\\ufffd\\ufffd\""); // surrogate
  CHECK(bgml::json_quote("\xf4\x90\x80\x80x") == "\"\\ufffd\\ufffd\\ufffd\\ufffdx\"");
}

void numbers_read_back()
{
  CHECK(bgml::json_number(0.1) == "0.1");
  CHECK(bgml::json_number(22.0) == "22");
  CHECK(bgml::json_number(13990.25) == "13990.25");
  CHECK(bgml::json_number(1e300) == "1e+300");
  CHECK(bgml::json_number(1.0 / 3.0) == "0.33333333333333331");
  CHECK(bgml::json_number(std::numeric_limits<double>::quiet_NaN()) == "null");
  CHECK(bgml::json_number(std::numeric_limits<double>::infinity()) == "null");
  CHECK(bgml::json_number(-std::numeric_limits<double>::infinity()) == "null");
  double tricky[] = { 0.1 + 0.2, 123456789.123456789, 5e-324, 1.7976931348623157e308 };
  for (std::size_t i = 0; i != 4; ++i)
    CHECK(std::strtod(bgml::json_number(tricky[i]).c_str(), 0) == tricky[i]);

  // a locale with a decimal comma must not leak into the file
  if (std::setlocale(LC_ALL, "de_DE.UTF-8") != 0 || std::setlocale(LC_ALL, "fr_FR.UTF-8") != 0) {
    CHECK(bgml::json_number(0.5) == "0.5");
    std::setlocale(LC_ALL, "C");
  }
}

void writer_structure()
{
  bgml::JsonWriter w;
  w.begin_object();
  w.key("a");
  w.begin_array();
  w.end_array();
  w.key("b");
  w.begin_object();
  w.end_object();
  w.key("c");
  w.begin_array();
  w.value_int(-1);
  w.value_uint(18446744073709551615ULL);
  w.value_bool(true);
  w.value_null();
  w.end_array();
  w.end_object();
  CHECK(w.str() ==
        "{\n"
        "  \"a\": [],\n"
        "  \"b\": {},\n"
        "  \"c\": [\n"
        "    -1,\n"
        "    18446744073709551615,\n"
        "    true,\n"
        "    null\n"
        "  ]\n"
        "}");
}

void spin_for(std::uint64_t ns)
{
  std::uint64_t start = bgml::now_ns();
  while (bgml::now_ns() - start < ns) {
  }
}

bgml::ResultFile make_result_file(const std::string& samples_path)
{
  bgml::ResultFile result("Deployment::client \"one\"\n", "omniorb");
  result.add_label("orb", "omniORB 4.2.4");
  result.add_label("orb", "omniORB 4.2.5"); // replaces, keys stay unique
  result.start_line.waited = true; // as if released by a start line
  result.start_line.released_ns = 1700000000123456789LL;
  result.start_line.waited_ns = 2500000;
  result.add_label("svcConf", "static Client_Strategy_Factory \"-ORBTransportMuxStrategy EXCLUSIVE\"\t\xc2\xb5");

  // latency: a timed loop of fake calls
  bgml::SampleHistory history(50, 500);
  std::uint64_t loop_start = bgml::now_ns();
  for (std::size_t i = 0; i != 550; ++i) {
    std::uint64_t start = bgml::now_ns();
    spin_for(1000 + (i % 7) * 300);
    history.record(bgml::now_ns() - start);
  }
  const std::uint64_t loop_end = bgml::now_ns();
  std::uint64_t wall = loop_end - loop_start;
  bgml::Measurement latency("latency", "RoundTrip::latency", "RoundTrip::client_server");
  latency.operation = "Test::RoundTrip::test_method";
  latency.payload_bytes = 4;
  latency.set_samples(history);
  latency.wall_ns = static_cast<std::int64_t>(wall);
  const std::int64_t before = bgml::realtime_ns();
  latency.set_window(loop_start, loop_end);
  const std::int64_t after = bgml::realtime_ns();
  // realtime figures of moments that lie between the two readings above
  CHECK(latency.window_begin_ns <= before + 1000000 && latency.window_end_ns <= after + 1000000);
  CHECK(latency.window_end_ns - latency.window_begin_ns == static_cast<std::int64_t>(wall));
  CHECK(before - latency.window_end_ns < 1000000000);
  std::string error;
  CHECK(bgml::write_raw_samples(samples_path, history.measured(), &error));
  latency.raw_samples = samples_path;
  result.add(latency);

  // throughput without per-call samples (oneway calls)
  bgml::Measurement oneway("throughput", "RoundTrip::throughput", "RoundTrip::client_server");
  oneway.operation = "Test::RoundTrip::test_oneway";
  oneway.payload_bytes = 1024;
  oneway.calls = 100000;
  oneway.wall_ns = 1000000000;
  result.add(oneway);

  // two client threads, merged
  bgml::ThreadHistories per_thread(2, 0, 100);
  for (std::size_t t = 0; t != 2; ++t)
    for (std::uint64_t i = 0; i != 100; ++i)
      per_thread.at(t).record(10000 + 100 * t + i);
  bgml::Measurement threaded("latency", "RoundTrip::latency2", "RoundTrip::client_server");
  threaded.set_samples(per_thread);
  threaded.wall_ns = 2000000;
  result.add(threaded);

  // fixed rate with missed deadlines
  bgml::Pacer pacer(bgml::period_from_hz(1000.0));
  bgml::SampleHistory paced(0, 8);
  for (int i = 0; i != 8; ++i) {
    std::uint64_t begin = pacer.wait_for_period();
    if (i == 2)
      spin_for(1500000);
    std::uint64_t end = bgml::now_ns();
    paced.record(end - begin);
    pacer.call_finished(end);
  }
  bgml::Measurement deadlines("missedDeadlines", "RoundTrip::deadlines", "RoundTrip::client_server");
  deadlines.set_samples(paced);
  deadlines.set_pacer(pacer);
  result.add(deadlines);

  // white-box segments
  std::vector<std::string> names;
  names.push_back("marshal");
  names.push_back("send");
  bgml::SegmentTimer probes(names, 2, 20);
  for (int i = 0; i != 22; ++i) {
    probes.begin_cycle();
    spin_for(2000);
    probes.checkpoint(0);
    spin_for(3000);
    probes.checkpoint(1);
    probes.end_cycle();
  }
  result.add(bgml::segment_measurements(probes, "RoundTrip::path", "RoundTrip::client_server",
                                        "Test::RoundTrip::test_method"));

  // footprint
  result.read_footprint();
  bgml::Measurement footprint("footprint", "RoundTrip::footprint", "Deployment::client");
  footprint.unit = "bytes";
  footprint.set_footprint(result.footprint);
  result.add(footprint);

  // a single figure
  bgml::Measurement switches("contextSwitch", "RoundTrip::switches", "RoundTrip::client_server");
  switches.unit = "count";
  switches.value = 2.5;
  result.add(switches);
  return result;
}

void result_file_is_written(const std::string& path)
{
  const std::string samples_path = path + ".samples";
  bgml::ResultFile result = make_result_file(samples_path);
  CHECK(result.probe_cost.pairs > 0);
  CHECK(!result.cpu_affinity.empty());
  CHECK(result.cpu_observed >= 0);
  CHECK(!result.host.empty());
  CHECK_EQ(result.measurements.size(), 9u);

  std::string error;
  CHECK(bgml::write_result_file(path, result, &error));
  std::string text = read_file(path);
  CHECK(text.find("{\n  \"schemaVersion\": 1,\n") == 0);
  CHECK(text.size() > 2 && text.compare(text.size() - 2, 2, "}\n") == 0);
  char suffix[32];
  std::snprintf(suffix, sizeof suffix, ".tmp.%ld", static_cast<long>(getpid()));
  CHECK(!exists(path + suffix)); // renamed away

  // rewriting replaces the file whole
  CHECK(bgml::write_result_file(path, result, &error));
  CHECK(read_file(path).size() > 100);

  // raw samples: one value per line, the same samples the statistics saw
  const bgml::Stats& stats = result.measurements[0].stats;
  std::istringstream lines(read_file(samples_path));
  std::string line;
  std::vector<std::uint64_t> values;
  while (std::getline(lines, line)) {
    CHECK(!line.empty() && line.find_first_not_of("0123456789") == std::string::npos);
    values.push_back(std::strtoull(line.c_str(), 0, 10));
  }
  CHECK_EQ(values.size(), stats.n);
  bgml::Stats again = bgml::compute_stats(values);
  CHECK_EQ(again.min, stats.min);
  CHECK_EQ(again.p99, stats.p99);
  CHECK_EQ(again.mean, stats.mean);

  // a file that cannot be written is reported, not half-written
  CHECK(!bgml::write_result_file("/nonexistent-dir/x.json", result, &error));
  CHECK(error.find("/nonexistent-dir/x.json") != std::string::npos);
}

} // namespace

int main(int argc, char** argv)
{
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s result.json\n", argv[0]);
    return 1;
  }
  strings_are_escaped();
  numbers_read_back();
  writer_structure();
  result_file_is_written(argv[1]);
  return check_exit_code("test_results");
}
