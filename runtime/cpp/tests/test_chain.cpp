// A port's actions pass the stamp of what arrived on, marked at the arrival and at the send; hop limits
// stop them; a failed send is counted, not thrown; paths that end at the port are recorded with their
// window; the thread's context hands stamps between a transport, an upcall and the calls it makes; a
// stamp survives its form as 64-bit values.

#include "bgml/chain.h"
#include "check.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

enum { TICK = 7, GPS_ACTIONS = 8, TO_DISPLAY = 9 };
const std::uint32_t RATE_GEN = 3;

bgml::PathStamp ticked(std::uint64_t t0)
{
  bgml::PathStamp s;
  s.begin(RATE_GEN, t0);
  return s;
}

void actions_mark_the_arrival_and_the_send()
{
  bgml::PortChain chain("M::gps::tick", GPS_ACTIONS);
  std::vector<bgml::PathStamp> sent;
  chain.add_busy_work(1, 0);
  chain.add_send([&sent](const bgml::PathStamp& s) { sent.push_back(s); }, 0);
  chain.add_send([&sent](const bgml::PathStamp& s) { sent.push_back(s); }, 1); // one hop: the arrival's own
  chain.arrive(ticked(1000), TICK, 5000);
  CHECK_EQ(chain.arrivals(), 1u);
  CHECK_EQ(sent.size(), 1u);
  const bgml::PathStamp& s = sent[0];
  CHECK_EQ(s.count, 3u);
  CHECK_EQ(s.segment[1], static_cast<std::uint32_t>(TICK));
  CHECK_EQ(s.at_ns[1], 5000u);
  CHECK_EQ(s.segment[2], static_cast<std::uint32_t>(GPS_ACTIONS));
  CHECK(s.at_ns[2] >= 5000u);

  // On no path: the actions run and send an inactive stamp.
  chain.arrive(bgml::Arrival());
  CHECK_EQ(sent.size(), 3u);
  CHECK(!sent[1].active());
  CHECK(!sent[2].active());
}

void a_failed_send_is_counted()
{
  bgml::PortChain chain("M::gps::tick", 0);
  int after = 0;
  chain.add_send([](const bgml::PathStamp&) { throw std::runtime_error("peer gone"); }, 0);
  chain.add_send([&after](const bgml::PathStamp&) { ++after; }, 0);
  chain.arrive(ticked(10), TICK, 20);
  chain.arrive(ticked(30), TICK, 40);
  CHECK_EQ(chain.failed_sends(), 2u);
  CHECK_EQ(after, 2); // the actions after a failed one still run
}

void paths_ending_at_the_port_are_recorded_with_their_window()
{
  bgml::PortChain chain("M::display::status", 0);
  chain.add_path("M::latency", RATE_GEN, { TICK, GPS_ACTIONS, TO_DISPLAY }, { "tick", "gps", "status" }, 1, 4);
  for (std::uint64_t i = 0; i != 5; ++i) {
    bgml::PathStamp s = ticked(1000 * (i + 1));
    s.mark(TICK, 1000 * (i + 1) + 100);
    s.mark(GPS_ACTIONS, 1000 * (i + 1) + 300);
    chain.arrive(s, TO_DISPLAY, 1000 * (i + 1) + 600);
  }
  bgml::PathStamp other;
  other.begin(RATE_GEN + 1, 1);
  chain.arrive(other, TO_DISPLAY, 2);
  std::vector<bgml::Measurement> ms = chain.measurements();
  CHECK_EQ(ms.size(), 4u); // three segments and the end-to-end time
  CHECK(ms[0].segment == "tick");
  CHECK_EQ(ms[0].stats.n, 4u);
  CHECK_EQ(ms[0].stats.mean, 100.0);
  CHECK_EQ(ms[1].stats.mean, 200.0);
  CHECK_EQ(ms[2].stats.mean, 300.0);
  CHECK(ms[3].segment.empty());
  CHECK_EQ(ms[3].stats.mean, 600.0);
  CHECK(ms[3].element == "M::display::status");
  CHECK(ms[3].kind == "pathLatency");

  bgml::ResultFile result("M::displayProcess", "test");
  chain.report(result);
  bool stray_label = false;
  for (std::size_t i = 0; i != result.labels.size(); ++i)
    if (result.labels[i].first == "strayArrivals M::latency")
      stray_label = result.labels[i].second == "1";
  CHECK(stray_label);
}

