// bgml/report.h: what a generated process does with its measurements once a loop has run: statistics into
// a Measurement, one summary line on the console, the result file; and the last step of main(), the
// footprint and the atomic write.
//
//   bgml::report(result, m, history, times.wall_ns(), "latency");   // prints "latency: n=... p50=..."
//   if (!bgml::wait_at_start_line(result, "clientProcess")) return 1;
//   return bgml::finish_results(result, "client.json", { { "Footprint", "RoundTrip::client" } });

#ifndef BGML_REPORT_H
#define BGML_REPORT_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "bgml/ior.h"
#include "bgml/probes.h"
#include "bgml/result_writer.h"
#include "bgml/start_line.h"
#include "bgml/stats.h"

namespace bgml {

namespace detail {

inline void add_reported(ResultFile& result, Measurement& m, std::uint64_t wall_ns, const std::string& label)
{
  if (wall_ns != 0)
    m.wall_ns = static_cast<std::int64_t>(wall_ns);
  std::printf("%s: %s\n", label.c_str(), summary_line(m.stats).c_str());
  std::fflush(stdout);
  result.add(m);
}

} // namespace detail

/// Statistics of the measured part of `history` and the wall time of the timed loop (0: none) into `m`;
/// prints a summary line headed `label` and adds `m` to the result file.
inline void report(ResultFile& result, Measurement& m, const SampleHistory& history, std::uint64_t wall_ns,
                   const std::string& label)
{
  m.set_samples(history);
  detail::add_reported(result, m, wall_ns, label);
}

/// The same for the merged histories of several threads.
inline void report(ResultFile& result, Measurement& m, const ThreadHistories& histories, std::uint64_t wall_ns,
                   const std::string& label)
{
  m.set_samples(histories);
  detail::add_reported(result, m, wall_ns, label);
}

/// A context-switch metric split: after `m` (the whole process, per call) was reported, one copy with
/// segment "voluntary" and one with "involuntary", each per timed call of the same loop. Nothing for 0 calls.
inline void report_switches(ResultFile& result, const Measurement& m, long voluntary, long involuntary,
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

/// A functional path: one measurement per segment, then one for the whole cycle with the sum check;
/// with the timed cycles' begin and end (now_ns; 0: none), their measuring window.
inline void report_segments(ResultFile& result, const SegmentTimer& probes, const std::string& metric,
                            const std::string& element, const std::string& operation, std::int64_t payload_bytes,
                            const std::string& label, std::uint64_t begin_ns = 0, std::uint64_t end_ns = 0)
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

/// Waits at the start line of the load drivers (BGML_START_LINE, bgml/start_line.h), announcing
/// BGML_START_NAME or `name`, and records the release in `result`; at once without a line. Call it when
/// set-up is done, before the first metric loop. False after printing "ERROR: ..." when the line cannot be
/// followed.
inline bool wait_at_start_line(ResultFile& result, const char* name)
{
  std::string error;
  if (wait_at_start_line_once(name, result.start_line, &error))
    return true;
  std::fprintf(stderr, "ERROR: %s\n", error.c_str());
  return false;
}

/// A footprint metric of the process: reported from the footprint read at the end.
struct FootprintMetric {
  const char* metric;
  const char* element;
};

/// Reads the footprint (after the loops: VmHWM is a peak), adds the footprint metrics and writes the
/// result file atomically to `path`, creating its folder. Returns main's exit status: 0, or 1 after
/// printing "ERROR: ...".
inline int finish_results(ResultFile& result, const std::string& path,
                          std::initializer_list<FootprintMetric> footprints = {})
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

#endif // BGML_REPORT_H
