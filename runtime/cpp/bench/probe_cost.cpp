// probe_cost: what one timestamp pair costs on this machine.
//
//   probe_cost [-n pairs] [-r rounds] [-c cpu]
//
// Prints one line per round and, for the round with the lowest mean, a
// final line scripts can parse:
//   probe cost: min=<ns> median=<ns> mean=<ns> pairs=<n> cpu=<id>

#include "bgml/affinity.h"
#include "bgml/timer.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

int main(int argc, char** argv)
{
  std::size_t pairs = 100000;
  int rounds = 5;
  std::vector<int> cpus;

  int c;
  while ((c = getopt(argc, argv, "n:r:c:")) != -1) {
    switch (c) {
    case 'n': pairs = std::strtoul(optarg, 0, 10); break;
    case 'r': rounds = std::atoi(optarg); break;
    case 'c':
      if (!bgml::parse_cpu_list(optarg, cpus)) {
        std::fprintf(stderr, "probe_cost: bad CPU list '%s'\n", optarg);
        return 1;
      }
      break;
    default:
      std::fprintf(stderr, "usage: %s [-n pairs] [-r rounds] [-c cpu-list]\n", argv[0]);
      return 1;
    }
  }
  if (pairs == 0 || rounds <= 0) {
    std::fprintf(stderr, "probe_cost: -n and -r must be positive\n");
    return 1;
  }
  std::string error;
  if (!cpus.empty() && !bgml::set_affinity(cpus, &error)) {
    std::fprintf(stderr, "probe_cost: %s\n", error.c_str());
    return 1;
  }

  bgml::ProbeCost best = bgml::measure_probe_cost(pairs); // warm-up round, not shown
  for (int r = 1; r <= rounds; ++r) {
    bgml::ProbeCost cost = bgml::measure_probe_cost(pairs);
    std::printf("round %d: min=%llu median=%llu mean=%.1f ns\n", r,
                static_cast<unsigned long long>(cost.min_ns),
                static_cast<unsigned long long>(cost.median_ns), cost.mean_ns);
    if (r == 1 || cost.mean_ns < best.mean_ns) // report the quietest round
      best = cost;
  }
  std::printf("probe cost: min=%llu median=%llu mean=%.1f pairs=%lu cpu=%d\n",
              static_cast<unsigned long long>(best.min_ns),
              static_cast<unsigned long long>(best.median_ns), best.mean_ns,
              static_cast<unsigned long>(best.pairs), bgml::current_cpu());
  return 0;
}