void the_context_hands_stamps_from_transport_to_upcall_to_call()
{
  // A request arrived with a stamp (as a transport puts it): the upcall takes it once.
  bgml::path_context().incoming = ticked(100);
  bgml::path_context().incoming_closes = TICK;
  bgml::Arrival a = bgml::take_arrival();
  CHECK(a.stamp.active());
  CHECK_EQ(a.closes, static_cast<std::uint32_t>(TICK));
  CHECK(!bgml::take_arrival().stamp.active());

  // A call the actions make carries it on; a collocated callee in this thread sees it.
  {
    bgml::CallScope scope(a, GPS_ACTIONS, TO_DISPLAY);
    bgml::Arrival nested = bgml::take_arrival();
    CHECK_EQ(nested.closes, static_cast<std::uint32_t>(TO_DISPLAY));
    CHECK_EQ(nested.stamp.count, 3u);
    CHECK_EQ(nested.stamp.segment[1], static_cast<std::uint32_t>(TICK));
    CHECK_EQ(nested.stamp.segment[2], static_cast<std::uint32_t>(GPS_ACTIONS));
    {
      bgml::CallScope origin(ticked(5), TICK);
      CHECK_EQ(bgml::path_context().outgoing.count, 1u);
    }
    CHECK_EQ(bgml::path_context().outgoing.count, 3u); // restored
  }
  CHECK(!bgml::path_context().outgoing.active());
  CHECK(!bgml::take_arrival().stamp.active());

  // Hop limits count the connection the stamp came over.
  CHECK(bgml::within_hop_limit(a, 2));
  CHECK(!bgml::within_hop_limit(a, 1));
  CHECK(bgml::within_hop_limit(a, 0));
}

void a_stamp_survives_its_values()
{
  bgml::PathStamp s = ticked(111);
  s.mark(TICK, 222);
  s.mark(GPS_ACTIONS, 333);
  std::vector<unsigned long long> values(1 + bgml::path_value_count(s), 0);
  values[0] = 42; // a target's own field in front
  bgml::write_path_values(s, values, 1);
  CHECK_EQ(values.size(), 7u);
  bgml::PathStamp back = bgml::read_path_values(values, 1, values.size() - 1);
  CHECK_EQ(back.origin, RATE_GEN);
  CHECK_EQ(back.count, 3u);
  CHECK_EQ(back.at_ns[0], 111u);
  CHECK_EQ(back.segment[2], static_cast<std::uint32_t>(GPS_ACTIONS));
  CHECK_EQ(back.at_ns[2], 333u);
  CHECK_EQ(bgml::path_value_count(bgml::PathStamp()), 0u);
  CHECK(!bgml::read_path_values(values, 0, 0).active());
  CHECK(!bgml::read_path_values(values, 1, 5).active()); // odd: not a stamp
  std::vector<unsigned long long> too_long(2 * (bgml::PATH_MAX_STAMPS + 1), 1);
  CHECK(!bgml::read_path_values(too_long, 0, too_long.size()).active());
}

} // namespace

int main()
{
  actions_mark_the_arrival_and_the_send();
  a_failed_send_is_counted();
  paths_ending_at_the_port_are_recorded_with_their_window();
  the_context_hands_stamps_from_transport_to_upcall_to_call();
  a_stamp_survives_its_values();
  return check_exit_code("test_chain");
}
