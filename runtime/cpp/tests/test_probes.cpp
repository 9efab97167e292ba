// White-box segments add up to the cycle, and recording does not allocate. Probe tables cut cycles
// assembled from stamps, leave out those out of order, and keep the window of what they recorded.

#include "bgml/pacer.h"
#include "bgml/probes.h"
#include "bgml/timer.h"
#include "alloc_counter.h"
#include "check.h"

#include <cstdint>
#include <string>
#include <vector>

namespace {

void spin_for(std::uint64_t ns)
{
  std::uint64_t start = bgml::now_ns();
  while (bgml::now_ns() - start < ns) {
  }
}

enum { MARSHAL, SEND, WAIT };

std::vector<std::string> segment_names()
{
  std::vector<std::string> names;
  names.push_back("marshal");
  names.push_back("send");
  names.push_back("wait");
  return names;
}

void segments_add_up_to_the_cycle()
{
  const std::size_t warmup = 10;
  const std::size_t cycles = 200;
  bgml::SegmentTimer probes(segment_names(), warmup, cycles);
  bgml::SampleHistory outside(warmup, cycles); // black-box view of the same cycles
  static const bgml::Checkpoint marshalled = { "marshalled", MARSHAL };

  CHECK_EQ(probes.segment_id("send"), 1u);
  CHECK_EQ(probes.segment_id("nope"), 3u);

  unsigned long allocations_before = allocation_count();
  for (std::size_t i = 0; i != warmup + cycles; ++i) {
    std::uint64_t start = bgml::now_ns();
    probes.begin_cycle();
    spin_for(20000);
    probes.checkpoint(marshalled);
    spin_for(50000);
    probes.checkpoint(SEND);
    spin_for(100000);
    probes.checkpoint(WAIT);
    probes.end_cycle();
    outside.record(bgml::now_ns() - start);
  }
  CHECK_EQ(allocation_count(), allocations_before);

  // in every cycle, exactly
  bool exact = true;
  for (std::size_t c = 0; c != cycles; ++c) {
    std::uint64_t sum = 0;
    for (std::size_t s = 0; s != probes.segment_count(); ++s)
      sum += probes.segment_history(s).measured_at(c);
    exact = exact && sum == probes.cycle_history().measured_at(c);
  }
  CHECK(exact);
  CHECK_EQ(probes.cycle_history().measured_count(), cycles);

  // and in the means
  CHECK(probes.sum_error() < 1e-9);
  bgml::Stats marshal = probes.segment_stats(MARSHAL);
  bgml::Stats send = probes.segment_stats(SEND);
  bgml::Stats wait = probes.segment_stats(WAIT);
  bgml::Stats cycle = probes.cycle_stats();
  CHECK(marshal.min >= 20000u);
  CHECK(send.min >= 50000u);
  CHECK(wait.min >= 100000u);
  CHECK(cycle.min >= 170000u);
  CHECK_NEAR(marshal.mean + send.mean + wait.mean, cycle.mean, 1e-6 * cycle.mean);

  std::vector<bgml::Stats> stats;
  stats.push_back(marshal);
  stats.push_back(send);
  stats.push_back(wait);
  CHECK(bgml::segment_sum_error(stats, cycle.mean) < 1e-9);

  // Against the black-box loop around the same cycles: the outside view
  // holds the inside one plus two timestamps. (Medians, because a busy
  // machine may preempt us between the two views.)
  bgml::Stats black_box = bgml::compute_stats(outside.measured());
  double error = probes.sum_error(black_box.mean);
  CHECK_EQ(error, bgml::relative_error(probes.segment_mean_sum(), black_box.mean));
  std::vector<std::uint64_t> overhead;
  bool contains = true;
  for (std::size_t c = 0; c != cycles; ++c) {
    std::uint64_t in = probes.cycle_history().measured_at(c);
    std::uint64_t out = outside.measured_at(c);
    contains = contains && out >= in;
    overhead.push_back(out - in);
  }
  CHECK(contains);
  CHECK(bgml::compute_stats(overhead).p50 < 2000u);
}

void repeated_and_missing_segments()
{
  bgml::SegmentTimer probes(segment_names(), 0, 2);
  probes.begin_cycle();
  spin_for(10000);
  probes.checkpoint(MARSHAL);
  spin_for(10000);
  probes.checkpoint(MARSHAL); // passed twice: gets both intervals
  spin_for(10000);
  probes.checkpoint(WAIT);    // SEND not passed in this cycle
  probes.end_cycle();
  CHECK(probes.segment_history(MARSHAL).measured_at(0) >= 20000u);
  CHECK_EQ(probes.segment_history(SEND).measured_at(0), 0u);
  CHECK_EQ(probes.segment_history(MARSHAL).measured_at(0)
               + probes.segment_history(WAIT).measured_at(0),
           probes.cycle_history().measured_at(0));
}

void timed_loops_do_not_allocate()
{
  bgml::SampleHistory history(100, 1000);
  bgml::Pacer pacer(100000); // 10 kHz
  unsigned long allocations_before = allocation_count();
  for (int i = 0; i != 1100; ++i) {
    std::uint64_t start = bgml::now_ns();
    history.record(bgml::now_ns() - start);
  }
  for (int i = 0; i != 20; ++i) {
    pacer.wait_for_period();
    pacer.call_finished();
  }
  CHECK_EQ(allocation_count(), allocations_before);
  CHECK(history.full());
}

void probe_tables_cut_cycles_from_stamps()
{
  bgml::ProbeTables tables;
  const std::vector<std::string> names = { "send", "dispatch", "upcall" };
  tables.expect(5, "M::path", "M::server::op", "M::I::op", 8, names, 3);
  tables.expect(6, "M::other", "M::server::op", "M::I::op", 8, names, 3);
  const std::uint64_t first[] = { 1000, 1100, 1300, 1600 };
  const std::uint64_t reversed[] = { 2000, 1900, 2300, 2600 }; // another clock
  const std::uint64_t missing[] = { 3000, 3100, 0, 3600 };     // no upcall
  const std::uint64_t second[] = { 4000, 4200, 4300, 4700 };
  tables.record(5, first, 4);
  tables.record(5, reversed, 4);
  tables.record(5, missing, 4);
  tables.record(5, second, 4);
  tables.record(7, first, 4); // no table: ignored
  std::size_t visited = 0;
  tables.each([&visited](const bgml::ProbeTable& t) {
    ++visited;
    if (t.id() == 6) {
      CHECK_EQ(t.cycles(), 0u);
      return;
    }
    CHECK_EQ(t.cycles(), 2u);
    CHECK_EQ(t.disordered(), 2u);
    CHECK_EQ(t.timer().segment_history(0).measured_at(0), 100u);
    CHECK_EQ(t.timer().segment_history(2).measured_at(1), 400u);
    CHECK_EQ(t.timer().cycle_history().measured_at(1), 700u);
    CHECK(t.timer().sum_error() < 1e-9);
    CHECK_EQ(t.first_ns(), 1000u);
    CHECK_EQ(t.last_ns(), 4700u);
  });
  CHECK_EQ(visited, 2u);
}

} // namespace

int main()
{
  segments_add_up_to_the_cycle();
  repeated_and_missing_segments();
  timed_loops_do_not_allocate();
  probe_tables_cut_cycles_from_stamps();
  return check_exit_code("test_probes");
}
