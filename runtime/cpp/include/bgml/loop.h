// bgml/loop.h: the warm-up and timed loop every generated client runs,
// with optional pacing and a duration; plus sleep_ms() and busy_work().
//
//   bgml::SampleHistory history(spec.warmup, spec.samples);   // allocated first
//   bgml::Pacer pacer(spec.period_ns, spec.deadline_ns);
//   bgml::LoopTimes t = bgml::run_loop(call, history, spec, pacer);
//   m.set_samples(history);
//   m.wall_ns = t.wall_ns();
//
// `call(start_ns)` makes one call; `start_ns` is the time it began, for
// arguments that carry the send time. Warm-up calls go into the history's
// warm-up part, untimed for the statistics, and are not paced unless
// `pace_warmup` says so (then with a pacer of their own). Timed calls run
// after them: around each call two timestamps and one store into memory
// the history allocated before; the choice between paced/unpaced and
// count/duration is made once, outside the loops. Nothing in here
// allocates, locks or dispatches virtually.

#ifndef BGML_LOOP_H
#define BGML_LOOP_H

#include <cstddef>
#include <cstdint>

#include "bgml/pacer.h"
#include "bgml/timer.h"

namespace bgml {

/// Sleeps `ms` milliseconds on CLOCK_MONOTONIC (no sleep for 0).
inline void sleep_ms(std::uint64_t ms)
{
  if (ms != 0)
    sleep_until_ns(now_ns() + ms * 1000000ULL);
}

/// Spins on the CPU for `us` microseconds: the busy-work behaviour.
inline void busy_work(std::uint64_t us)
{
  const std::uint64_t end = now_ns() + us * 1000ULL;
  while (now_ns() < end) {
  }
}

/// What one loop runs.
struct LoopSpec {
  LoopSpec(std::size_t warmup_calls, std::size_t sample_count)
    : warmup(warmup_calls), samples(sample_count), period_ns(0), deadline_ns(0),
      duration_ns(0), pace_warmup(false)
  {
  }

  std::size_t warmup;         // untimed calls first
  std::size_t samples;        // timed calls (with a duration: the history's room)
  std::uint64_t period_ns;    // > 0: one call per period
  std::uint64_t deadline_ns;  // > 0: each call is checked against it (0: the period)
  std::uint64_t duration_ns;  // > 0: timed calls run this long instead of `samples` times
  bool pace_warmup;           // warm-up calls paced too (with their own pacer)

  /// Whether the timed calls go through the pacer.
  bool paced() const { return period_ns != 0 || deadline_ns != 0; }
};

/// When the timed calls began and ended (after the warm-up).
struct LoopTimes {
  std::uint64_t begin_ns;
  std::uint64_t end_ns;

  std::uint64_t wall_ns() const { return end_ns - begin_ns; }
};

/// The warm-up calls of `spec`, recorded into the history's warm-up part.
template <class Call>
void warm_up(Call& call, SampleHistory& history, const LoopSpec& spec)
{
  if (spec.pace_warmup && spec.paced()) {
    Pacer pacer(spec.period_ns, spec.deadline_ns);
    for (std::size_t i = 0; i != spec.warmup; ++i) {
      const std::uint64_t start = pacer.wait_for_period();
      call(start);
      const std::uint64_t end = now_ns();
      history.record(end - start);
      pacer.call_finished(end);
    }
    return;
  }
  for (std::size_t i = 0; i != spec.warmup; ++i) {
    const std::uint64_t start = now_ns();
    call(start);
    history.record(now_ns() - start);
  }
}

/// The timed calls of `spec`. A paced loop starts `pacer` (built with the
/// spec's period and deadline) and leaves its missed and skipped counts in it.
template <class Call>
LoopTimes timed_calls(Call& call, SampleHistory& history, const LoopSpec& spec, Pacer& pacer)
{
  LoopTimes t;
  t.begin_ns = now_ns();
  const std::uint64_t stop = spec.duration_ns != 0 ? t.begin_ns + spec.duration_ns : 0;
  if (spec.paced()) {
    pacer.start();
    for (std::size_t i = 0; stop != 0 || i != spec.samples; ++i) {
      const std::uint64_t start = pacer.wait_for_period();
      if (stop != 0 && start >= stop)
        break;
      call(start);
      const std::uint64_t end = now_ns();
      history.record(end - start);
      pacer.call_finished(end);
    }
  } else if (stop != 0) {
    std::uint64_t start;
    while ((start = now_ns()) < stop) {
      call(start);
      history.record(now_ns() - start);
    }
  } else {
    for (std::size_t i = 0; i != spec.samples; ++i) {
      const std::uint64_t start = now_ns();
      call(start);
      history.record(now_ns() - start);
    }
  }
  t.end_ns = now_ns();
  return t;
}

/// Warm-up, then the timed calls.
template <class Call>
LoopTimes run_loop(Call& call, SampleHistory& history, const LoopSpec& spec, Pacer& pacer)
{
  warm_up(call, history, spec);
  return timed_calls(call, history, spec, pacer);
}

} // namespace bgml

#endif // BGML_LOOP_H
