// client.cpp: a minimal hand-written omniORB RoundTrip client, the yardstick for the generated one.
// The tightest loop: a timestamp before and after each call, the difference stored in memory
// allocated before the loop. Prints "mean p50 p99" in ns of the timed calls.
// Usage: client IOR-FILE CALLS WARMUP [ORB options]
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "RoundTrip.hh"

static inline std::uint64_t now_ns()
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::uint64_t(ts.tv_sec) * 1000000000ULL + std::uint64_t(ts.tv_nsec);
}

int main(int argc, char* argv[])
{
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s IOR-FILE CALLS WARMUP [ORB options]\n", argv[0]);
    return 1;
  }
  const std::size_t calls = std::strtoul(argv[2], 0, 10);
  const std::size_t warmup = std::strtoul(argv[3], 0, 10);
  std::string ior;
  std::ifstream(argv[1]) >> ior;
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    CORBA::Object_var obj = orb->string_to_object(ior.c_str());
    Test::RoundTrip_var rt = Test::RoundTrip::_narrow(obj);
    for (std::size_t i = 0; i != warmup; ++i)
      rt->test_method(now_ns());
    std::vector<std::uint64_t> samples(calls, 0);
    for (std::size_t i = 0; i != calls; ++i) {
      std::uint64_t start = now_ns();
      rt->test_method(start);
      samples[i] = now_ns() - start;
    }
    long double sum = 0;
    for (std::size_t i = 0; i != calls; ++i)
      sum += samples[i];
    std::sort(samples.begin(), samples.end());
    std::printf("%.1f %llu %llu\n", double(sum / calls),
                (unsigned long long) samples[(calls * 50 + 99) / 100 - 1],
                (unsigned long long) samples[(calls * 99 + 99) / 100 - 1]);
    orb->destroy();
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "ERROR: %s\n", e._name());
    return 1;
  }
  return 0;
}
