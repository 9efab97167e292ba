// bgml/probes.h: white-box probes along the functional path of a call.
//
// A cycle (one call, one event) is cut into segments by checkpoints.
// begin_cycle() takes the first timestamp; each checkpoint takes the
// next one and charges the interval since the previous timestamp to the
// checkpoint's segment. end_cycle() stores, per segment, the time that
// segment got in this cycle, and the cycle time (last timestamp minus
// first). The intervals are back to back, so in every cycle the segment
// times add up exactly to the cycle time.
//
// A segment that is passed more than once in a cycle gets the sum; a
// segment that is not passed gets 0 for that cycle.
//
//   enum { MARSHAL, SEND, WAIT, DEMARSHAL };
//   static const char* const names[] = { "marshal", "send", "wait", "demarshal" };
//   bgml::SegmentTimer probes(std::vector<std::string>(names, names + 4), warmup, samples);
//   static const bgml::Checkpoint marshalled = { "marshalled", MARSHAL };
//   ...
//   probes.begin_cycle();
//   ... marshal ...   probes.checkpoint(marshalled);
//   ... send ...      probes.checkpoint(SEND);
//   ...
//   probes.end_cycle();

#ifndef BGML_PROBES_H
#define BGML_PROBES_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "bgml/stats.h"
#include "bgml/timer.h"

namespace bgml {

/// A named checkpoint. It closes segment `segment`: the time since the
/// previous checkpoint is charged to that segment.
struct Checkpoint {
  const char* name;
  std::size_t segment;
};

class SegmentTimer {
public:
  SegmentTimer(const std::vector<std::string>& segment_names,
               std::size_t warmup, std::size_t cycles)
    : names_(segment_names),
      current_(segment_names.size(), 0),
      cycles_(warmup, cycles),
      begin_(0), last_(0)
  {
    for (std::size_t i = 0; i != names_.size(); ++i)
      segments_.push_back(SampleHistory(warmup, cycles, false)); // the cycle counts, not its parts
  }

  std::size_t segment_count() const { return names_.size(); }
  const std::string& segment_name(std::size_t segment) const { return names_[segment]; }

  /// The id of the segment called `name`, or segment_count() if none.
  std::size_t segment_id(const std::string& name) const
  {
    for (std::size_t i = 0; i != names_.size(); ++i)
      if (names_[i] == name)
        return i;
    return names_.size();
  }

  void begin_cycle()
  {
    for (std::size_t i = 0; i != current_.size(); ++i)
      current_[i] = 0;
    begin_ = last_ = now_ns();
  }

  void checkpoint(std::size_t segment)
  {
    std::uint64_t t = now_ns();
    current_[segment] += t - last_;
    last_ = t;
  }

  void checkpoint(const Checkpoint& cp) { checkpoint(cp.segment); }

  /// Store this cycle. Takes no timestamp of its own: the cycle ends at
  /// the last checkpoint.
  void end_cycle()
  {
    for (std::size_t i = 0; i != current_.size(); ++i)
      segments_[i].record(current_[i]);
    cycles_.record(last_ - begin_);
  }

  /// Store a cycle whose segment times were measured elsewhere (e.g.
  /// from the stamps a path carried across processes). `per_segment`
  /// holds one time per segment, in this timer's order.
  void record_cycle(const std::vector<std::uint64_t>& per_segment, std::uint64_t cycle)
  {
    for (std::size_t i = 0; i != segments_.size() && i != per_segment.size(); ++i)
      segments_[i].record(per_segment[i]);
    cycles_.record(cycle);
  }

  /// Per-cycle times of one segment, and of the whole cycle.
  const SampleHistory& segment_history(std::size_t segment) const { return segments_[segment]; }
  const SampleHistory& cycle_history() const { return cycles_; }

  Stats segment_stats(std::size_t segment, unsigned sub_bucket_bits = 4) const
  {
    return compute_stats(segments_[segment].measured(), sub_bucket_bits);
  }

  Stats cycle_stats(unsigned sub_bucket_bits = 4) const
  {
    return compute_stats(cycles_.measured(), sub_bucket_bits);
  }

  /// Sum over segments of the mean segment time (ns).
  double segment_mean_sum() const
  {
    double sum = 0;
    for (std::size_t i = 0; i != segments_.size(); ++i)
      sum += mean_of(segments_[i]);
    return sum;
  }

  /// Relative error of the sum of segment means against a cycle mean
  /// measured elsewhere, e.g. by the black-box latency loop around the
  /// same calls.
  double sum_error(double reference_cycle_mean) const
  {
    return relative_error(segment_mean_sum(), reference_cycle_mean);
  }

  /// The same against this timer's own cycle time. Only rounding
  /// separates the two, so anything above ~1e-9 means the segments were
  /// not recorded back to back.
  double sum_error() const { return sum_error(mean_of(cycles_)); }

private:
  static double mean_of(const SampleHistory& h)
  {
    std::size_t n = h.measured_count();
    if (n == 0)
      return 0.0;
    long double sum = 0;
    for (std::size_t i = 0; i != n; ++i)
      sum += h.measured_at(i);
    return static_cast<double>(sum / n);
  }

