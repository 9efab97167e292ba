// bgml/environment.h: what a figure needs to be read later: host,
// kernel, CPU model, compiler, language level and the time.

#ifndef BGML_ENVIRONMENT_H
#define BGML_ENVIRONMENT_H

#include <ctime>
#include <fstream>
#include <string>
#include <sys/utsname.h>
#include <unistd.h>

namespace bgml {

inline std::string host_name()
{
  char buf[256];
  if (gethostname(buf, sizeof buf) != 0)
    return std::string();
  buf[sizeof buf - 1] = '\0';
  return buf;
}

/// "Linux 6.1.0-18-amd64" or "" if uname fails.
inline std::string kernel_version()
{
  struct utsname u;
  if (uname(&u) != 0)
    return std::string();
  return std::string(u.sysname) + " " + u.release;
}

/// The first "model name" of /proc/cpuinfo, or "".
inline std::string cpu_model()
{
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, 10, "model name") != 0)
      continue;
    std::string::size_type colon = line.find(':');
    if (colon == std::string::npos)
      return std::string();
    std::string::size_type start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? std::string() : line.substr(start);
  }
  return std::string();
}

/// The compiler that built this translation unit, e.g. "g++ 12.2.0".
inline std::string compiler_version()
{
#if defined(__clang__)
  return std::string("clang++ ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("g++ ") + __VERSION__;
#else
  return "unknown";
#endif
}

/// The value of __cplusplus, e.g. 201103 for C++11.
inline long cplusplus_version()
{
  return static_cast<long>(__cplusplus);
}

/// The current UTC time as ISO-8601, e.g. "2024-05-01T12:00:00Z".
inline std::string utc_time_iso8601()
{
  std::time_t now = std::time(0);
  struct tm parts;
  char buf[32];
  if (gmtime_r(&now, &parts) == 0
      || std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &parts) == 0)
    return std::string();
  return buf;
}

} // namespace bgml

#endif // BGML_ENVIRONMENT_H
