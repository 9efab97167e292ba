// bgml/chain.h: the target-neutral bookkeeping of event chains (bgml/path.h tells what a path is).
//
// A facet's or sink's behaviour runs a list of actions on each call or event that reaches it: busy work,
// a call through a receptacle, a publication on a source. What the actions send carries the PathStamp
// of what arrived, marked at the arrival (closing the connection it came over) and at the send (closing
// the port's action segment). This header holds what every target does the same way around that:
//
//  - Arrival, PathContext, take_arrival(), CallScope: where a stamp waits while a thread serves a call
//    or makes one. A target's transport puts an arriving stamp into this thread's context (`incoming`),
//    and reads the stamp of a call this thread makes from it (`outgoing`, set by a CallScope). A
//    collocated call made in the caller's thread sees the caller's outgoing stamp.
//  - path_value_count(), write_path_values(), read_path_values(): a stamp as 64-bit values (origin,
//    origin time, then one (segment, time) pair per boundary), for targets that marshal it as a sequence.
//  - PathEnd: the paths of one PathLatency metric that end at a port, with their measuring window.
//  - PortChain: a port's actions and path ends, run and recorded on each arrival.
//
// How the stamp crosses a process boundary (service context, message header, sample member) is the
// target's business. Header only, C++11.
//
//   bgml::PortChain chain("Model::gps::location", 12);    // actions close segment 12 when they send
//   chain.add_path("Model::latency", 1, { 10, 11, 12, 13 }, { "tick", "gps", ... }, warmup, samples);
//   chain.add_busy_work(20, 0);
//   chain.add_send([&](const bgml::PathStamp& s) { bgml::CallScope scope(s, 13); ref->call(); }, 0);
//   ...
//   chain.arrive(bgml::take_arrival());                    // in the upcall

#ifndef BGML_CHAIN_H
#define BGML_CHAIN_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "bgml/loop.h"
#include "bgml/path.h"
#include "bgml/result_writer.h"
#include "bgml/stats.h"
#include "bgml/timer.h"

namespace bgml {

// ---- a stamp in a thread ---------------------------------------------------------------------------------

/// What reached an upcall: the stamp (inactive when the call or event is on no path), the segment its
/// arrival closes (the connection it came over; 0: none), and the arrival time.
struct Arrival {
  PathStamp stamp;
  std::uint32_t closes;
  std::uint64_t at;
  Arrival() : closes(0), at(0) {}
  Arrival(const PathStamp& s, std::uint32_t c, std::uint64_t t) : stamp(s), closes(c), at(t) {}
};

/// The stamps of what this thread serves and sends.
struct PathContext {
  PathStamp incoming;            // came with the request being served (set by the target's transport)
  std::uint32_t incoming_closes; // the segment its arrival closes
  PathStamp outgoing;            // goes with the call this thread makes now (set by CallScope)
  std::uint32_t outgoing_closes;
  PathContext() : incoming_closes(0), outgoing_closes(0) {}
};

/// This thread's context.
inline PathContext& path_context()
{
  static thread_local PathContext context;
  return context;
}

/// Takes the arrival of the call being served now, stamped now: the stamp that came with the request
/// (consumed, so that a nested collocated upcall does not see it again), else the one a collocated caller
/// in this thread is sending, else an inactive one.
inline Arrival take_arrival()
{
  Arrival a;
  a.at = now_ns();
  PathContext& c = path_context();
  if (c.incoming.active()) {
    a.stamp = c.incoming;
    a.closes = c.incoming_closes;
    c.incoming = PathStamp();
    c.incoming_closes = 0;
  } else if (c.outgoing.active()) {
    a.stamp = c.outgoing; // its CallScope restores it afterwards
    a.closes = c.outgoing_closes;
  }
  return a;
}

/// The stamp an action sends on: `upcall`'s stamp with the connection it came over closed at the arrival
/// (unless the target closed it already) and `actions_segment` (0: none) closed now. Inactive when the
/// upcall was on no path.
inline PathStamp stamp_for_send(const Arrival& upcall, std::uint32_t actions_segment)
{
  PathStamp s = upcall.stamp;
  if (s.active()) {
    if (upcall.closes != 0 && s.segment[s.count - 1] != upcall.closes)
      s.mark(upcall.closes, upcall.at);
    if (actions_segment != 0)
      s.mark(actions_segment);
  }
  return s;
}

/// Whether a hop-limited action runs: the stamp has passed fewer than `limit` hops, the connection it
/// arrived over included (0: no limit).
inline bool within_hop_limit(const Arrival& upcall, std::uint32_t limit)
{
  return limit == 0 || !upcall.stamp.active() || upcall.stamp.hops() + (upcall.closes != 0 ? 1 : 0) < limit;
}

/// Sets the stamp of the calls this thread makes in its scope, to close `connection_segment` at the
/// callee; restores the previous one when it ends.
class CallScope {
public:
  /// A call an action makes: `upcall` as stamp_for_send() marks it.
  CallScope(const Arrival& upcall, std::uint32_t actions_segment, std::uint32_t connection_segment)
  {
    set(stamp_for_send(upcall, actions_segment), connection_segment);
  }

