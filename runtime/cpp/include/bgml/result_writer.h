// bgml/result_writer.h: the JSON result file, one per process.
//
// The schema is described in RESULTS.md and results.schema.json next to
// this library. Every key is always written; a value that does not
// apply is null. Files are written to a temporary name in the same
// directory and renamed, so a reader never sees half a file.
//
//   bgml::ResultFile result("Deployment::clientProcess", "omniorb");
//   ...  timed loop filling `history`, wall time in `wall_ns`  ...
//   bgml::Measurement m("latency", "RoundTrip::latency", "RoundTrip::client_server");
//   m.operation = "Test::RoundTrip::test_method";
//   m.set_samples(history);
//   m.wall_ns = wall_ns;
//   result.add(m);
//   result.read_footprint();
//   std::string error;
//   if (!bgml::write_result_file("client.json", result, &error)) ...

#ifndef BGML_RESULT_WRITER_H
#define BGML_RESULT_WRITER_H

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

#include "bgml/affinity.h"
#include "bgml/environment.h"
#include "bgml/footprint.h"
#include "bgml/json_writer.h"
#include "bgml/pacer.h"
#include "bgml/probes.h"
#include "bgml/stats.h"
#include "bgml/timer.h"

namespace bgml {

const int result_schema_version = 1;

/// One measured figure set, tied to the model by element paths.
/// Integer fields use -1 and double fields NaN for "does not apply";
/// both are written as null.
struct Measurement {
  Measurement() { clear(); }

  Measurement(const std::string& kind_, const std::string& metric_,
              const std::string& element_)
  {
    clear();
    kind = kind_;
    metric = metric_;
    element = element_;
  }

  std::string kind;      // latency, throughput, jitter, ... (see RESULTS.md)
  std::string metric;    // path of the metric element; "" = null
  std::string element;   // path of the measured element
  std::string operation; // path of the operation or event type; "" = null
  std::string segment;   // probe segment; "" = null (whole call)
  std::string unit;      // unit of the sample statistics, "ns"
  std::int64_t payload_bytes;
  std::int64_t threads;
  std::vector<std::int64_t> thread_samples; // measured samples of each thread (several threads); empty = null
  std::int64_t warmup;   // warm-up samples left out of the statistics
  std::int64_t dropped;  // samples that did not fit the history

  Stats stats;           // n == 0: no samples, statistics are null

  std::int64_t calls;    // calls completed in the timed loop
  std::int64_t wall_ns;  // wall time of the timed loop
  std::int64_t window_begin_ns; // first timed call's start, CLOCK_REALTIME ns since the epoch
  std::int64_t window_end_ns;   // last timed call's end, the same clock
  double rate_hz;        // fixed rate; NaN for "as fast as possible"
  std::int64_t missed_deadlines;
  std::int64_t skipped_periods;
  double segment_sum_error;
  std::int64_t static_footprint_bytes;
  std::int64_t peak_resident_kib;
  std::int64_t resident_kib;
  double value;          // a single figure for kinds that have one
  std::string raw_samples; // path of the raw samples file; "" = null

  void clear()
  {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    kind = metric = element = operation = segment = raw_samples = std::string();
    unit = "ns";
    payload_bytes = threads = warmup = dropped = -1;
    thread_samples.clear();
    stats = Stats();
    calls = wall_ns = missed_deadlines = skipped_periods = -1;
    window_begin_ns = window_end_ns = -1;
    static_footprint_bytes = peak_resident_kib = resident_kib = -1;
    rate_hz = segment_sum_error = value = nan;
  }

  /// Statistics, warm-up and dropped count of one history; calls = n.
  void set_samples(const SampleHistory& h, unsigned sub_bucket_bits = 4)
  {
    stats = compute_stats(h.measured(), sub_bucket_bits);
    warmup = static_cast<std::int64_t>(h.warmup());
    dropped = static_cast<std::int64_t>(h.dropped());
    calls = static_cast<std::int64_t>(stats.n);
  }

  /// The same for the merged histories of several threads.
  void set_samples(const ThreadHistories& h, unsigned sub_bucket_bits = 4)
  {
    stats = compute_stats(h.merged(), sub_bucket_bits);
    warmup = 0;
    for (std::size_t i = 0; i != h.threads(); ++i)
      warmup += static_cast<std::int64_t>(h.at(i).warmup());
    dropped = static_cast<std::int64_t>(h.dropped());
    threads = static_cast<std::int64_t>(h.threads());
    thread_samples.clear();
    for (std::size_t i = 0; i != h.threads(); ++i)
      thread_samples.push_back(static_cast<std::int64_t>(h.at(i).measured_count()));
    calls = static_cast<std::int64_t>(stats.n);
  }

