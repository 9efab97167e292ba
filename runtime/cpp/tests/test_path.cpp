// A path's stamps cut the end-to-end time into per-hop segments that add
// up, strays are not counted, and a full stamp stops recording.

#include "bgml/path.h"
#include "alloc_counter.h"
#include "check.h"

#include <cstdint>
#include <string>
#include <vector>

namespace {

enum { TICK_TO_GPS = 7, GPS_ACTIONS = 8, STATUS_TO_DISPLAY = 9, ELSEWHERE = 40 };
const std::uint32_t RATE_GEN = 3;

bgml::PathRecorder recorder(std::size_t warmup, std::size_t cycles)
{
  std::vector<std::uint32_t> ids;
  ids.push_back(TICK_TO_GPS);
  ids.push_back(GPS_ACTIONS);
  ids.push_back(STATUS_TO_DISPLAY);
  std::vector<std::string> names;
  names.push_back("Tick");
  names.push_back("Gps actions");
  names.push_back("Status");
  return bgml::PathRecorder(RATE_GEN, ids, names, warmup, cycles);
}

void hops_add_up_to_the_end_to_end_time()
{
  bgml::PathRecorder paths = recorder(2, 10);
  unsigned long allocations_before = allocation_count();
  for (std::uint64_t i = 0; i != 12; ++i) {
    std::uint64_t t0 = 1000000 * (i + 1);
    bgml::PathStamp s;
    s.begin(RATE_GEN, t0);
    CHECK(s.mark(TICK_TO_GPS, t0 + 30000));
    CHECK(s.mark(GPS_ACTIONS, t0 + 80000 + i));
    CHECK_EQ(s.hops(), 2u);
    CHECK(paths.arrive(s, STATUS_TO_DISPLAY, t0 + 110000 + i));
  }
  CHECK_EQ(allocation_count(), allocations_before);
  CHECK_EQ(paths.arrived(), 12u);
  CHECK_EQ(paths.stray(), 0u);
  const bgml::SegmentTimer& t = paths.timer();
  CHECK_EQ(t.cycle_history().measured_count(), 10u);
  CHECK_EQ(t.segment_history(0).measured_at(0), 30000u);
  CHECK_EQ(t.segment_history(1).measured_at(0), 50002u); // the third stamp, first after warm-up
  CHECK_EQ(t.segment_history(2).measured_at(0), 30000u);
  CHECK_EQ(t.cycle_history().measured_at(0), 110002u);
  CHECK(t.sum_error() < 1e-9);
}

void stamps_from_elsewhere_are_strays()
{
  bgml::PathRecorder paths = recorder(0, 10);
  bgml::PathStamp other;
  other.begin(RATE_GEN + 1, 100);
  CHECK(!paths.arrive(other, STATUS_TO_DISPLAY, 200));
  bgml::PathStamp detour;
  detour.begin(RATE_GEN, 100);
  detour.mark(ELSEWHERE, 150);
  CHECK(!paths.arrive(detour, STATUS_TO_DISPLAY, 200));
  bgml::PathStamp none;
  CHECK(!none.active());
  CHECK(!none.mark(TICK_TO_GPS, 10));
  CHECK(!paths.arrive(none, STATUS_TO_DISPLAY, 200));
  CHECK_EQ(paths.stray(), 3u);
  CHECK_EQ(paths.arrived(), 0u);
}

void a_full_stamp_stops_recording()
{
  bgml::PathStamp s;
  s.begin(RATE_GEN, 0);
  for (std::uint32_t i = 1; i != bgml::PATH_MAX_STAMPS; ++i)
    CHECK(s.mark(TICK_TO_GPS, i));
  CHECK(!s.mark(TICK_TO_GPS, 99));
  CHECK_EQ(s.count, static_cast<std::uint32_t>(bgml::PATH_MAX_STAMPS));
  CHECK_EQ(s.hops(), static_cast<std::uint32_t>(bgml::PATH_MAX_STAMPS - 1));
}

} // namespace

int main()
{
  hops_add_up_to_the_end_to_end_time();
  stamps_from_elsewhere_are_strays();
  a_full_stamp_stops_recording();
  return check_exit_code("test_path");
}