  /// A call with a stamp made elsewhere (a path's origin, a stamp an action passed on): as it is.
  CallScope(const PathStamp& stamp, std::uint32_t connection_segment) { set(stamp, connection_segment); }

  ~CallScope()
  {
    PathContext& c = path_context();
    c.outgoing = saved_;
    c.outgoing_closes = saved_closes_;
  }

private:
  CallScope(const CallScope&);
  CallScope& operator=(const CallScope&);

  void set(const PathStamp& stamp, std::uint32_t closes)
  {
    PathContext& c = path_context();
    saved_ = c.outgoing;
    saved_closes_ = c.outgoing_closes;
    c.outgoing = stamp;
    c.outgoing_closes = closes;
  }

  PathStamp saved_;
  std::uint32_t saved_closes_;
};

// ---- a stamp as 64-bit values ----------------------------------------------------------------------------

/// How many values write_path_values() writes: 0 for an inactive stamp.
inline std::size_t path_value_count(const PathStamp& stamp)
{
  return stamp.active() ? 2 * static_cast<std::size_t>(stamp.count) : 0;
}

/// Writes `stamp` into out[first], out[first + 1], ...: origin, origin time, then (segment, time) per
/// boundary. `out` is anything indexable with room for path_value_count() values from `first`.
template <class Values>
void write_path_values(const PathStamp& stamp, Values& out, std::size_t first = 0)
{
  if (!stamp.active())
    return;
  out[first] = stamp.origin;
  out[first + 1] = stamp.at_ns[0];
  for (std::uint32_t i = 1; i != stamp.count; ++i) {
    out[first + 2 * i] = stamp.segment[i];
    out[first + 2 * i + 1] = stamp.at_ns[i];
  }
}

/// Reads the `n` values from in[first] that write_path_values() wrote; an inactive stamp for anything else
/// (an odd count, too many boundaries, none).
template <class Values>
PathStamp read_path_values(const Values& in, std::size_t first, std::size_t n)
{
  PathStamp stamp;
  if (n < 2 || n % 2 != 0 || n / 2 > PATH_MAX_STAMPS)
    return stamp;
  stamp.begin(static_cast<std::uint32_t>(in[first]), static_cast<std::uint64_t>(in[first + 1]));
  for (std::size_t i = first + 2; i + 1 < first + n; i += 2)
    stamp.mark(static_cast<std::uint32_t>(in[i]), static_cast<std::uint64_t>(in[i + 1]));
  return stamp;
}

// ---- where paths end -------------------------------------------------------------------------------------

/// The paths of one PathLatency metric that end at one port, recorded by whichever thread serves it, with
/// the window from the first counted path's origin to the last one's arrival.
class PathEnd {
public:
  PathEnd(const std::string& metric, std::uint32_t origin, const std::vector<std::uint32_t>& segment_ids,
          const std::vector<std::string>& segment_names, std::size_t warmup, std::size_t cycles)
    : metric_(metric), recorder_(origin, segment_ids, segment_names, warmup, cycles), first_(0), last_(0)
  {
  }

  /// `stamp` arrived at `at` over the connection of segment `closes`; an inactive stamp is ignored.
  void arrive(const PathStamp& stamp, std::uint32_t closes, std::uint64_t at)
  {
    if (!stamp.active())
      return;
    std::lock_guard<std::mutex> guard(mutex_);
    if (recorder_.arrive(stamp, closes, at)) {
      if (first_ == 0)
        first_ = stamp.origin_ns();
      last_ = at;
    }
  }

  void arrive(const Arrival& a) { arrive(a.stamp, a.closes, a.at); }

  /// One pathLatency measurement per segment, then the end-to-end one, on `element` (the end port), with
  /// the window of the counted paths.
  std::vector<Measurement> measurements(const std::string& element, const std::string& operation) const
  {
    std::lock_guard<std::mutex> guard(mutex_);
    std::vector<Measurement> ms = segment_measurements(recorder_.timer(), metric_, element, operation, "pathLatency");
    for (std::size_t i = 0; i != ms.size(); ++i)
      if (last_ != 0)
        ms[i].set_window(first_, last_);
    return ms;
  }

  /// The measurements into `result`, one console line each headed `label`, then the count of paths that
  /// arrived and of those not counted, followed by `note` (may be empty); a label "strayArrivals <metric>".
  void report(ResultFile& result, const std::string& element, const std::string& operation, const std::string& label,
              const std::string& note) const
  {
    std::vector<Measurement> ms = measurements(element, operation);
    for (std::size_t i = 0; i != ms.size(); ++i)
      std::printf("%s %s: %s\n", label.c_str(), ms[i].segment.empty() ? "(end to end)" : ms[i].segment.c_str(),
                  summary_line(ms[i].stats).c_str());
    std::printf("%s: %zu paths arrived, %zu not counted (another origin or route)%s%s\n", label.c_str(), arrived(),
                stray(), note.empty() ? "" : "; ", note.c_str());
    std::fflush(stdout);
    result.add(ms);
    result.add_label("strayArrivals " + metric_, std::to_string(stray()));
  }