  /// Rate, missed deadlines and skipped periods of a fixed-rate loop.
  void set_pacer(const Pacer& p)
  {
    rate_hz = p.period_ns() != 0 ? 1e9 / static_cast<double>(p.period_ns())
                                 : std::numeric_limits<double>::quiet_NaN();
    missed_deadlines = static_cast<std::int64_t>(p.missed());
    skipped_periods = static_cast<std::int64_t>(p.skipped());
  }

  /// The measuring window, from now_ns() readings of the first timed
  /// call's start and the last one's end (for several threads: the
  /// earliest start, the latest end), on CLOCK_REALTIME through the
  /// process's one realtime - monotonic offset.
  void set_window(std::uint64_t begin_monotonic_ns, std::uint64_t end_monotonic_ns)
  {
    window_begin_ns = to_realtime_ns(begin_monotonic_ns);
    window_end_ns = to_realtime_ns(end_monotonic_ns);
  }

  void set_footprint(const Footprint& f)
  {
    static_footprint_bytes = static_cast<std::int64_t>(f.static_bytes);
    peak_resident_kib = f.vm_hwm_kib;
    resident_kib = f.vm_rss_kib;
  }
};

/// One measurement per segment of `timer` (segment = its name), then
/// one for the whole cycle (segment null) that carries the relative
/// error of the sum of segment means against the cycle mean.
/// `kind` is "functionalPath" for white-box probes inside one call and
/// "pathLatency" for the hops of an end-to-end path (see bgml/path.h).
inline std::vector<Measurement> segment_measurements(const SegmentTimer& timer,
                                                     const std::string& metric,
                                                     const std::string& element,
                                                     const std::string& operation,
                                                     const char* kind = "functionalPath")
{
  std::vector<Measurement> out;
  for (std::size_t i = 0; i != timer.segment_count(); ++i) {
    Measurement m(kind, metric, element);
    m.operation = operation;
    m.segment = timer.segment_name(i);
    m.set_samples(timer.segment_history(i));
    out.push_back(m);
  }
  Measurement cycle(kind, metric, element);
  cycle.operation = operation;
  cycle.set_samples(timer.cycle_history());
  cycle.segment_sum_error = timer.sum_error();
  out.push_back(cycle);
  return out;
}

/// Everything one process reports.
struct ResultFile {
  /// Records host, pid, start time, build and kernel, the CPU placement
  /// in force now, and measures the probe cost. Construct it after
  /// set_affinity().
  ResultFile(const std::string& process_, const std::string& target_)
    : process(process_), target(target_),
      host(host_name()), pid(static_cast<long>(getpid())),
      started_at(utc_time_iso8601()),
      kernel(kernel_version()), cpu_model(bgml::cpu_model()),
      compiler(compiler_version()), cplusplus(cplusplus_version()),
      cpu_observed(-1), probe_cost(bgml::measure_probe_cost()),
      footprint_read(false)
  {
    record_placement();
  }

  std::string process; // path of the process element
  std::string target;  // tao, ciao, omniorb, ace
  std::string host;
  long pid;
  std::string started_at;
  std::string kernel;
  std::string cpu_model;
  std::string compiler;
  long cplusplus;
  std::vector<int> cpu_affinity;
  int cpu_observed;
  ProbeCost probe_cost;
  bool footprint_read;
  Footprint footprint;
  StartRelease start_line; // waited false: no start line, "startLine" is null
  std::vector<std::pair<std::string, std::string> > labels;
  std::vector<Measurement> measurements;

  /// Affinity in force and the CPU this thread runs on, now.
  void record_placement()
  {
    cpu_affinity = get_affinity();
    cpu_observed = current_cpu();
  }

  /// Read the footprint now; call it after the timed loops.
  void read_footprint()
  {
    footprint = bgml::read_footprint();
    footprint_read = true;
  }

  /// Free-form context, e.g. ("orb", "omniORB 4.2.5"), ("svcConf", ...).
  /// A key given again replaces its value, so keys stay unique.
  void add_label(const std::string& key, const std::string& value)
  {
    for (std::size_t i = 0; i != labels.size(); ++i) {
      if (labels[i].first == key) {
        labels[i].second = value;
        return;
      }
    }
    labels.push_back(std::make_pair(key, value));
  }

  void add(const Measurement& m) { measurements.push_back(m); }

