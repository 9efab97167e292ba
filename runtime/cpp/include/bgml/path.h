// bgml/path.h: end-to-end paths along a chain of behaviour actions.
//
// A path starts at an origin (a timer-driven event source, or a client's
// call loop) and passes hops: a connection (from the send on one side to
// the upcall on the other) and a component's actions (from the upcall to
// the next send). What a hop sends carries a PathStamp: the origin's id,
// and one CLOCK_MONOTONIC stamp per hop boundary with the id of the hop
// segment that boundary closes. Each process appends a stamp when a call
// or event arrives (closing the connection's segment) and when its
// actions send on (closing its action segment). The process that owns
// the path's end port hands arriving stamps to a PathRecorder, which
// stores the end-to-end time and, per segment, the time the path spent in
// it. Consecutive stamps are back to back, so in every cycle the segments
// add up exactly to the total.
//
// Segment ids are numbered by the generator over the whole model, so a
// stamp means the same thing in every process. Stamps from different
// hosts mix two clocks: a recorder is told whether its path stays on one
// host, and the result says which clock the figure rests on.
//
//   bgml::PathStamp s;  s.begin(ORIGIN_TICK);             // at the origin
//   ... send s with the event ...
//   s.mark(SEG_TICK_TO_GPS);                              // at the upcall
//   ... actions ...  s.mark(SEG_GPS_ACTIONS);             // before publishing on
//   recorder.arrive(s, SEG_STATUS_TO_DISPLAY);            // at the end port

#ifndef BGML_PATH_H
#define BGML_PATH_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "bgml/probes.h"
#include "bgml/timer.h"

namespace bgml {

/// Longest path a stamp can record, in boundaries (origin included).
const std::size_t PATH_MAX_STAMPS = 32;

/// What travels with a call or event along a path. Plain data, so that
/// each target can marshal it as it likes (IDL struct, CDR, service
/// context): origin, count, then `count` pairs of (segment, at_ns).
struct PathStamp {
  std::uint32_t origin;                     // generator-assigned id of the origin; NO_ORIGIN = no path
  std::uint32_t count;                      // stamps used, origin included
  std::uint32_t segment[PATH_MAX_STAMPS];   // segment[i] is closed by at_ns[i]; segment[0] unused
  std::uint64_t at_ns[PATH_MAX_STAMPS];

  static const std::uint32_t NO_ORIGIN = 0xffffffffu;

  PathStamp() : origin(NO_ORIGIN), count(0) {}

  bool active() const { return origin != NO_ORIGIN && count != 0; }

  /// Start a path at `origin_id`, stamped now.
  void begin(std::uint32_t origin_id) { begin(origin_id, now_ns()); }

  void begin(std::uint32_t origin_id, std::uint64_t at)
  {
    origin = origin_id;
    count = 1;
    segment[0] = 0;
    at_ns[0] = at;
  }

  /// Close segment `segment_id` now. Returns false (and records nothing)
  /// when the stamp is full or not on a path.
  bool mark(std::uint32_t segment_id) { return mark(segment_id, now_ns()); }

  bool mark(std::uint32_t segment_id, std::uint64_t at)
  {
    if (!active() || count == PATH_MAX_STAMPS)
      return false;
    segment[count] = segment_id;
    at_ns[count] = at;
    ++count;
    return true;
  }

  /// Hops passed so far (connections and action blocks), for hop limits.
  std::uint32_t hops() const { return count == 0 ? 0 : count - 1; }

  std::uint64_t origin_ns() const { return at_ns[0]; }
  std::uint64_t last_ns() const { return at_ns[count - 1]; }
};

/// Records the paths of one PathLatency metric that end in this process.
/// `segment_ids` are the model-wide ids of the path's segments, in path
/// order, and `segment_names` their names; a stamp that passed a segment
/// the metric does not list, or came from another origin, is not counted
/// (stray() tells how many).
class PathRecorder {
public:
  PathRecorder(std::uint32_t origin_id,
               const std::vector<std::uint32_t>& segment_ids,
               const std::vector<std::string>& segment_names,
               std::size_t warmup, std::size_t cycles)
    : origin_(origin_id), ids_(segment_ids), timer_(segment_names, warmup, cycles),
      local_(segment_ids.size(), 0), stray_(0), arrived_(0) {}

  /// A stamp arrives at the end port: close `last_segment` now and record.
  bool arrive(PathStamp stamp, std::uint32_t last_segment)
  {
    return arrive(stamp, last_segment, now_ns());
  }

  bool arrive(PathStamp stamp, std::uint32_t last_segment, std::uint64_t at)
  {
    if (stamp.origin != origin_ || !stamp.mark(last_segment, at)) {
      ++stray_;
      return false;
    }
    for (std::size_t i = 0; i != local_.size(); ++i)
      local_[i] = 0;
    for (std::uint32_t i = 1; i != stamp.count; ++i) {
      std::size_t local = index_of(stamp.segment[i]);
      if (local == ids_.size()) {
        ++stray_;
        return false;
      }
      local_[local] += stamp.at_ns[i] - stamp.at_ns[i - 1];
    }
    timer_.record_cycle(local_, stamp.last_ns() - stamp.origin_ns());
    ++arrived_;
    return true;
  }

  const SegmentTimer& timer() const { return timer_; }
  std::size_t arrived() const { return arrived_; }
  std::size_t stray() const { return stray_; }

private:
  std::size_t index_of(std::uint32_t id) const
  {
    for (std::size_t i = 0; i != ids_.size(); ++i)
      if (ids_[i] == id)
        return i;
    return ids_.size();
  }

  std::uint32_t origin_;
  std::vector<std::uint32_t> ids_;
  SegmentTimer timer_;
  std::vector<std::uint64_t> local_;
  std::size_t stray_;
  std::size_t arrived_;
};

} // namespace bgml

#endif // BGML_PATH_H
