// CPU lists, and applying then reading back an affinity on CPU 0.

#include "bgml/affinity.h"
#include "check.h"

#include <string>
#include <vector>

namespace {

void cpu_lists()
{
  std::vector<int> cpus;
  CHECK(bgml::parse_cpu_list("0", cpus) && cpus.size() == 1 && cpus[0] == 0);
  CHECK(bgml::parse_cpu_list("0,2-4,7", cpus));
  const int expected[] = { 0, 2, 3, 4, 7 };
  CHECK(cpus == std::vector<int>(expected, expected + 5));
  const char* bad[] = { "", ",", "0,", "a", "1-", "3-1", "-1", " 1", "1 ", "0;1", "99999" };
  for (std::size_t i = 0; i != sizeof bad / sizeof bad[0]; ++i) {
    bool ok = bgml::parse_cpu_list(bad[i], cpus);
    if (ok)
      std::fprintf(stderr, "accepted bad CPU list '%s'\n", bad[i]);
    CHECK(!ok);
    CHECK(cpus.empty());
  }
}

void pin_to_cpu_zero()
{
  std::vector<int> original = bgml::get_affinity();
  CHECK(!original.empty());

  std::vector<int> zero(1, 0);
  std::string error;
  bool applied = bgml::set_affinity(zero, &error);
  if (!applied)
    std::fprintf(stderr, "set_affinity(0): %s\n", error.c_str());
  CHECK(applied);
  CHECK(bgml::get_affinity() == zero);
  CHECK_EQ(bgml::current_cpu(), 0); // the kernel moves us before returning

  CHECK(!bgml::set_affinity(std::vector<int>(), &error));
  CHECK(!error.empty());
  CHECK(!bgml::set_affinity(std::vector<int>(1, -3), &error));

  CHECK(bgml::set_affinity(original, &error));
  CHECK(bgml::get_affinity() == original);
}

} // namespace

int main()
{
  cpu_lists();
  pin_to_cpu_zero();
  return check_exit_code("test_affinity");
}
