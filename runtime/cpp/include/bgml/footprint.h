// bgml/footprint.h: static and dynamic memory footprint of this process.
//
// Static footprint: the size on disk of the executable (/proc/self/exe)
// plus that of every shared object it has mapped (each path in
// /proc/self/maps whose file name contains ".so", counted once).
// Dynamic footprint: VmHWM (peak resident set) and VmRSS (resident set
// now) from /proc/self/status, in KiB. Read the dynamic footprint after
// the timed loop: VmHWM only grows.

#ifndef BGML_FOOTPRINT_H
#define BGML_FOOTPRINT_H

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace bgml {

struct BinaryFile {
  std::string path;
  std::uint64_t bytes;
};

struct Footprint {
  Footprint() : static_bytes(0), vm_hwm_kib(-1), vm_rss_kib(-1) {}

  std::vector<BinaryFile> binaries; // the executable first, then the .so files by path
  std::uint64_t static_bytes;       // sum of binaries[].bytes
  long vm_hwm_kib;                  // -1 when unknown
  long vm_rss_kib;                  // -1 when unknown
};

/// A "Key:   123 kB" field of /proc/self/status as a number, or -1.
inline long proc_status_value(const std::string& key)
{
  std::ifstream in("/proc/self/status");
  std::string line;
  std::string prefix = key + ":";
  while (std::getline(in, line)) {
    if (line.compare(0, prefix.size(), prefix) == 0)
      return std::strtol(line.c_str() + prefix.size(), 0, 10);
  }
  return -1;
}

/// VmHWM and VmRSS (KiB) from one read of /proc/self/status, so that
/// the two figures belong to the same moment; -1 when missing.
inline void read_vm_kib(long& hwm_kib, long& rss_kib)
{
  hwm_kib = -1;
  rss_kib = -1;
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, 6, "VmHWM:") == 0)
      hwm_kib = std::strtol(line.c_str() + 6, 0, 10);
    else if (line.compare(0, 6, "VmRSS:") == 0)
      rss_kib = std::strtol(line.c_str() + 6, 0, 10);
  }
}

/// Voluntary plus involuntary context switches of the calling thread so
/// far, or -1. Take the difference around a loop.
inline long thread_context_switches()
{
  struct rusage ru;
  if (getrusage(RUSAGE_THREAD, &ru) != 0)
    return -1;
  return ru.ru_nvcsw + ru.ru_nivcsw;
}

/// Voluntary (the thread waited: a socket, a lock) and involuntary
/// (preempted) context switches, as the kernel counts them in
/// /proc/<pid>/status and getrusage.
struct ContextSwitches {
  long voluntary;
  long involuntary;
  long total() const { return voluntary + involuntary; }
};

/// Context switches of the whole process so far: every thread, live or
/// ended (RUSAGE_SELF); {-1, -1} if they cannot be read. Take the
/// difference around a loop.
inline ContextSwitches process_context_switches()
{
  struct rusage ru;
  ContextSwitches c = { -1, -1 };
  if (getrusage(RUSAGE_SELF, &ru) == 0) {
    c.voluntary = ru.ru_nvcsw;
    c.involuntary = ru.ru_nivcsw;
  }
  return c;
}

/// The executable's path, or "" if /proc/self/exe cannot be read.
inline std::string executable_path()
{
  char buf[4096];
  ssize_t len = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (len <= 0)
    return std::string();
  return std::string(buf, static_cast<std::size_t>(len));
}

/// Size of a file in bytes, or -1 if it cannot be stat'ed.
inline long long file_size(const std::string& path)
{
  struct stat st;
  if (stat(path.c_str(), &st) != 0)
    return -1;
  return static_cast<long long>(st.st_size);
}

/// Shared objects mapped into this process, sorted by path, each once.
inline std::vector<std::string> mapped_shared_objects()
{
  std::set<std::string> paths;
  std::ifstream in("/proc/self/maps");
  std::string line;
  while (std::getline(in, line)) {
    // address perms offset dev inode pathname
    std::string::size_type slash = line.find('/');
    if (slash == std::string::npos)
      continue;
    std::string path = line.substr(slash);
    const std::string deleted = " (deleted)";
    if (path.size() > deleted.size()
        && path.compare(path.size() - deleted.size(), deleted.size(), deleted) == 0)
      continue; // the file on disk is no longer the one mapped
    std::string name = path.substr(path.rfind('/') + 1);
    if (name.find(".so") != std::string::npos)
      paths.insert(path);
  }
  return std::vector<std::string>(paths.begin(), paths.end());
}

/// Executable and mapped shared objects with their sizes, and the
/// dynamic footprint now.
inline Footprint read_footprint()
{
  Footprint f;
  std::vector<std::string> paths;
  std::string exe = executable_path();
  if (!exe.empty())
    paths.push_back(exe);
  std::vector<std::string> libs = mapped_shared_objects();
  for (std::size_t i = 0; i != libs.size(); ++i)
    if (libs[i] != exe)
      paths.push_back(libs[i]);

  for (std::size_t i = 0; i != paths.size(); ++i) {
    long long size = file_size(paths[i]);
    if (size < 0)
      continue;
    BinaryFile b = { paths[i], static_cast<std::uint64_t>(size) };
    f.binaries.push_back(b);
    f.static_bytes += b.bytes;
  }
  read_vm_kib(f.vm_hwm_kib, f.vm_rss_kib);
  return f;
}

} // namespace bgml

#endif // BGML_FOOTPRINT_H