  void add(const std::vector<Measurement>& ms)
  {
    measurements.insert(measurements.end(), ms.begin(), ms.end());
  }
};

// -- JSON ---------------------------------------------------------------

inline void json_string_or_null(JsonWriter& w, const std::string& v)
{
  if (v.empty())
    w.value_null();
  else
    w.value_string(v);
}

inline void json_int_or_null(JsonWriter& w, std::int64_t v)
{
  if (v < 0)
    w.value_null();
  else
    w.value_int(v);
}

inline void write_measurement(JsonWriter& w, const Measurement& m)
{
  const Stats& s = m.stats;
  const bool has = s.n != 0;
  w.begin_object();
  w.key("kind");      w.value_string(m.kind);
  w.key("metric");    json_string_or_null(w, m.metric);
  w.key("element");   w.value_string(m.element);
  w.key("operation"); json_string_or_null(w, m.operation);
  w.key("segment");   json_string_or_null(w, m.segment);
  w.key("unit");      w.value_string(m.unit);
  w.key("payloadBytes"); json_int_or_null(w, m.payload_bytes);
  w.key("threads");   json_int_or_null(w, m.threads);
  w.key("threadSamples");
  if (m.thread_samples.empty()) {
    w.value_null();
  } else {
    w.begin_array();
    for (std::size_t i = 0; i != m.thread_samples.size(); ++i)
      w.value_int(m.thread_samples[i]);
    w.end_array();
  }
  w.key("warmup");    json_int_or_null(w, m.warmup);
  w.key("dropped");   json_int_or_null(w, m.dropped);

  w.key("n");         w.value_uint(s.n);
  w.key("mean");      w.value_double(s.mean); // NaN when n == 0 -> null
  w.key("stddev");    w.value_double(s.stddev);
  const char* names[] = { "min", "max", "p50", "p90", "p99", "p999" };
  const std::uint64_t values[] = { s.min, s.max, s.p50, s.p90, s.p99, s.p999 };
  for (int i = 0; i != 6; ++i) {
    w.key(names[i]);
    if (has)
      w.value_uint(values[i]);
    else
      w.value_null();
  }
  w.key("histogram");
  w.begin_array();
  for (std::size_t i = 0; i != s.histogram.size(); ++i) {
    w.begin_object();
    w.key("lower"); w.value_uint(s.histogram[i].lower);
    w.key("upper"); w.value_uint(s.histogram[i].upper);
    w.key("count"); w.value_uint(s.histogram[i].count);
    w.end_object();
  }
  w.end_array();

  double calls_per_second = std::numeric_limits<double>::quiet_NaN();
  double bytes_per_second = std::numeric_limits<double>::quiet_NaN();
  if (m.calls >= 0 && m.wall_ns > 0) {
    Throughput t = throughput(static_cast<std::uint64_t>(m.calls),
                              static_cast<std::uint64_t>(m.wall_ns),
                              m.payload_bytes >= 0 ? static_cast<std::uint64_t>(m.payload_bytes) : 0);
    calls_per_second = t.calls_per_second;
    if (m.payload_bytes >= 0)
      bytes_per_second = t.bytes_per_second;
  }
  w.key("calls");          json_int_or_null(w, m.calls);
  w.key("wallNs");         json_int_or_null(w, m.wall_ns);
  w.key("windowBeginNs");  json_int_or_null(w, m.window_begin_ns);
  w.key("windowEndNs");    json_int_or_null(w, m.window_end_ns);
  w.key("throughput");     w.value_double(calls_per_second);
  w.key("bytesPerSecond"); w.value_double(bytes_per_second);
  w.key("rateHz");         w.value_double(m.rate_hz);
  w.key("missedDeadlines"); json_int_or_null(w, m.missed_deadlines);
  w.key("skippedPeriods");  json_int_or_null(w, m.skipped_periods);
  w.key("segmentSumError"); w.value_double(m.segment_sum_error);
  w.key("staticFootprintBytes"); json_int_or_null(w, m.static_footprint_bytes);
  w.key("peakResidentKiB");      json_int_or_null(w, m.peak_resident_kib);
  w.key("residentKiB");          json_int_or_null(w, m.resident_kib);
  w.key("value");          w.value_double(m.value);
  w.key("rawSamples");     json_string_or_null(w, m.raw_samples);
  w.end_object();
}

/// The whole result file as JSON text.
inline std::string to_json(const ResultFile& r)
{
  JsonWriter w;
  w.begin_object();
  w.key("schemaVersion"); w.value_int(result_schema_version);
  w.key("process");   w.value_string(r.process);
  w.key("target");    w.value_string(r.target);
  w.key("host");      w.value_string(r.host);
  w.key("pid");       w.value_int(r.pid);
  w.key("startedAt"); json_string_or_null(w, r.started_at);
  w.key("writtenAt"); json_string_or_null(w, utc_time_iso8601());

  w.key("environment");
  w.begin_object();
  w.key("kernel");    json_string_or_null(w, r.kernel);
  w.key("cpuModel");  json_string_or_null(w, r.cpu_model);
  w.key("compiler");  json_string_or_null(w, r.compiler);
  w.key("cplusplus"); w.value_int(r.cplusplus);
  w.end_object();

  w.key("labels");
  w.begin_object();
  for (std::size_t i = 0; i != r.labels.size(); ++i) {
    w.key(r.labels[i].first);
    w.value_string(r.labels[i].second);
  }
  w.end_object();

  w.key("cpuAffinity");
  w.begin_array();
  for (std::size_t i = 0; i != r.cpu_affinity.size(); ++i)
    w.value_int(r.cpu_affinity[i]);
  w.end_array();
  w.key("cpuObserved"); json_int_or_null(w, r.cpu_observed);

  w.key("probeCost");
  w.begin_object();
  w.key("pairs");    w.value_uint(r.probe_cost.pairs);
  w.key("minNs");    w.value_uint(r.probe_cost.min_ns);
  w.key("medianNs"); w.value_uint(r.probe_cost.median_ns);
  w.key("meanNs");   w.value_double(r.probe_cost.mean_ns);
  w.end_object();

  w.key("startLine");
  if (!r.start_line.waited) {
    w.value_null();
  } else {
    w.begin_object();
    w.key("releasedNs"); w.value_int(r.start_line.released_ns);
    w.key("waitedNs");   w.value_int(r.start_line.waited_ns);
    w.end_object();
  }

  w.key("footprint");
  if (!r.footprint_read) {
    w.value_null();
  } else {
    const Footprint& f = r.footprint;
    w.begin_object();
    w.key("staticBytes"); w.value_uint(f.static_bytes);
    w.key("vmHwmKiB");    json_int_or_null(w, f.vm_hwm_kib);
    w.key("vmRssKiB");    json_int_or_null(w, f.vm_rss_kib);
    w.key("binaries");
    w.begin_array();
    for (std::size_t i = 0; i != f.binaries.size(); ++i) {
      w.begin_object();
      w.key("path");  w.value_string(f.binaries[i].path);
      w.key("bytes"); w.value_uint(f.binaries[i].bytes);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }

  w.key("measurements");
  w.begin_array();
  for (std::size_t i = 0; i != r.measurements.size(); ++i)
    write_measurement(w, r.measurements[i]);
  w.end_array();
  w.end_object();
  return w.str() + "\n";
}

// -- Files --------------------------------------------------------------

/// Write `content` to `path` through a temporary file in the same
/// directory and rename(2), so `path` is either the old file or the
/// complete new one.
inline bool write_file_atomically(const std::string& path, const std::string& content,
                                  std::string* error = 0)
{
  char suffix[32];
  std::snprintf(suffix, sizeof suffix, ".tmp.%ld", static_cast<long>(getpid()));
  const std::string temp = path + suffix;
  std::string failed;

  std::FILE* f = std::fopen(temp.c_str(), "wb");
  if (f == 0) {
    if (error)
      *error = "cannot create " + temp + ": " + std::strerror(errno);
    return false;
  }
  if (std::fwrite(content.data(), 1, content.size(), f) != content.size())
    failed = "cannot write " + temp + ": " + std::strerror(errno);
  else if (std::fflush(f) != 0 || fsync(fileno(f)) != 0)
    failed = "cannot flush " + temp + ": " + std::strerror(errno);
  if (std::fclose(f) != 0 && failed.empty())
    failed = "cannot close " + temp + ": " + std::strerror(errno);
  if (failed.empty() && std::rename(temp.c_str(), path.c_str()) != 0)
    failed = "cannot rename " + temp + " to " + path + ": " + std::strerror(errno);
  if (!failed.empty()) {
    std::remove(temp.c_str());
    if (error)
      *error = failed;
    return false;
  }
  return true;
}

inline bool write_result_file(const std::string& path, const ResultFile& r,
                              std::string* error = 0)
{
  return write_file_atomically(path, to_json(r), error);
}

/// Raw samples, one value in ns per line, in recording order.
inline bool write_raw_samples(const std::string& path,
                              const std::vector<std::uint64_t>& samples,
                              std::string* error = 0)
{
  std::string text;
  text.reserve(samples.size() * 8);
  char buf[32];
  for (std::size_t i = 0; i != samples.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%llu\n", static_cast<unsigned long long>(samples[i]));
    text += buf;
  }
  return write_file_atomically(path, text, error);
}

} // namespace bgml

#endif // BGML_RESULT_WRITER_H
