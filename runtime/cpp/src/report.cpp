// bgml/report.cpp: the reporting of bgml/report.h, compiled once per benchmark build.

#include "bgml/report.h"

#include <cstdio>
#include <vector>

#include "bgml/ior.h"
#include "bgml/start_line.h"
#include "bgml/stats.h"

namespace bgml {

namespace {

void add_reported(ResultFile& result, Measurement& m, std::uint64_t wall_ns, const std::string& label)
{
  if (wall_ns != 0)
    m.wall_ns = static_cast<std::int64_t>(wall_ns);
  std::printf("%s: %s\n", label.c_str(), summary_line(m.stats).c_str());
  std::fflush(stdout);
  result.add(m);
}

} // namespace

std::unique_ptr<ResultFile> open_result_file(const std::string& process, const std::string& target,
                                             const std::vector<std::pair<std::string, std::string> >& labels,
                                             const std::string& configuration)
{
  std::unique_ptr<ResultFile> result(new ResultFile(process, target));
  for (std::size_t i = 0; i != labels.size(); ++i)
    result->add_label(labels[i].first, labels[i].second);
  if (!configuration.empty())
    result->add_label("configuration", configuration);
  return result;
}

void report(ResultFile& result, Measurement& m, const SampleHistory& history, std::uint64_t wall_ns,
            const std::string& label)
{
  m.set_samples(history);
  add_reported(result, m, wall_ns, label);
}

void report(ResultFile& result, Measurement& m, const ThreadHistories& histories, std::uint64_t wall_ns,
            const std::string& label)
{
  m.set_samples(histories);
  add_reported(result, m, wall_ns, label);
}

void report_switches(ResultFile& result, const Measurement& m, long voluntary, long involuntary,
                     std::size_t calls)
{
  if (calls == 0)
    return;
  Measurement v(m), inv(m);
  v.segment = "voluntary";
  v.value = static_cast<double>(voluntary) / static_cast<double>(calls);
  inv.segment = "involuntary";
  inv.value = static_cast<double>(involuntary) / static_cast<double>(calls);
  result.add(v);
  result.add(inv);
  std::printf("%s: %.3f context switches per call (%.3f voluntary, %.3f involuntary; %ld in the process)\n",
              m.metric.c_str(), m.value, v.value, inv.value, voluntary + involuntary);
  std::fflush(stdout);
}

void report_segments(ResultFile& result, const SegmentTimer& probes, const std::string& metric,
                     const std::string& element, const std::string& operation, std::int64_t payload_bytes,
                     const std::string& label, std::uint64_t begin_ns, std::uint64_t end_ns)
{
  std::vector<Measurement> segments = segment_measurements(probes, metric, element, operation);
  for (std::size_t i = 0; i != segments.size(); ++i) {
    Measurement& s = segments[i];
    s.payload_bytes = payload_bytes;
    if (end_ns != 0)
      s.set_window(begin_ns, end_ns);
    std::printf("%s %s: %s\n", label.c_str(), s.segment.empty() ? "(cycle)" : s.segment.c_str(),
                summary_line(s.stats).c_str());
  }
  std::fflush(stdout);
  result.add(segments);
}

void report_probe_tables(ResultFile& result, const ProbeTables& tables)
{
  tables.each([&result](const ProbeTable& t) {
    result.add_label("outOfOrderCalls " + t.metric(), std::to_string(t.disordered()));
    if (t.cycles() == 0) {
      std::printf("%s receiver: no timed call arrived (%zu out of order)\n", t.metric().c_str(), t.disordered());
      return;
    }
    report_segments(result, t.timer(), t.metric(), t.element(), t.operation(), t.payload_bytes(),
                    t.metric() + " receiver", t.first_ns(), t.last_ns());
    if (t.disordered() != 0)
      std::printf("%s receiver: %zu calls out of order, left out\n", t.metric().c_str(), t.disordered());
  });
  std::fflush(stdout);
}

bool wait_at_start_line(ResultFile& result, const char* name)
{
  std::string error;
  if (wait_at_start_line_once(name, result.start_line, &error))
    return true;
  std::fprintf(stderr, "ERROR: %s\n", error.c_str());
  return false;
}

int finish_results(ResultFile& result, const std::string& path, std::initializer_list<FootprintMetric> footprints)
{
  result.read_footprint();
  for (const FootprintMetric& f : footprints) {
    Measurement m("footprint", f.metric, f.element);
    m.unit = "bytes";
    m.set_footprint(result.footprint);
    result.add(m);
  }
  make_parent_directory(path);
  std::string error;
  if (!write_result_file(path, result, &error)) {
    std::fprintf(stderr, "ERROR: %s\n", error.c_str());
    return 1;
  }
  return 0;
}

} // namespace bgml
