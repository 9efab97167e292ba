// Static and dynamic footprint of this very process.

#include "bgml/footprint.h"
#include "check.h"

#include <cstdint>
#include <string>
#include <vector>

namespace {

bool ends_with(const std::string& s, const std::string& tail)
{
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

void dynamic_footprint()
{
  long hwm = -1;
  long rss = -1;
  bgml::read_vm_kib(hwm, rss);
  CHECK(hwm > 0);
  CHECK(rss > 0);
  CHECK(hwm >= rss); // one snapshot: the peak is at least the current
  CHECK(bgml::proc_status_value("VmHWM") >= hwm);
  CHECK(bgml::proc_status_value("Threads") == 1);
  CHECK_EQ(bgml::proc_status_value("NoSuchField"), -1);

  // touching 32 MiB raises the peak by about that much
  std::vector<char> block(32u << 20, 1);
  long hwm_after = bgml::proc_status_value("VmHWM");
  CHECK(hwm_after >= hwm + 30 * 1024);
  CHECK(block[12345] == 1);

  CHECK(bgml::thread_context_switches() >= 0);
}

void static_footprint()
{
  bgml::Footprint f = bgml::read_footprint();
  CHECK(f.vm_hwm_kib > 0);
  CHECK(f.vm_rss_kib > 0);
  CHECK(f.vm_hwm_kib >= f.vm_rss_kib);
  CHECK(f.binaries.size() >= 2);

  std::string exe = bgml::executable_path();
  CHECK(!exe.empty());
  CHECK(!f.binaries.empty() && f.binaries[0].path == exe);
  CHECK(!f.binaries.empty() && f.binaries[0].bytes > 0);

  bool has_libc = false;
  bool has_libstdcxx = false;
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i != f.binaries.size(); ++i) {
    const std::string& p = f.binaries[i].path;
    has_libc = has_libc || p.find("/libc.so") != std::string::npos;
    has_libstdcxx = has_libstdcxx || p.find("/libstdc++.so") != std::string::npos;
    CHECK(!ends_with(p, "(deleted)"));
    CHECK_EQ(static_cast<long long>(f.binaries[i].bytes), bgml::file_size(p));
    for (std::size_t k = 0; k != i; ++k)
      CHECK(f.binaries[k].path != p);
    sum += f.binaries[i].bytes;
  }
  CHECK(has_libc);
  CHECK(has_libstdcxx);
  CHECK_EQ(f.static_bytes, sum);
}

} // namespace

int main()
{
  dynamic_footprint();
  static_footprint();
  return check_exit_code("test_footprint");
}