  std::vector<std::string> names_;
  std::vector<std::uint64_t> current_;
  std::vector<SampleHistory> segments_;
  SampleHistory cycles_;
  std::uint64_t begin_;
  std::uint64_t last_;
};

/// The probed calls of one functional-path metric whose cycles one process assembles from stamps taken
/// along each call, possibly by several processes (then on one host: one clock). `record()` takes the
/// stamps in path order; a cycle whose stamps are missing (0) or out of order (another clock, a call that
/// failed before its upcall) is counted as disordered and left out.
class ProbeTable {
public:
  ProbeTable(std::uint32_t id, const std::string& metric, const std::string& element, const std::string& operation,
             std::int64_t payload_bytes, const std::vector<std::string>& segment_names, std::size_t cycles)
    : id_(id), metric_(metric), element_(element), operation_(operation), payload_bytes_(payload_bytes),
      timer_(segment_names, 0, cycles), segments_(segment_names.size(), 0), disordered_(0), first_ns_(0), last_ns_(0)
  {
  }

  /// One cycle from `n` stamps (segment_count() + 1 of them): segment k is at[k + 1] - at[k], the cycle
  /// at[n - 1] - at[0]. False (and counted) when they are not in order or not all taken.
  bool record(const std::uint64_t* at, std::size_t n)
  {
    bool ordered = n == segments_.size() + 1 && at[0] != 0;
    for (std::size_t k = 0; ordered && k + 1 < n; ++k) {
      ordered = at[k + 1] != 0 && at[k + 1] >= at[k];
      segments_[k] = at[k + 1] - at[k];
    }
    if (!ordered) {
      ++disordered_;
      return false;
    }
    timer_.record_cycle(segments_, at[n - 1] - at[0]);
    if (first_ns_ == 0)
      first_ns_ = at[0];
    last_ns_ = at[n - 1];
    return true;
  }

  std::uint32_t id() const { return id_; }
  const std::string& metric() const { return metric_; }
  const std::string& element() const { return element_; }
  const std::string& operation() const { return operation_; }
  std::int64_t payload_bytes() const { return payload_bytes_; }
  const SegmentTimer& timer() const { return timer_; }
  /// Timed cycles recorded.
  std::size_t cycles() const { return timer_.cycle_history().measured_count(); }
  std::size_t disordered() const { return disordered_; }
  /// Start of the first and end of the last recorded cycle (now_ns; 0: none).
  std::uint64_t first_ns() const { return first_ns_; }
  std::uint64_t last_ns() const { return last_ns_; }

private:
  std::uint32_t id_;
  std::string metric_, element_, operation_;
  std::int64_t payload_bytes_;
  SegmentTimer timer_;
  std::vector<std::uint64_t> segments_;
  std::size_t disordered_;
  std::uint64_t first_ns_, last_ns_;
};

/// The probe tables of one process, by metric id; recording and reading are locked, since the calls of
/// a probed operation may be served by several threads.
class ProbeTables {
public:
  /// Records the timed calls of metric `id` (up to `cycles` of them). Call before the first can arrive.
  void expect(std::uint32_t id, const std::string& metric, const std::string& element, const std::string& operation,
              std::int64_t payload_bytes, const std::vector<std::string>& segment_names, std::size_t cycles)
  {
    std::lock_guard<std::mutex> guard(mutex_);
    tables_.push_back(std::unique_ptr<ProbeTable>(
        new ProbeTable(id, metric, element, operation, payload_bytes, segment_names, cycles)));
  }

  /// A cycle of metric `id` (see ProbeTable::record); nothing when no table expects it.
  void record(std::uint32_t id, const std::uint64_t* at, std::size_t n)
  {
    std::lock_guard<std::mutex> guard(mutex_);
    for (std::size_t i = 0; i != tables_.size(); ++i)
      if (tables_[i]->id() == id)
        tables_[i]->record(at, n);
  }

  /// Calls `visit(const ProbeTable&)` for each table, in the order they were expected, under the lock.
  template <class Visit>
  void each(Visit visit) const
  {
    std::lock_guard<std::mutex> guard(mutex_);
    for (std::size_t i = 0; i != tables_.size(); ++i)
      visit(static_cast<const ProbeTable&>(*tables_[i]));
  }

  bool empty() const
  {
    std::lock_guard<std::mutex> guard(mutex_);
    return tables_.empty();
  }

private:
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<ProbeTable> > tables_;
};

/// Relative error of the sum of the segments' means against a cycle
/// mean, for segment statistics gathered by other means.
inline double segment_sum_error(const std::vector<Stats>& segments, double cycle_mean)
{
  double sum = 0;
  for (std::size_t i = 0; i != segments.size(); ++i)
    sum += segments[i].n != 0 ? segments[i].mean : 0.0;
  return relative_error(sum, cycle_mean);
}

} // namespace bgml

#endif // BGML_PROBES_H