  const std::string& metric() const { return metric_; }
  std::size_t arrived() const
  {
    std::lock_guard<std::mutex> guard(mutex_);
    return recorder_.arrived();
  }
  std::size_t stray() const
  {
    std::lock_guard<std::mutex> guard(mutex_);
    return recorder_.stray();
  }

private:
  PathEnd(const PathEnd&);
  PathEnd& operator=(const PathEnd&);
  std::string metric_;
  PathRecorder recorder_;
  mutable std::mutex mutex_;
  std::uint64_t first_;
  std::uint64_t last_;
};

// ---- a port's actions ------------------------------------------------------------------------------------

/// Sends a stamp on: publishes on a source or calls through a receptacle, on every connection of that port.
typedef std::function<void(const PathStamp&)> Sender;

/// The text of the exception being handled (call it in a catch block): what() of a std::exception. A target
/// whose middleware throws other types passes its own to PortChain.
inline std::string current_exception_text()
{
  try {
    throw;
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an exception of unknown type";
  }
}

/// The behaviour actions of one facet or sink, and the paths that end there. Arrivals may come from
/// several threads at once.
class PortChain {
public:
  typedef std::string (*ExceptionText)();

  /// `port`: element path of the facet or sink; `action_segment`: the segment its actions close when they
  /// send (0: none); `exception_text`: names what a failed send threw.
  PortChain(const std::string& port, std::uint32_t action_segment, ExceptionText exception_text = current_exception_text)
    : port_(port), action_segment_(action_segment), exception_text_(exception_text), arrivals_(0), failed_sends_(0)
  {
  }

  void add_busy_work(long micros, std::uint32_t hop_limit)
  {
    Step s = { micros, hop_limit, Sender() };
    steps_.push_back(s);
  }

  void add_send(const Sender& send, std::uint32_t hop_limit)
  {
    Step s = { 0, hop_limit, send };
    steps_.push_back(s);
  }

  /// A path metric that ends here: its origin, its segments in path order, warm-up and timed cycles.
  PathEnd& add_path(const std::string& metric, std::uint32_t origin, const std::vector<std::uint32_t>& segment_ids,
                    const std::vector<std::string>& segment_names, std::size_t warmup, std::size_t cycles)
  {
    paths_.push_back(std::unique_ptr<PathEnd>(new PathEnd(metric, origin, segment_ids, segment_names, warmup, cycles)));
    return *paths_.back();
  }

  /// Something arrived: record it where a path ends, then run the actions in order. A failed send (a peer
  /// already stopped at the end of the run) is counted and noted once on stderr, not thrown.
  void arrive(const Arrival& a)
  {
    arrivals_.fetch_add(1);
    for (std::size_t i = 0; i != paths_.size(); ++i)
      paths_[i]->arrive(a);
    for (std::size_t i = 0; i != steps_.size(); ++i) {
      const Step& s = steps_[i];
      if (!within_hop_limit(a, s.hop_limit))
        continue;
      if (!s.send) {
        busy_work(s.micros);
        continue;
      }
      try {
        s.send(stamp_for_send(a, action_segment_));
      } catch (...) {
        if (failed_sends_.fetch_add(1) == 0)
          std::fprintf(stderr, "NOTE: %s: a send of its actions failed (%s); counted, not a run error\n",
                       port_.c_str(), exception_text_().c_str());
      }
    }
  }

  void arrive(const PathStamp& stamp, std::uint32_t closes, std::uint64_t at) { arrive(Arrival(stamp, closes, at)); }

  /// The measurements of the paths that end here (each hop, then the total).
  std::vector<Measurement> measurements() const
  {
    std::vector<Measurement> all;
    for (std::size_t i = 0; i != paths_.size(); ++i) {
      std::vector<Measurement> ms = paths_[i]->measurements(port_, "");
      all.insert(all.end(), ms.begin(), ms.end());
    }
    return all;
  }

  /// Each path's report (PathEnd::report, headed by its metric), and the labels "arrivals <port>" and, when
  /// some failed, "failedSends <port>".
  void report(ResultFile& result) const
  {
    for (std::size_t i = 0; i != paths_.size(); ++i)
      paths_[i]->report(result, port_, "", paths_[i]->metric(), "");
    result.add_label("arrivals " + port_, std::to_string(arrivals()));
    if (failed_sends() != 0)
      result.add_label("failedSends " + port_, std::to_string(failed_sends()));
  }

  std::uint64_t arrivals() const { return arrivals_.load(); }
  std::uint64_t failed_sends() const { return failed_sends_.load(); }
  const std::string& port() const { return port_; }

private:
  struct Step {
    long micros;
    std::uint32_t hop_limit;
    Sender send;
  };

  PortChain(const PortChain&);
  PortChain& operator=(const PortChain&);
  std::string port_;
  std::uint32_t action_segment_;
  ExceptionText exception_text_;
  std::vector<Step> steps_;
  std::vector<std::unique_ptr<PathEnd> > paths_;
  std::atomic<std::uint64_t> arrivals_;
  std::atomic<std::uint64_t> failed_sends_;
};

} // namespace bgml

#endif // BGML_CHAIN_H
