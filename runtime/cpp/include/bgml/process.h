// bgml/process.h: what every generated process of a target with a runtime library does the same way: the
// shared flags of its command line (-r -c -n -w -h), pinning to CPUs, and being stopped by SIGTERM or SIGINT.
// Each target parses its own middleware flags around these (ACE_Get_Opt on ace, getopt_long on fastdds):
//
//   bgml::ProcessOptions options;                    // or a target struct deriving from it
//   while ((c = getopt_long(argc, argv, bgml::process_short_flags(), ...)) != -1) {
//     if (bgml::is_process_flag(c)) ok = bgml::set_process_option(c, optarg, options);
//     ...
//   }
//   if (!bgml::apply_affinity(options)) return 1;
//
// Declarations only: the definitions are in src/process.cpp, compiled once per benchmark build.

#ifndef BGML_PROCESS_H
#define BGML_PROCESS_H

#include <pthread.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace bgml {

/// The flags every process shares.
struct ProcessOptions {
  std::string result_file;  // -r
  std::vector<int> cpus;    // -c, empty: unpinned
  std::string cpu_list;     // -c as given
  long iterations = 0;      // -n, 0: the model's counts
  int wait_seconds = 30;    // -w, the limit for peers to appear

  /// Timed iterations of a metric: -n if given, else the model's count.
  std::size_t timed(std::size_t model_count) const
  {
    return iterations > 0 ? static_cast<std::size_t>(iterations) : model_count;
  }
};

/// The shared short flags in getopt's notation, led by ':' so that a missing value is told apart from an
/// unknown flag: ":r:c:n:w:h".
const char* process_short_flags();

/// Whether `flag` (as getopt returns it) is one of -r -c -n -w.
bool is_process_flag(int flag);

/// Takes `value` of the shared flag `flag` into `options`. False when the value is bad: -c not a CPU list,
/// -n not in 1..1,000,000,000, -w not in 1..86,400.
bool set_process_option(int flag, const char* value, ProcessOptions& options);

/// A whole decimal number in [minimum, maximum], nothing else around it.
bool parse_long(const char* text, long minimum, long maximum, long& value);

/// Prints the usage to stderr: the shared flags, then `target_flags` (lines of the target's own flags, may
/// be empty), the explanation of the shared flags with what -w waits for, and `notes` (may be empty).
void print_usage(const char* program, const char* target_flags, const char* wait_for, const char* notes);

/// Pins the process to options.cpus, if any; prints "ERROR: cannot pin ..." and returns false on failure.
bool apply_affinity(const ProcessOptions& options);

/// The label "iterationsOverride" when -n was given.
void add_process_labels(const ProcessOptions& options, std::vector<std::pair<std::string, std::string> >& labels);

/// Blocks SIGTERM and SIGINT in the calling thread and in every thread it starts afterwards (call it before
/// any thread starts), so that only wait_for_stop_signal() takes them.
void block_stop_signals();

/// Waits for SIGTERM or SIGINT (blocked by block_stop_signals()); returns which, or 0 when
/// release_stop_wait() woke it.
int wait_for_stop_signal();

/// Wakes `waiter`, a thread blocked in wait_for_stop_signal(), without a stop: it returns 0 and
/// stop_signal_taken() stays false. For a process that ends by itself and joins its waiting thread.
void release_stop_wait(pthread_t waiter);

/// Whether wait_for_stop_signal() has returned: the process is being stopped.
bool stop_signal_taken();

} // namespace bgml

#endif // BGML_PROCESS_H
