// bgml/report.h: what a generated process does with its measurements once a loop has run: statistics into
// a Measurement, one summary line on the console, the result file; and the last step of main(), the
// footprint and the atomic write.
//
//   bgml::report(result, m, history, times.wall_ns(), "latency");   // prints "latency: n=... p50=..."
//   if (!bgml::wait_at_start_line(result, "clientProcess")) return 1;
//   return bgml::finish_results(result, "client.json", { { "Footprint", "RoundTrip::client" } });
//
// Declarations only: the definitions are in src/report.cpp, compiled once per benchmark build into its
// runtime library, so that the statistics, the JSON writer and the start line are not compiled again in
// every process main that reports.

#ifndef BGML_REPORT_H
#define BGML_REPORT_H

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bgml/probes.h"
#include "bgml/result_writer.h"
#include "bgml/timer.h"

namespace bgml {

/// The result file of process `process` (its element path) on `target`: host, build, CPU placement (open it
/// after pinning), probe cost; then `labels` (the process's options) and, unless empty, the name of the
/// model's configuration as the label "configuration".
std::unique_ptr<ResultFile> open_result_file(const std::string& process, const std::string& target,
                                             const std::vector<std::pair<std::string, std::string> >& labels,
                                             const std::string& configuration);

/// Statistics of the measured part of `history` and the wall time of the timed loop (0: none) into `m`;
/// prints a summary line headed `label` and adds `m` to the result file.
void report(ResultFile& result, Measurement& m, const SampleHistory& history, std::uint64_t wall_ns,
            const std::string& label);

/// The same for the merged histories of several threads.
void report(ResultFile& result, Measurement& m, const ThreadHistories& histories, std::uint64_t wall_ns,
            const std::string& label);

/// A context-switch metric split: after `m` (the whole process, per call) was reported, one copy with
/// segment "voluntary" and one with "involuntary", each per timed call of the same loop. Nothing for 0 calls.
void report_switches(ResultFile& result, const Measurement& m, long voluntary, long involuntary,
                     std::size_t calls);

/// A functional path: one measurement per segment, then one for the whole cycle with the sum check;
/// with the timed cycles' begin and end (now_ns; 0: none), their measuring window.
void report_segments(ResultFile& result, const SegmentTimer& probes, const std::string& metric,
                     const std::string& element, const std::string& operation, std::int64_t payload_bytes,
                     const std::string& label, std::uint64_t begin_ns = 0, std::uint64_t end_ns = 0);

/// The oneway probe tables a receiving process recorded: for each, a label "outOfOrderCalls <metric>", then
/// report_segments() headed "<metric> receiver" with the window of its cycles, or a line saying that no timed
/// call arrived.
void report_probe_tables(ResultFile& result, const ProbeTables& tables);

/// Waits at the start line of the load drivers (BGML_START_LINE, bgml/start_line.h), announcing
/// BGML_START_NAME or `name`, and records the release in `result`; at once without a line. Call it when
/// set-up is done, before the first metric loop. False after printing "ERROR: ..." when the line cannot be
/// followed.
bool wait_at_start_line(ResultFile& result, const char* name);

/// A footprint metric of the process: reported from the footprint read at the end.
struct FootprintMetric {
  const char* metric;
  const char* element;
};

/// Reads the footprint (after the loops: VmHWM is a peak), adds the footprint metrics and writes the
/// result file atomically to `path`, creating its folder. Returns main's exit status: 0, or 1 after
/// printing "ERROR: ...".
int finish_results(ResultFile& result, const std::string& path,
                   std::initializer_list<FootprintMetric> footprints = {});

} // namespace bgml

#endif // BGML_REPORT_H
