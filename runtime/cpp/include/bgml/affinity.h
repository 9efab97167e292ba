// bgml/affinity.h: CPU placement of the calling thread.
//
// On Linux the affinity belongs to a thread; threads created afterwards
// inherit it. Call set_affinity() in main() before starting the ORB and
// the client threads to place the whole process. Record get_affinity()
// and current_cpu() in the result file: on a two-vCPU machine, whether
// client and server share a CPU changes round trips by a factor of 3.

#ifndef BGML_AFFINITY_H
#define BGML_AFFINITY_H

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <sched.h>
#include <string>
#include <vector>

namespace bgml {

/// Read one CPU id (decimal digits only) at p and move p past it.
inline bool parse_cpu_id(const char*& p, long& cpu)
{
  if (*p < '0' || *p > '9')
    return false;
  char* end = 0;
  cpu = std::strtol(p, &end, 10);
  p = end;
  return cpu < CPU_SETSIZE;
}

/// Parse a CPU list like "0", "0,2" or "0-3,6". Returns false (and
/// leaves `cpus` empty) on malformed input or a CPU id out of range.
inline bool parse_cpu_list(const std::string& text, std::vector<int>& cpus)
{
  cpus.clear();
  const char* p = text.c_str();
  for (;;) {
    long first = 0;
    long last = 0;
    if (!parse_cpu_id(p, first)) {
      cpus.clear();
      return false;
    }
    last = first;
    if (*p == '-') {
      ++p;
      if (!parse_cpu_id(p, last) || last < first) {
        cpus.clear();
        return false;
      }
    }
    for (long cpu = first; cpu <= last; ++cpu)
      cpus.push_back(static_cast<int>(cpu));
    if (*p == '\0')
      return true;
    if (*p != ',') {
      cpus.clear();
      return false;
    }
    ++p;
  }
}

/// Bind the calling thread to `cpus`. On failure returns false and
/// puts the reason in *error (if given).
inline bool set_affinity(const std::vector<int>& cpus, std::string* error = 0)
{
  cpu_set_t set;
  CPU_ZERO(&set);
  for (std::size_t i = 0; i != cpus.size(); ++i) {
    if (cpus[i] < 0 || cpus[i] >= CPU_SETSIZE) {
      if (error)
        *error = "CPU id out of range";
      return false;
    }
    CPU_SET(cpus[i], &set);
  }
  if (cpus.empty()) {
    if (error)
      *error = "empty CPU list";
    return false;
  }
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    if (error)
      *error = std::string("sched_setaffinity: ") + std::strerror(errno);
    return false;
  }
  return true;
}

/// The CPUs the calling thread may run on, ascending; empty on error.
inline std::vector<int> get_affinity()
{
  std::vector<int> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0)
    return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set))
      cpus.push_back(cpu);
  return cpus;
}

/// The CPU the calling thread is running on now, or -1.
inline int current_cpu()
{
  return sched_getcpu();
}

} // namespace bgml

#endif // BGML_AFFINITY_H
