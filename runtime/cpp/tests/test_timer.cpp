// Timestamps, preallocated histories, per-thread histories, probe cost.

#include "bgml/timer.h"
#include "check.h"

#include <cstdint>
#include <thread>
#include <time.h>
#include <vector>

namespace {

void clock_is_monotonic()
{
  std::uint64_t previous = bgml::now_ns();
  bool ordered = true;
  for (int i = 0; i != 100000; ++i) {
    std::uint64_t t = bgml::now_ns();
    ordered = ordered && t >= previous;
    previous = t;
  }
  CHECK(ordered);

  std::uint64_t before = bgml::now_ns();
  struct timespec two_ms = { 0, 2000000 };
  nanosleep(&two_ms, 0);
  std::uint64_t slept = bgml::now_ns() - before;
  CHECK(slept >= 2000000u);
  CHECK(slept < 1000000000u);
}

void history_keeps_warmup_apart()
{
  bgml::SampleHistory h(3, 5);
  CHECK_EQ(h.capacity(), 8u);
  CHECK_EQ(h.measured_count(), 0u);
  h.record(100);
  h.record(101);
  CHECK_EQ(h.measured_count(), 0u); // still warming up
  for (std::uint64_t v = 2; v != 10; ++v)
    h.record(100 + v);
  CHECK(h.full());
  CHECK_EQ(h.recorded(), 8u);
  CHECK_EQ(h.dropped(), 2u);
  std::vector<std::uint64_t> m = h.measured();
  CHECK_EQ(m.size(), 5u);
  for (std::size_t i = 0; i != m.size(); ++i) {
    CHECK_EQ(m[i], 103u + i);
    CHECK_EQ(h.measured_at(i), 103u + i);
  }
  h.reset();
  CHECK_EQ(h.recorded(), 0u);
  CHECK_EQ(h.dropped(), 0u);
  CHECK_EQ(h.capacity(), 8u);
}

void worker(bgml::SampleHistory* history, std::uint64_t base)
{
  while (!history->full())
    history->record(base + history->recorded());
}

void threads_record_into_their_own_history()
{
  const std::size_t threads = 4;
  bgml::ThreadHistories histories(threads, 10, 1000);
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t != threads; ++t)
    pool.push_back(std::thread(worker, &histories.at(t), 1000000u * t));
  for (std::size_t t = 0; t != threads; ++t)
    pool[t].join();

  CHECK_EQ(histories.threads(), threads);
  CHECK_EQ(histories.dropped(), 0u);
  CHECK_EQ(histories.measured_count(), 4000u);
  std::vector<std::uint64_t> merged = histories.merged();
  CHECK_EQ(merged.size(), 4000u);
  // thread t's samples are t*1e6 + 10 .. t*1e6 + 1009, thread 0 first
  bool in_order = true;
  for (std::size_t i = 0; i != merged.size(); ++i)
    in_order = in_order && merged[i] == 1000000u * (i / 1000) + 10 + i % 1000;
  CHECK(in_order);
}

void probe_cost_is_measured()
{
  bgml::ProbeCost c = bgml::measure_probe_cost(4000);
  CHECK_EQ(c.pairs, 4000u);
  CHECK(c.min_ns <= c.median_ns);
  CHECK(c.mean_ns >= static_cast<double>(c.min_ns));
  CHECK(c.median_ns < 10000u); // a timestamp pair is tens of ns, not 10 us
  bgml::ProbeCost none = bgml::measure_probe_cost(0);
  CHECK_EQ(none.median_ns, 0u);
}

} // namespace

int main()
{
  clock_is_monotonic();
  history_keeps_warmup_apart();
  threads_record_into_their_own_history();
  probe_cost_is_measured();
  return check_exit_code("test_timer");
}
