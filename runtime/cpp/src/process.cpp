// bgml/process.cpp: the shared flags and the stop signals of bgml/process.h, compiled once per benchmark build.

#include "bgml/process.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>

#include "bgml/affinity.h"

namespace bgml {

namespace {

volatile std::sig_atomic_t stop_taken = 0;
std::atomic<bool> stop_released(false);

void stop_signals(sigset_t& set)
{
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
}

} // namespace

const char* process_short_flags()
{
  return ":r:c:n:w:h";
}

bool is_process_flag(int flag)
{
  return flag == 'r' || flag == 'c' || flag == 'n' || flag == 'w';
}

bool parse_long(const char* text, long minimum, long maximum, long& value)
{
  char* end = nullptr;
  errno = 0;
  value = std::strtol(text, &end, 10);
  return errno == 0 && end != text && *end == '\0' && value >= minimum && value <= maximum;
}

bool set_process_option(int flag, const char* value, ProcessOptions& options)
{
  long number = 0;
  switch (flag) {
  case 'r':
    options.result_file = value;
    return *value != '\0';
  case 'c':
    options.cpu_list = value;
    return parse_cpu_list(value, options.cpus);
  case 'n':
    if (!parse_long(value, 1, 1000000000L, number))
      return false;
    options.iterations = number;
    return true;
  case 'w':
    if (!parse_long(value, 1, 86400, number))
      return false;
    options.wait_seconds = static_cast<int>(number);
    return true;
  default:
    return false;
  }
}

void print_usage(const char* program, const char* target_flags, const char* wait_for, const char* notes)
{
  std::fprintf(stderr,
               "usage: %s [-r result.json] [-c cpus] [-n iterations] [-w seconds]\n"
               "%s"
               "  -r  result file (JSON)             -c  CPU list to pin to, e.g. 0 or 0-1\n"
               "  -n  timed iterations per metric    -w  seconds to wait for %s (30)\n"
               "%s",
               program, target_flags, wait_for, notes);
}

bool apply_affinity(const ProcessOptions& options)
{
  if (options.cpus.empty())
    return true;
  std::string error;
  if (!set_affinity(options.cpus, &error)) {
    std::fprintf(stderr, "ERROR: cannot pin to CPUs %s: %s\n", options.cpu_list.c_str(), error.c_str());
    return false;
  }
  return true;
}

void add_process_labels(const ProcessOptions& options, std::vector<std::pair<std::string, std::string> >& labels)
{
  if (options.iterations > 0)
    labels.push_back(std::make_pair("iterationsOverride", std::to_string(options.iterations)));
}

void block_stop_signals()
{
  sigset_t set;
  stop_signals(set);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

int wait_for_stop_signal()
{
  sigset_t set;
  stop_signals(set);
  int signal = 0;
  while (sigwait(&set, &signal) != 0) {
  }
  if (stop_released.exchange(false)) // one wake-up per release
    return 0;
  stop_taken = 1;
  return signal;
}

void release_stop_wait(pthread_t waiter)
{
  stop_released.store(true);
  pthread_kill(waiter, SIGTERM); // blocked in every thread: only its sigwait takes it, as a wake-up
}

bool stop_signal_taken()
{
  return stop_taken != 0;
}

} // namespace bgml
