// bgml/timer.h: monotonic timestamps (and their realtime equivalent),
// preallocated sample histories, per-thread histories and the cost of
// the probe itself.
//
// A timed loop looks like this; nothing in it allocates or locks:
//
//   bgml::SampleHistory history(warmup, samples);   // allocated here
//   for (std::size_t i = 0; i != warmup + samples; ++i) {
//     std::uint64_t start = bgml::now_ns();
//     server->test_method(payload);
//     history.record(bgml::now_ns() - start);
//   }
//   bgml::Stats stats = bgml::compute_stats(history.measured());

#ifndef BGML_TIMER_H
#define BGML_TIMER_H

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <time.h>
#include <vector>

#include "bgml/progress.h"

namespace bgml {

/// Nanoseconds on CLOCK_MONOTONIC. Only differences are meaningful.
inline std::uint64_t now_ns()
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000ULL
         + static_cast<std::uint64_t>(ts.tv_nsec);
}

/// Nanoseconds since the epoch on CLOCK_REALTIME: comparable across
/// processes (and, with synchronised clocks, hosts), but it may jump.
inline std::int64_t realtime_ns()
{
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000LL
         + static_cast<std::int64_t>(ts.tv_nsec);
}

namespace detail {

/// The process's realtime - monotonic offset; INT64_MIN until taken.
inline std::atomic<std::int64_t>& realtime_offset_cell()
{
  static std::atomic<std::int64_t> cell(std::numeric_limits<std::int64_t>::min());
  return cell;
}

/// Realtime minus monotonic, now: the realtime reading bracketed by two
/// monotonic ones, the tightest of a few tries, against their midpoint.
inline std::int64_t measure_realtime_offset()
{
  std::int64_t best = 0;
  std::uint64_t narrowest = std::numeric_limits<std::uint64_t>::max();
  for (int i = 0; i != 5; ++i) {
    const std::uint64_t before = now_ns();
    const std::int64_t real = realtime_ns();
    const std::uint64_t after = now_ns();
    if (after - before < narrowest) {
      narrowest = after - before;
      best = real - static_cast<std::int64_t>(before + (after - before) / 2);
    }
  }
  return best;
}

} // namespace detail

/// Fixes the process's realtime - monotonic offset to `offset_ns`
/// unless it was taken already; returns the offset in force.
inline std::int64_t set_realtime_offset_ns(std::int64_t offset_ns)
{
  std::int64_t expected = std::numeric_limits<std::int64_t>::min();
  detail::realtime_offset_cell().compare_exchange_strong(expected, offset_ns);
  return detail::realtime_offset_cell().load();
}

/// The realtime - monotonic offset of this process, taken once: by the
/// start line at its release (bgml/start_line.h), else at the first call.
/// Monotonic loop times become realtime figures through it, so the loops
/// keep their one clock and the windows of all processes share a clock.
inline std::int64_t realtime_offset_ns()
{
  const std::int64_t v = detail::realtime_offset_cell().load();
  if (v != std::numeric_limits<std::int64_t>::min())
    return v;
  return set_realtime_offset_ns(detail::measure_realtime_offset());
}

/// A now_ns() reading as ns since the epoch, through realtime_offset_ns().
inline std::int64_t to_realtime_ns(std::uint64_t monotonic_ns)
{
  return static_cast<std::int64_t>(monotonic_ns) + realtime_offset_ns();
}

/// What waiting at the start line of the load drivers gave
/// (bgml/start_line.h); the result file writes it as "startLine".
struct StartRelease {
  StartRelease() : waited(false), released_ns(0), waited_ns(0) {}

  bool waited;               // false: no start line was drawn, the process went at once
  std::int64_t released_ns;  // CLOCK_REALTIME right after the release, ns since the epoch
  std::int64_t waited_ns;    // from starting to follow the line to the release (monotonic)
};

/// A fixed-size store of samples (ns), allocated and touched in the
/// constructor. The first `warmup` samples recorded are kept apart and
/// are not part of measured(). Samples beyond the capacity are counted
/// in dropped(), never stored.
///
/// A history that counts towards progress (the default) publishes its
/// measured samples to the process's progress record (bgml/progress.h)
/// every progress_batch samples, when it is full and when it is read:
/// between batches record() costs one comparison more.
class SampleHistory {
public:
  SampleHistory(std::size_t warmup, std::size_t samples, bool counts_progress = true)
    : data_(warmup + samples, 0), warmup_(warmup), count_(0), dropped_(0),
      progress_(counts_progress ? &progress_block().samples : 0),
      published_(0), next_publish_(0)
  {
    schedule();
  }

  /// Store one sample. Constant time, no allocation, no system call.
  void record(std::uint64_t ns)
  {
    if (count_ < data_.size())
      data_[count_++] = ns;
    else
      ++dropped_;
    if (count_ == next_publish_)
      publish();
  }

  /// True once warm-up plus sample count have been recorded.
  bool full() const { return count_ == data_.size(); }

  std::size_t warmup() const { return warmup_; }
  std::size_t capacity() const { return data_.size(); }
  std::size_t recorded() const { return count_; }
  std::size_t dropped() const { return dropped_; }

