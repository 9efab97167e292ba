// The shared flags of a generated process, parsed with getopt_long as fastdds does, and the stop signals.

#include "bgml/process.h"
#include "bgml/report.h"
#include "check.h"

#include <chrono>
#include <csignal>
#include <getopt.h>
#include <pthread.h>
#include <string>
#include <thread>
#include <vector>

namespace {

/// Parses `args` as a process would: the shared flags, plus one target flag --depth N. Returns the first
/// flag that failed ('?' unknown, ':' missing value, or the flag with a bad value), 0 when all were taken.
int parse(std::vector<std::string> args, bgml::ProcessOptions& options, long& depth)
{
  std::vector<char*> argv;
  for (std::size_t i = 0; i != args.size(); ++i)
    argv.push_back(&args[i][0]);
  argv.push_back(nullptr);
  const struct option long_options[] = { { "depth", required_argument, nullptr, 1000 }, { nullptr, 0, nullptr, 0 } };
  optind = 0; // restart getopt's scan, as for a new process
  opterr = 0;
  int c;
  while ((c = getopt_long(static_cast<int>(args.size()), argv.data(), bgml::process_short_flags(), long_options,
                          nullptr)) != -1) {
    if (bgml::is_process_flag(c)) {
      if (!bgml::set_process_option(c, optarg, options))
        return c;
    } else if (c == 1000) {
      if (!bgml::parse_long(optarg, 1, 100, depth))
        return c;
    } else {
      return c;
    }
  }
  return 0;
}

void shared_flags()
{
  bgml::ProcessOptions options;
  long depth = 0;
  CHECK_EQ(parse({ "p", "-r", "out.json", "-c", "0-1", "-n", "500", "-w", "7", "--depth", "3" }, options, depth), 0);
  CHECK(options.result_file == "out.json");
  CHECK(options.cpu_list == "0-1");
  CHECK(options.cpus == std::vector<int>({ 0, 1 }));
  CHECK_EQ(options.iterations, 500);
  CHECK_EQ(options.wait_seconds, 7);
  CHECK_EQ(depth, 3);
  CHECK_EQ(options.timed(10000), 500u);

  std::vector<std::pair<std::string, std::string> > labels;
  bgml::add_process_labels(options, labels);
  CHECK(labels.size() == 1 && labels[0].first == "iterationsOverride" && labels[0].second == "500");
}

void defaults()
{
  bgml::ProcessOptions options;
  long depth = 0;
  CHECK_EQ(parse({ "p" }, options, depth), 0);
  CHECK(options.result_file.empty());
  CHECK(options.cpus.empty());
  CHECK_EQ(options.wait_seconds, 30);
  CHECK_EQ(options.timed(10000), 10000u); // the model's count without -n
  std::vector<std::pair<std::string, std::string> > labels;
  bgml::add_process_labels(options, labels);
  CHECK(labels.empty());
  CHECK(bgml::apply_affinity(options)); // nothing to pin
}

void bad_values()
{
  long depth = 0;
  const char* bad_n[] = { "0", "-1", "x", "5x", "", "1000000001", "99999999999999999999" };
  for (std::size_t i = 0; i != sizeof bad_n / sizeof bad_n[0]; ++i) {
    bgml::ProcessOptions options;
    CHECK_EQ(parse({ "p", "-n", bad_n[i] }, options, depth), 'n');
    CHECK_EQ(options.iterations, 0); // a bad value is not taken
  }
  bgml::ProcessOptions options;
  CHECK_EQ(parse({ "p", "-w", "86401" }, options, depth), 'w');
  CHECK_EQ(parse({ "p", "-w", "86400" }, options, depth), 0);
  CHECK_EQ(options.wait_seconds, 86400);
  CHECK_EQ(parse({ "p", "-c", "3-1" }, options, depth), 'c');
  CHECK_EQ(parse({ "p", "-r", "" }, options, depth), 'r');
  CHECK_EQ(parse({ "p", "--depth", "101" }, options, depth), 1000);
  CHECK_EQ(parse({ "p", "-x" }, options, depth), '?');
  CHECK_EQ(parse({ "p", "-n" }, options, depth), ':'); // a missing value, told apart from an unknown flag
  CHECK_EQ(parse({ "p", "-h" }, options, depth), 'h');
}

void result_file_labels()
{
  bgml::ProcessOptions options;
  options.iterations = 40;
  std::vector<std::pair<std::string, std::string> > labels;
  labels.push_back(std::make_pair("transport", "shm"));
  bgml::add_process_labels(options, labels);
  std::unique_ptr<bgml::ResultFile> result = bgml::open_result_file("Sys/client", "fastdds", labels, "loopback");
  CHECK(result->process == "Sys/client");
  CHECK(result->target == "fastdds");
  const std::size_t n = result->labels.size();
  CHECK(n >= 3);
  if (n >= 3) { // after the runtime's own labels, in order: the options, then the configuration
    CHECK(result->labels[n - 3] == std::make_pair(std::string("transport"), std::string("shm")));
    CHECK(result->labels[n - 2] == std::make_pair(std::string("iterationsOverride"), std::string("40")));
    CHECK(result->labels[n - 1] == std::make_pair(std::string("configuration"), std::string("loopback")));
  }
  // Without a configuration there is no such label.
  result = bgml::open_result_file("Sys/client", "fastdds", labels, "");
  for (std::size_t i = 0; i != result->labels.size(); ++i)
    CHECK(result->labels[i].first != "configuration");
}

void a_released_wait_is_no_stop()
{
  bgml::block_stop_signals(); // before the waiting thread starts: it inherits the mask
  int returned = -1;
  std::thread waiter([&returned]() { returned = bgml::wait_for_stop_signal(); });
  std::this_thread::sleep_for(std::chrono::milliseconds(20)); // most likely in sigwait by now; if not, the wake-up waits for it
  bgml::release_stop_wait(waiter.native_handle());
  waiter.join();
  CHECK_EQ(returned, 0);
  CHECK(!bgml::stop_signal_taken());
}

void stop_signals()
{
  CHECK(!bgml::stop_signal_taken());
  bgml::block_stop_signals();
  sigset_t blocked;
  pthread_sigmask(SIG_BLOCK, nullptr, &blocked);
  CHECK(sigismember(&blocked, SIGTERM) == 1);
  CHECK(sigismember(&blocked, SIGINT) == 1);
  // Blocked, the signal waits for sigwait instead of ending the process.
  CHECK_EQ(raise(SIGTERM), 0);
  CHECK_EQ(bgml::wait_for_stop_signal(), SIGTERM);
  CHECK(bgml::stop_signal_taken());
  CHECK_EQ(raise(SIGINT), 0);
  CHECK_EQ(bgml::wait_for_stop_signal(), SIGINT);
}

} // namespace

int main()
{
  shared_flags();
  defaults();
  bad_values();
  result_file_labels();
  a_released_wait_is_no_stop();
  stop_signals();
  return check_exit_code("test_process");
}
