// The metric loop generated clients share (bgml/metric_loop.h) and the reporting after it (bgml/report.h):
// one measurement per payload size, the fixed wire size, context switches split, several threads started
// together, a failure rethrown, the result file written with its footprint.

#include "bgml/metric_loop.h"
#include "bgml/report.h"
#include "check.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

bgml::MetricLoop make_loop(const char* kind, std::vector<std::size_t> payloads)
{
  const bgml::MetricLoop loop = { kind, "Latency", "M::Latency", "M::conn", "T::I::op", nullptr, 3, 20,
                                  payloads, 8, 0.0, 0.0, 0, 0, 0 };
  return loop;
}

void one_measurement_per_payload_size()
{
  bgml::ResultFile result("D::client", "test");
  std::vector<std::size_t> filled;
  std::size_t calls = 0;
  bgml::run_metric_loop(make_loop("latency", { 0, 64, 1024 }), 20, result,
                        [&](std::size_t payload) { filled.push_back(payload); },
                        [&](std::uint64_t) { ++calls; });
  CHECK_EQ(filled.size(), 3u);
  CHECK_EQ(calls, 3u * (3 + 20));
  CHECK_EQ(result.measurements.size(), 3u);
  if (result.measurements.size() == 3) {
    CHECK_EQ(result.measurements[0].payload_bytes, 8); // size 0: the fixed wire size
    CHECK_EQ(result.measurements[1].payload_bytes, 64);
    CHECK_EQ(result.measurements[2].payload_bytes, 1024);
    for (const bgml::Measurement& m : result.measurements) {
      CHECK_EQ(m.calls, 20);
      CHECK_EQ(m.warmup, 3);
      CHECK(m.kind == "latency");
      CHECK(m.operation == "T::I::op");
      CHECK(m.window_end_ns >= m.window_begin_ns);
    }
  }
}

void timed_count_comes_from_the_caller()
{
  bgml::ResultFile result("D::client", "test");
  std::size_t calls = 0;
  bgml::run_metric_loop(make_loop("throughput", { 0 }), 7, result, [](std::size_t) {},
                        [&](std::uint64_t) { ++calls; });
  CHECK_EQ(calls, 3u + 7u);
  CHECK_EQ(result.measurements.size(), 1u);
  if (!result.measurements.empty())
    CHECK_EQ(result.measurements[0].calls, 7);
}

void context_switches_are_split_per_call()
{
  bgml::ResultFile result("D::client", "test");
  bgml::run_metric_loop(make_loop("contextSwitch", { 0 }), 20, result, [](std::size_t) {},
                        [](std::uint64_t) { usleep(200); }); // each sleep gives up the CPU
  CHECK_EQ(result.measurements.size(), 3u);
  if (result.measurements.size() == 3) {
    const bgml::Measurement& whole = result.measurements[0];
    CHECK(whole.segment.empty());
    CHECK(result.measurements[1].segment == "voluntary");
    CHECK(result.measurements[2].segment == "involuntary");
    CHECK(result.measurements[1].value >= 1.0); // at least one voluntary switch per sleeping call
    CHECK_NEAR(whole.value, result.measurements[1].value + result.measurements[2].value, 1e-9);
  }
}

void threads_start_together_and_failures_come_back()
{
  std::vector<std::uint64_t> arrived_at(3, 0), timed_from(3, 0);
  const bgml::LoopTimes t = bgml::run_threads(3, [&](std::size_t i, bgml::ThreadStartLine& line, bool& arrived) {
    bgml::sleep_ms(5 * i); // warm-ups of different lengths
    arrived_at[i] = bgml::now_ns();
    arrived = true;
    line.arrive();
    timed_from[i] = bgml::now_ns();
  });
  for (std::size_t i = 0; i != 3; ++i) {
    CHECK(timed_from[i] >= arrived_at[2]); // nobody starts before the slowest has warmed up
    CHECK(t.begin_ns >= arrived_at[i]);
  }
  CHECK(t.end_ns >= t.begin_ns);

  bool thrown = false;
  try {
    bgml::run_threads(2, [](std::size_t i, bgml::ThreadStartLine& line, bool& arrived) {
      if (i == 1)
        throw std::runtime_error("thread 1 failed");
      arrived = true;
      line.arrive(); // returns: the failing thread abandons the line
    });
  } catch (const std::runtime_error& e) {
    thrown = std::string(e.what()) == "thread 1 failed";
  }
  CHECK(thrown);
}

void finish_writes_the_file_with_its_footprint()
{
  char folder[] = "/tmp/bgml-metric-loop-XXXXXX";
  CHECK(mkdtemp(folder) != nullptr);
  const std::string path = std::string(folder) + "/results/client.json";
  bgml::ResultFile result("D::client", "test");
  CHECK_EQ(bgml::finish_results(result, path, { { "M::Footprint", "M::client" } }), 0);
  std::ifstream in(path.c_str());
  std::ostringstream text;
  text << in.rdbuf();
  CHECK(text.str().find("\"M::Footprint\"") != std::string::npos);
  CHECK(result.footprint_read);
  CHECK_EQ(result.measurements.size(), 1u);
  if (!result.measurements.empty()) {
    CHECK(result.measurements[0].unit == "bytes");
    CHECK(result.measurements[0].peak_resident_kib > 0);
  }
  std::remove(path.c_str());
  rmdir((std::string(folder) + "/results").c_str());
  rmdir(folder);
  // An unwritable place: status 1, not a crash.
  bgml::ResultFile other("D::client", "test");
  CHECK_EQ(bgml::finish_results(other, "/proc/bgml-no-such-folder/client.json"), 1);
}

} // namespace

int main()
{
  one_measurement_per_payload_size();
  timed_count_comes_from_the_caller();
  context_switches_are_split_per_call();
  threads_start_together_and_failures_come_back();
  finish_writes_the_file_with_its_footprint();
  return check_exit_code("test_metric_loop");
}
