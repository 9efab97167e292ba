// progress_cost: what counting samples for the launcher's progress costs.
//
//   progress_cost [-n samples] [-r rounds] [-c cpu-list]
//
// Runs the timed loop of a benchmark without the call: a timestamp pair
// and SampleHistory::record() per sample, once with the history counting
// towards progress (published to a BGML_PROGRESS file, as under the
// launcher) and once without, alternating, several rounds. Prints the
// per-sample time of both (the quietest round of each) and a final line
// scripts can parse:
//   progress cost: on=<ns> off=<ns> delta=<ns> samples=<n> published=<n>

#include "bgml/affinity.h"
#include "bgml/timer.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

double loop_ns_per_sample(std::size_t samples, bool counts)
{
  bgml::SampleHistory history(0, samples, counts);
  const std::uint64_t begin = bgml::now_ns();
  for (std::size_t i = 0; i != samples; ++i) {
    std::uint64_t start = bgml::now_ns();
    history.record(bgml::now_ns() - start);
  }
  const std::uint64_t end = bgml::now_ns();
  return static_cast<double>(end - begin) / static_cast<double>(samples);
}

} // namespace

int main(int argc, char** argv)
{
  std::size_t samples = 2000000;
  int rounds = 5;
  std::vector<int> cpus;
  int c;
  while ((c = getopt(argc, argv, "n:r:c:")) != -1) {
    switch (c) {
    case 'n': samples = std::strtoul(optarg, 0, 10); break;
    case 'r': rounds = std::atoi(optarg); break;
    case 'c':
      if (!bgml::parse_cpu_list(optarg, cpus)) {
        std::fprintf(stderr, "progress_cost: bad CPU list '%s'\n", optarg);
        return 1;
      }
      break;
    default:
      std::fprintf(stderr, "usage: %s [-n samples] [-r rounds] [-c cpu-list]\n", argv[0]);
      return 1;
    }
  }
  if (samples == 0 || rounds <= 0) {
    std::fprintf(stderr, "progress_cost: -n and -r must be positive\n");
    return 1;
  }
  std::string error;
  if (!cpus.empty() && !bgml::set_affinity(cpus, &error)) {
    std::fprintf(stderr, "progress_cost: %s\n", error.c_str());
    return 1;
  }
  std::string file;
  if (std::getenv("BGML_PROGRESS") == 0) {
    char dir[] = "/tmp/bgml-progress-cost-XXXXXX";
    if (::mkdtemp(dir) == 0) {
      std::perror("mkdtemp");
      return 1;
    }
    file = std::string(dir) + "/bench.progress";
    ::setenv("BGML_PROGRESS", file.c_str(), 1);
  }
  loop_ns_per_sample(samples / 4 + 1, true); // warm-up, maps the record
  double best_on = 1e300, best_off = 1e300;
  for (int r = 1; r <= rounds; ++r) {
    double on = loop_ns_per_sample(samples, true);
    double off = loop_ns_per_sample(samples, false);
    std::printf("round %d: counting %.2f ns/sample, not counting %.2f ns/sample\n", r, on, off);
    best_on = on < best_on ? on : best_on;
    best_off = off < best_off ? off : best_off;
  }
  std::printf("progress cost: on=%.2f off=%.2f delta=%.2f samples=%lu published=%llu\n", best_on, best_off,
              best_on - best_off, static_cast<unsigned long>(samples),
              static_cast<unsigned long long>(bgml::progress_samples()));
  if (!file.empty()) {
    ::unlink(file.c_str());
    ::rmdir(file.substr(0, file.rfind('/')).c_str());
  }
  return 0;
}
