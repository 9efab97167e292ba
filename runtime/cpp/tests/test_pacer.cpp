// The pacer keeps an absolute schedule and counts missed deadlines.
//
// The machine may be busy (two vCPUs shared with builds), so a release
// can be late by more than a period. The tests therefore check each
// call against an oracle computed here -- did it end after the deadline
// the pacer announced? -- and require the deliberately slow calls to
// miss. The counting rules themselves are checked exactly with given
// end times.

#include "bgml/pacer.h"
#include "check.h"

#include <cstdint>
#include <time.h>

namespace {

const std::uint64_t ms = 1000000;

void sleep_ns(std::uint64_t ns)
{
  struct timespec ts = { static_cast<time_t>(ns / 1000000000ULL),
                         static_cast<long>(ns % 1000000000ULL) };
  nanosleep(&ts, 0);
}

void rate_conversion()
{
  CHECK_EQ(bgml::period_from_hz(1000.0), 1000000u);
  CHECK_EQ(bgml::period_from_hz(3.0), 333333333u);
  CHECK_EQ(bgml::period_from_hz(0.0), 0u);
}

void counting_rules_with_given_end_times()
{
  const std::uint64_t p = 10 * ms;
  bgml::Pacer pacer(p);
  pacer.start();
  std::uint64_t t0 = pacer.period_start();

  CHECK(!pacer.call_finished(t0 + 1 * ms));       // period 0, on time
  CHECK_EQ(pacer.period_start(), t0 + p);
  CHECK(!pacer.call_finished(t0 + 2 * p));        // period 1, exactly at its deadline
  CHECK(pacer.call_finished(t0 + 3 * p + 5 * ms)); // period 2 ends 5 ms late
  CHECK_EQ(pacer.period_start(), t0 + 3 * p);     // period 3 is still running: no skip
  CHECK(pacer.call_finished(t0 + 6 * p + 1));     // period 3 runs into period 6
  CHECK_EQ(pacer.skipped(), 2u);                  // periods 4 and 5 got no call
  CHECK_EQ(pacer.period_start(), t0 + 6 * p);
  CHECK_EQ(pacer.deadline(), t0 + 7 * p);
  CHECK(!pacer.call_finished(t0 + 6 * p + 3 * ms));
  CHECK_EQ(pacer.calls(), 5u);
  CHECK_EQ(pacer.missed(), 2u);

  bgml::Pacer short_deadline(p, 2 * ms);
  short_deadline.start();
  std::uint64_t s0 = short_deadline.period_start();
  CHECK(!short_deadline.call_finished(s0 + 2 * ms));
  CHECK(short_deadline.call_finished(s0 + p + 2 * ms + 1));
  CHECK_EQ(short_deadline.skipped(), 0u);
}

// Runs `calls` paced calls; calls slow_a and slow_b sleep `slow_ns`.
// Returns false if any call's verdict differs from the oracle or a slow
// call was not reported as missed.
bool paced_run(bgml::Pacer& pacer, int calls, int slow_a, int slow_b, std::uint64_t slow_ns,
               std::uint64_t& first_release, std::uint64_t& last_release)
{
  bool agrees = true;
  std::uint64_t oracle_missed = 0;
  pacer.start();
  for (int i = 0; i != calls; ++i) {
    std::uint64_t begin = pacer.wait_for_period();
    agrees = agrees && begin >= pacer.period_start(); // never released early
    if (i == 0)
      first_release = begin;
    last_release = begin;
    if (i == slow_a || i == slow_b)
      sleep_ns(slow_ns);
    std::uint64_t deadline = pacer.deadline();
    std::uint64_t end = bgml::now_ns();
    bool missed = pacer.call_finished(end);
    agrees = agrees && missed == (end > deadline);
    if (i == slow_a || i == slow_b)
      agrees = agrees && missed;
    oracle_missed += end > deadline ? 1 : 0;
  }
  return agrees && pacer.missed() == oracle_missed;
}

void fast_calls_follow_the_schedule()
{
  bgml::Pacer pacer(5 * ms);
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  CHECK(paced_run(pacer, 10, -1, -1, 0, first, last));
  CHECK_EQ(pacer.calls(), 10u);
  // ten releases span at least nine periods of the absolute schedule
  CHECK(last - first >= 9 * 5 * ms - 1 * ms);
  if (pacer.missed() != 0)
    std::printf("note: %lu of 10 fast calls were late (busy machine)\n",
                static_cast<unsigned long>(pacer.missed()));
}

void slow_calls_miss_their_deadlines()
{
  // Period 10 ms; calls 3 and 8 take 25 ms, so both miss.
  bgml::Pacer pacer(10 * ms);
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  CHECK(paced_run(pacer, 12, 3, 8, 25 * ms, first, last));
  CHECK_EQ(pacer.calls(), 12u);
  CHECK(pacer.missed() >= 2u);
  CHECK(pacer.skipped() >= 2u); // each slow call ran through a whole period
}

void deadline_shorter_than_period()
{
  bgml::Pacer pacer(10 * ms, 2 * ms);
  CHECK_EQ(pacer.deadline_ns(), 2 * ms);
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  CHECK(paced_run(pacer, 4, 1, -1, 4 * ms, first, last)); // 4 ms: late for 2 ms
  CHECK(pacer.missed() >= 1u);
}

void unpaced_calls_with_a_deadline()
{
  // no pacing: calls run back to back, each with 1 ms from its start
  bgml::Pacer pacer(0, 1 * ms);
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  CHECK(paced_run(pacer, 5, 4, -1, 3 * ms, first, last));
  CHECK(pacer.missed() >= 1u);
  CHECK_EQ(pacer.skipped(), 0u);

  bgml::Pacer no_deadline(0);
  no_deadline.wait_for_period();
  sleep_ns(1 * ms);
  CHECK(!no_deadline.call_finished());
}

void spinning_release()
{
  bgml::Pacer pacer(2 * ms, 0, 200000);
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  CHECK(paced_run(pacer, 5, -1, -1, 0, first, last));
  CHECK(last - first >= 4 * 2 * ms - ms / 10); // period 0 starts just before its release
}

} // namespace

int main()
{
  rate_conversion();
  counting_rules_with_given_end_times();
  fast_calls_follow_the_schedule();
  slow_calls_miss_their_deadlines();
  deadline_shorter_than_period();
  unpaced_calls_with_a_deadline();
  spinning_release();
  return check_exit_code("test_pacer");
}