  /// Number of samples recorded after the warm-up.
  std::size_t measured_count() const
  {
    return count_ > warmup_ ? count_ - warmup_ : 0;
  }

  /// Sample i of the measured part (0 = first after warm-up).
  std::uint64_t measured_at(std::size_t i) const { return data_[warmup_ + i]; }

  /// A copy of the measured samples, in recording order.
  std::vector<std::uint64_t> measured() const
  {
    std::vector<std::uint64_t> out;
    append_measured(out);
    return out;
  }

  /// Append the measured samples to `out`.
  void append_measured(std::vector<std::uint64_t>& out) const
  {
    publish();
    if (count_ > warmup_)
      out.insert(out.end(), data_.data() + warmup_, data_.data() + count_);
  }

  /// Forget all samples; the storage stays allocated. Samples recorded
  /// so far stay counted in the progress record.
  void reset()
  {
    publish();
    count_ = 0;
    dropped_ = 0;
    published_ = 0;
    schedule();
  }

  /// Adds the measured samples not yet published to the progress record.
  void publish() const
  {
    const std::size_t measured = measured_count();
    if (progress_ != 0 && measured > published_)
      progress_add(progress_, measured - published_);
    published_ = measured;
    schedule();
  }

private:
  /// The count at which record() publishes next: the next full batch of
  /// measured samples, or the end; never again once full.
  void schedule() const
  {
    if (count_ >= data_.size()) {
      next_publish_ = static_cast<std::size_t>(-1);
      return;
    }
    const std::size_t batches = measured_count() / progress_batch + 1;
    const std::size_t next = warmup_ + batches * progress_batch;
    next_publish_ = next < data_.size() ? next : data_.size();
  }

  std::vector<std::uint64_t> data_;
  std::size_t warmup_;
  std::size_t count_;
  std::size_t dropped_;
  std::uint64_t* progress_;
  mutable std::size_t published_;
  mutable std::size_t next_publish_;
};

/// One SampleHistory per client thread. Thread i writes only to at(i),
/// so recording needs no lock; merge with merged() after the threads
/// have been joined.
class ThreadHistories {
public:
  ThreadHistories(std::size_t threads, std::size_t warmup, std::size_t samples)
  {
    slots_.reserve(threads);
    for (std::size_t i = 0; i != threads; ++i)
      slots_.push_back(std::unique_ptr<Slot>(new Slot(warmup, samples)));
  }

  ThreadHistories(const ThreadHistories&) = delete;
  ThreadHistories& operator=(const ThreadHistories&) = delete;

  std::size_t threads() const { return slots_.size(); }
  SampleHistory& at(std::size_t thread) { return slots_[thread]->history; }
  const SampleHistory& at(std::size_t thread) const { return slots_[thread]->history; }

  /// Measured samples of every thread: thread 0's first, then thread 1's...
  std::vector<std::uint64_t> merged() const
  {
    std::vector<std::uint64_t> out;
    out.reserve(measured_count());
    for (std::size_t i = 0; i != slots_.size(); ++i)
      slots_[i]->history.append_measured(out);
    return out;
  }

  std::size_t measured_count() const
  {
    std::size_t n = 0;
    for (std::size_t i = 0; i != slots_.size(); ++i)
      n += slots_[i]->history.measured_count();
    return n;
  }

  std::size_t dropped() const
  {
    std::size_t n = 0;
    for (std::size_t i = 0; i != slots_.size(); ++i)
      n += slots_[i]->history.dropped();
    return n;
  }

private:
  // Padding keeps each thread's counters off its neighbours' cache lines.
  struct Slot {
    Slot(std::size_t warmup, std::size_t samples) : history(warmup, samples) {}
    char pad_before[64];
    SampleHistory history;
    char pad_after[64];
  };

  std::vector<std::unique_ptr<Slot> > slots_;
};

/// What one timestamp pair costs: the difference between two
/// back-to-back now_ns() calls, which is what the probe adds to every
/// measured interval. The deltas come in coarse steps on some machines
/// (20 or 30 ns, little between), so the mean is given beside min and
/// median; it also carries any interrupt that hit the measurement.
struct ProbeCost {
  std::size_t pairs;
  std::uint64_t min_ns;
  std::uint64_t median_ns;
  double mean_ns;
};

/// Time `pairs` back-to-back timestamp pairs and report min, median
/// (the lower median for an even count) and mean. Takes well under a
/// millisecond for the default.
inline ProbeCost measure_probe_cost(std::size_t pairs = 4000)
{
  ProbeCost cost = { pairs, 0, 0, 0.0 };
  if (pairs == 0)
    return cost;
  std::vector<std::uint64_t> d(pairs, 0);
  for (std::size_t i = 0; i != pairs; ++i) {
    std::uint64_t a = now_ns();
    std::uint64_t b = now_ns();
    d[i] = b - a;
  }
  std::sort(d.begin(), d.end());
  cost.min_ns = d[0];
  cost.median_ns = d[(pairs - 1) / 2];
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i != pairs; ++i)
    sum += d[i];
  cost.mean_ns = static_cast<double>(sum) / static_cast<double>(pairs);
  return cost;
}

} // namespace bgml

#endif // BGML_TIMER_H
