// bgml/metric_loop.h: one metric of one connection as a generated client measures it (the loop of
// bgml/loop.h once per payload size, one measurement each), and the start line of several calling threads.
//
//   const bgml::MetricLoop latency = { "latency", "Latency", "RoundTrip::Latency", "RoundTrip::conn",
//                                      "Test::RoundTrip::ping", nullptr, 100, 10000, { 0 }, 8,
//                                      0.0, 0.0, 0, 0, 0 };
//   bgml::run_metric_loop(latency, 10000, result, fill, call);   // fill(payload), call(start_ns)
//
//   bgml::LoopTimes t = bgml::run_threads(4, [&](std::size_t t, bgml::ThreadStartLine& line, bool& arrived) {
//     ... warm-up ...; arrived = true; line.arrive(); ... timed calls ...
//   });
//
// The loops are templates and stay here; what is not (the start line, the reporting of bgml/report.h) is
// compiled once per benchmark build from src/metric_loop.cpp and src/report.cpp.

#ifndef BGML_METRIC_LOOP_H
#define BGML_METRIC_LOOP_H

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bgml/footprint.h"
#include "bgml/loop.h"
#include "bgml/pacer.h"
#include "bgml/report.h"
#include "bgml/result_writer.h"
#include "bgml/timer.h"

namespace bgml {

/// Lets the timed loops of every calling thread start together, once all have warmed up.
class ThreadStartLine {
public:
  explicit ThreadStartLine(std::size_t threads) : waiting_(threads), start_ns_(0) {}

  /// Called by each thread after its warm-up; returns when all have arrived (src/metric_loop.cpp).
  void arrive();

  /// Also releases the others when a thread fails before arriving.
  void abandon() { arrive(); }

  std::uint64_t start_ns() const { return start_ns_; }

private:
  std::mutex mutex_;
  std::condition_variable all_;
  std::size_t waiting_;
  std::uint64_t start_ns_;
};

/// Runs body(t, start_line, arrived) on `threads` threads and joins them; the body sets `arrived` before
/// it calls start_line.arrive(). Returns the timed part: from the moment every thread had warmed up to the
/// moment the last one finished; rethrows the first failure (by thread index).
template <class Body>
LoopTimes run_threads(std::size_t threads, Body body)
{
  ThreadStartLine start_line(threads);
  std::vector<std::exception_ptr> failures(threads);
  std::vector<std::thread> workers;
  for (std::size_t t = 0; t != threads; ++t) {
    workers.emplace_back([&, t] {
      bool arrived = false;
      try {
        body(t, start_line, arrived);
      } catch (...) {
        failures[t] = std::current_exception();
        if (!arrived)
          start_line.abandon();
      }
    });
  }
  for (std::size_t t = 0; t != threads; ++t)
    workers[t].join();
  const LoopTimes times = { start_line.start_ns(), now_ns() };
  for (std::size_t t = 0; t != threads; ++t) {
    if (failures[t])
      std::rethrow_exception(failures[t]);
  }
  return times;
}

/// One metric of one connection, as the model gives it: what run_metric_loop() measures and how it labels it.
struct MetricLoop {
  const char* kind;                  // "latency", "throughput", "jitter", "missedDeadlines", "contextSwitch", ...
  const char* name;                  // the metric's name: the console label
  const char* metric;                // element path of the metric
  const char* element;               // element path of the connection
  const char* operation;             // element path of the operation (or of the event type)
  const char* segment;               // nullptr, or the segment timed ("send" at an event supplier)
  std::size_t warmup;                // untimed calls first
  std::size_t iterations;            // timed calls (the model's; see run_metric_loop); with a duration: the history's room
  std::vector<std::size_t> payloads; // one measurement per payload size
  std::int64_t fixed_payload;        // bytes sent when the payload size is 0: the fixed wire size
  double rate_hz;                    // > 0: calls are paced at this rate
  double deadline_us;                // > 0: calls are paced and checked against this deadline
  unsigned long duration_ms;         // > 0: the timed calls run this long instead of `iterations` times
  unsigned pre_delay_ms;             // sleep before the first call
  unsigned post_delay_ms;            // sleep after the last one
};

/// The single-threaded loop of one metric, for each payload size: fill(payload) sizes the arguments,
/// `warmup` untimed calls, then `timed` calls (the process's -n, else loop.iterations) into a
/// preallocated history (paced when the metric has a rate or a deadline; for the metric's duration when it
/// has one, storing the samples the history has room for), both run by bgml/loop.h; call(start) makes one
/// call, `start` being the time it began (for arguments that carry the send time). Each payload size gives
/// one measurement in `result`; a contextSwitch metric also its voluntary and involuntary parts.
template <class Fill, class Call>
void run_metric_loop(const MetricLoop& loop, std::size_t timed, ResultFile& result, Fill fill, Call call)
{
  LoopSpec spec(loop.warmup, timed);
  spec.period_ns = period_from_hz(loop.rate_hz);
  spec.deadline_ns = static_cast<std::uint64_t>(loop.deadline_us * 1000 + 0.5);
  spec.duration_ns = static_cast<std::uint64_t>(loop.duration_ms) * 1000000ULL;
  SampleHistory history(spec.warmup, spec.samples);
  sleep_ms(loop.pre_delay_ms);
  for (std::size_t p = 0; p != loop.payloads.size(); ++p) {
    const std::size_t payload = loop.payloads[p];
    fill(payload);
    history.reset();
    warm_up(call, history, spec);
    Pacer pacer(spec.period_ns, spec.deadline_ns);
    const ContextSwitches switches = process_context_switches();
    const LoopTimes times = timed_calls(call, history, spec, pacer);

    Measurement m(loop.kind, loop.metric, loop.element);
    m.operation = loop.operation;
    if (loop.segment != nullptr)
      m.segment = loop.segment;
    m.payload_bytes = payload != 0 ? static_cast<std::int64_t>(payload) : loop.fixed_payload;
    if (spec.paced())
      m.set_pacer(pacer);
    m.set_window(times.begin_ns, times.end_ns);
    const bool switched = std::string(loop.kind) == "contextSwitch";
    const ContextSwitches after = process_context_switches();
    const std::size_t calls = history.measured_count() + history.dropped(); // a duration decides how many
    if (switched && calls != 0) // the whole process (every thread), per timed call
      m.value = static_cast<double>(after.total() - switches.total()) / static_cast<double>(calls);
    report(result, m, history, times.wall_ns(),
           loop.payloads.size() > 1 ? std::string(loop.name) + " " + std::to_string(payload) + " B" : std::string(loop.name));
    if (switched)
      report_switches(result, m, after.voluntary - switches.voluntary, after.involuntary - switches.involuntary,
                      calls);
  }
  sleep_ms(loop.post_delay_ms);
}

} // namespace bgml

#endif // BGML_METRIC_LOOP_H
