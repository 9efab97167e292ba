// The shared warm-up and timed loop: counts, warm-up kept apart, pacing,
// duration, and no allocation once the history exists.

#include "alloc_counter.h"
#include "bgml/loop.h"
#include "check.h"

#include <cstdint>

namespace {

const std::uint64_t ms = 1000000;

/// A call that remembers the start times it was given and spins a little.
struct Recorder {
  Recorder() : calls(0), last_start(0), spin_us(0) {}
  void operator()(std::uint64_t start)
  {
    ++calls;
    CHECK(start >= last_start);
    last_start = start;
    if (spin_us != 0)
      bgml::busy_work(spin_us);
  }
  std::size_t calls;
  std::uint64_t last_start;
  std::uint64_t spin_us;
};

void count_driven_loop_keeps_the_warm_up_apart()
{
  bgml::LoopSpec spec(5, 100);
  bgml::SampleHistory history(spec.warmup, spec.samples, false);
  bgml::Pacer pacer(spec.period_ns, spec.deadline_ns);
  Recorder call;
  const std::uint64_t before = bgml::now_ns();
  bgml::LoopTimes t = bgml::run_loop(call, history, spec, pacer);
  CHECK_EQ(call.calls, 105u);
  CHECK_EQ(history.recorded(), 105u);
  CHECK_EQ(history.measured_count(), 100u);
  CHECK_EQ(history.dropped(), 0u);
  CHECK(t.begin_ns >= before);
  CHECK(t.end_ns >= t.begin_ns);
  CHECK(!spec.paced());
  CHECK_EQ(pacer.calls(), 0u); // an unpaced loop leaves the pacer alone
}

void timed_loop_does_not_allocate()
{
  bgml::LoopSpec spec(10, 10000);
  bgml::SampleHistory history(spec.warmup, spec.samples, false);
  bgml::Pacer pacer(spec.period_ns, spec.deadline_ns);
  Recorder call;
  const unsigned long before = allocation_count();
  bgml::run_loop(call, history, spec, pacer);
  CHECK_EQ(allocation_count(), before);

  bgml::LoopSpec paced(10, 50);
  paced.period_ns = 100000; // 10 kHz
  paced.pace_warmup = true;
  bgml::SampleHistory paced_history(paced.warmup, paced.samples, false);
  bgml::Pacer paced_pacer(paced.period_ns, paced.deadline_ns);
  const unsigned long paced_before = allocation_count();
  bgml::run_loop(call, paced_history, paced, paced_pacer);
  CHECK_EQ(allocation_count(), paced_before);
}

void paced_loop_keeps_the_rate_and_counts_misses()
{
  // 50 calls at 1 kHz take at least 49 periods.
  bgml::LoopSpec spec(3, 50);
  spec.period_ns = 1 * ms;
  bgml::SampleHistory history(spec.warmup, spec.samples, false);
  bgml::Pacer pacer(spec.period_ns, spec.deadline_ns);
  Recorder call;
  bgml::LoopTimes t = bgml::run_loop(call, history, spec, pacer);
  CHECK_EQ(call.calls, 53u);
  CHECK_EQ(pacer.calls(), 50u); // warm-up not paced: the pacer saw only the timed calls
  CHECK(t.wall_ns() >= 49 * ms);
  CHECK_EQ(history.measured_count(), 50u);

  // A deadline of 50 us with calls of 300 us: every timed call misses.
  bgml::LoopSpec late(0, 20);
  late.period_ns = 1 * ms;
  late.deadline_ns = 50000;
  bgml::SampleHistory late_history(late.warmup, late.samples, false);
  bgml::Pacer late_pacer(late.period_ns, late.deadline_ns);
  Recorder slow;
  slow.spin_us = 300;
  bgml::run_loop(slow, late_history, late, late_pacer);
  CHECK_EQ(late_pacer.missed(), 20u);
  CHECK_EQ(late_history.measured_count(), 20u);
  for (std::size_t i = 0; i != late_history.measured_count(); ++i)
    CHECK(late_history.measured_at(i) >= 300000u);
}

void deadline_alone_paces_without_a_rate()
{
  bgml::LoopSpec spec(0, 10);
  spec.deadline_ns = 100000;
  CHECK(spec.paced());
  bgml::SampleHistory history(spec.warmup, spec.samples, false);
  bgml::Pacer pacer(spec.period_ns, spec.deadline_ns);
  Recorder slow;
  slow.spin_us = 200;
  bgml::run_loop(slow, history, spec, pacer);
  CHECK_EQ(pacer.calls(), 10u);
  CHECK_EQ(pacer.missed(), 10u);
}

void paced_warm_up_uses_its_own_pacer()
{
  bgml::LoopSpec spec(20, 5);
  spec.period_ns = 1 * ms;
  spec.pace_warmup = true;
  bgml::SampleHistory history(spec.warmup, spec.samples, false);
  bgml::Pacer pacer(spec.period_ns, spec.deadline_ns);
  Recorder call;
  const std::uint64_t before = bgml::now_ns();
  bgml::LoopTimes t = bgml::run_loop(call, history, spec, pacer);
  CHECK(t.begin_ns - before >= 19 * ms); // 20 paced warm-up calls span 19 periods
  CHECK_EQ(pacer.calls(), 5u);
  CHECK_EQ(history.measured_count(), 5u);
}

void duration_runs_instead_of_a_count()
{
  // Room for 1,000,000 samples, 20 ms of calls of about 100 us: far fewer
  // calls than the count, and the loop ends near the duration.
  bgml::LoopSpec spec(2, 1000000);
  spec.duration_ns = 20 * ms;
  bgml::SampleHistory history(spec.warmup, spec.samples, false);
  bgml::Pacer pacer(spec.period_ns, spec.deadline_ns);
  Recorder call;
  call.spin_us = 100;
  bgml::LoopTimes t = bgml::run_loop(call, history, spec, pacer);
  CHECK(t.wall_ns() >= 20 * ms);
  CHECK(history.measured_count() >= 10u);
  CHECK(history.measured_count() <= 201u);

  // More calls than the room: the loop still runs its duration; the
  // extra samples are counted as dropped.
  bgml::LoopSpec small(0, 5);
  small.duration_ns = 5 * ms;
  bgml::SampleHistory small_history(small.warmup, small.samples, false);
  bgml::Pacer small_pacer(small.period_ns, small.deadline_ns);
  Recorder quick;
  quick.spin_us = 100;
  bgml::LoopTimes s = bgml::run_loop(quick, small_history, small, small_pacer);
  CHECK(s.wall_ns() >= 5 * ms);
  CHECK_EQ(small_history.measured_count(), 5u);
  CHECK(small_history.dropped() > 0u);
  CHECK_EQ(quick.calls, small_history.measured_count() + small_history.dropped());

  // Paced and bounded by a duration: 10 ms at 1 kHz is about 10 calls.
  bgml::LoopSpec paced(0, 1000);
  paced.period_ns = 1 * ms;
  paced.duration_ns = 10 * ms;
  bgml::SampleHistory paced_history(paced.warmup, paced.samples, false);
  bgml::Pacer paced_pacer(paced.period_ns, paced.deadline_ns);
  Recorder tick;
  bgml::run_loop(tick, paced_history, paced, paced_pacer);
  CHECK(tick.calls >= 1u);
  CHECK(tick.calls <= 11u);
}

void sleep_and_busy_work_take_their_time()
{
  std::uint64_t start = bgml::now_ns();
  bgml::sleep_ms(0);
  bgml::busy_work(0);
  CHECK(bgml::now_ns() - start < 5 * ms);
  start = bgml::now_ns();
  bgml::sleep_ms(15);
  CHECK(bgml::now_ns() - start >= 15 * ms);
  start = bgml::now_ns();
  bgml::busy_work(2000);
  CHECK(bgml::now_ns() - start >= 2 * ms);
}

} // namespace

int main()
{
  count_driven_loop_keeps_the_warm_up_apart();
  timed_loop_does_not_allocate();
  paced_loop_keeps_the_rate_and_counts_misses();
  deadline_alone_paces_without_a_rate();
  paced_warm_up_uses_its_own_pacer();
  duration_runs_instead_of_a_count();
  sleep_and_busy_work_take_their_time();
  return check_exit_code("test_loop");
}
