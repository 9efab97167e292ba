// bgml/ior.h: the files processes hand each other (IOR files, endpoint
// files) and the folder a result file goes into.
//
// A server writes its reference with write_ior_file(): through a temporary
// file and rename(2), so a reader sees no file or all of it, and the
// launcher can take "the file exists and is not empty" as "ready". A
// client waits for it with read_ior_file(), polling every 10 ms up to a
// time limit. These run before the timed loops, never inside them.

#ifndef BGML_IOR_H
#define BGML_IOR_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <sys/stat.h>
#include <sys/types.h>

#include "bgml/pacer.h"
#include "bgml/result_writer.h"
#include "bgml/timer.h"

namespace bgml {

/// Creates the folder `path` goes into (one level, as results/), if missing.
inline void make_parent_directory(const std::string& path)
{
  const std::string::size_type slash = path.rfind('/');
  if (slash != std::string::npos && slash != 0)
    ::mkdir(path.substr(0, slash).c_str(), 0777);
}

/// Writes `ior` and a newline to `path` atomically, creating its folder.
inline bool write_ior_file(const std::string& path, const std::string& ior, std::string* error = 0)
{
  make_parent_directory(path);
  return write_file_atomically(path, ior + "\n", error);
}

/// The first line of `path` without its line end; "" when the file is
/// missing or empty.
inline std::string read_first_line(const std::string& path)
{
  std::string line;
  std::FILE* file = std::fopen(path.c_str(), "r");
  if (file == 0)
    return line;
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0)
    line.append(buffer, n);
  std::fclose(file);
  const std::string::size_type end = line.find_first_of("\r\n");
  if (end != std::string::npos)
    line.erase(end);
  return line;
}

/// Waits up to `timeout_ms` for `path` to hold a line and puts it into
/// `ior`. False, with `error` set, when it never does.
inline bool read_ior_file(const std::string& path, std::uint64_t timeout_ms, std::string& ior,
                          std::string* error = 0)
{
  const std::uint64_t deadline = now_ns() + timeout_ms * 1000000ULL;
  for (;;) {
    ior = read_first_line(path);
    if (!ior.empty())
      return true;
    const std::uint64_t now = now_ns();
    if (now >= deadline) {
      if (error) {
        char text[64];
        std::snprintf(text, sizeof text, " after %.1f s", static_cast<double>(timeout_ms) / 1000.0);
        *error = "no IOR in " + path + text;
      }
      return false;
    }
    const std::uint64_t next = now + 10000000ULL;
    sleep_until_ns(next < deadline ? next : deadline);
  }
}

/// Waits up to `timeout_ms` for `path` to exist and not be empty.
inline bool wait_for_file(const std::string& path, std::uint64_t timeout_ms, std::string* error = 0)
{
  std::string line;
  return read_ior_file(path, timeout_ms, line, error);
}

} // namespace bgml

#endif // BGML_IOR_H
