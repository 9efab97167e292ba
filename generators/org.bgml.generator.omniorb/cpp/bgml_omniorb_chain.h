// bgml_omniorb_chain.h: event chains on omniORB. A facet's or sink's
// behaviour actions (busy work, calls through receptacles, publications on
// sources) run on each call or event it receives, and the bgml::PathStamp
// of an end-to-end path travels with what they send:
//
//  - in events, as the hidden `path` member of the generated envelope;
//  - in remote calls, as a request service context, added by an omniORB
//    client-send interceptor and read by a server-receive interceptor;
//  - in collocated calls (which omniORB makes in the caller's thread,
//    without interceptors), in a thread-local the callee reads.
//
// On the wire a stamp is a sequence of 64-bit values: origin, the segment
// the arrival closes (the connection sent on), the origin time, then one
// (segment, time) pair per boundary passed. The process that owns a path's
// end hands arrivals to a bgml::PathRecorder. Header only; copied into
// benchmarks whose model has actions, timers or paths.

#ifndef BGML_OMNIORB_CHAIN_H
#define BGML_OMNIORB_CHAIN_H

#include <omniORB4/CORBA.h>
#include <omniORB4/omniInterceptors.h>
#include <omniORB4/internal/giopStrand.h>
#include <omniORB4/internal/giopStream.h>
#include <omniORB4/internal/GIOP_S.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "bgml/loop.h"
#include "bgml/path.h"
#include "bgml/result_writer.h"
#include "bgml/timer.h"

namespace bgml_omniorb {

/// A stamp in flight, with the segment its arrival closes.
struct PathWire {
  bgml::PathStamp stamp;
  std::uint32_t via;
  PathWire() : via(0) {}
  PathWire(const bgml::PathStamp& s, std::uint32_t v) : stamp(s), via(v) {}
  bool active() const { return stamp.active(); }
};

/// Service context id of the stamp in requests ("BGM" and a version).
const CORBA::ULong PATH_CONTEXT_ID = 0x42474d01;

/// Fills a sequence of 64-bit values (IDL `sequence<unsigned long long>`).
template <class Seq>
void encode(const PathWire& w, Seq& seq)
{
  if (!w.active()) {
    seq.length(0);
    return;
  }
  const bgml::PathStamp& s = w.stamp;
  seq.length(3 + 2 * (s.count - 1));
  seq[0] = s.origin;
  seq[1] = w.via;
  seq[2] = s.at_ns[0];
  for (std::uint32_t i = 1; i != s.count; ++i) {
    seq[1 + 2 * i] = s.segment[i];
    seq[2 + 2 * i] = s.at_ns[i];
  }
}

/// Reads what encode() wrote; false (and an inactive wire) for anything else.
template <class Seq>
bool decode(const Seq& seq, PathWire& w)
{
  w = PathWire();
  const CORBA::ULong n = seq.length();
  if (n < 3 || (n - 3) % 2 != 0 || (n - 3) / 2 + 1 > bgml::PATH_MAX_STAMPS)
    return false;
  w.stamp.begin(static_cast<std::uint32_t>(seq[0]), seq[2]);
  w.via = static_cast<std::uint32_t>(seq[1]);
  for (CORBA::ULong i = 3; i + 1 < n; i += 2)
    w.stamp.mark(static_cast<std::uint32_t>(seq[i]), seq[i + 1]);
  return true;
}

/// A plain holder of 64-bit values with the sequence interface encode() needs.
struct Values {
  std::vector<std::uint64_t> v;
  CORBA::ULong length() const { return static_cast<CORBA::ULong>(v.size()); }
  void length(CORBA::ULong n) { v.resize(n); }
  std::uint64_t& operator[](CORBA::ULong i) { return v[i]; }
  const std::uint64_t& operator[](CORBA::ULong i) const { return v[i]; }
};

/// The stamp the current thread's next call carries (set by CallScope).
inline PathWire& outgoing()
{
  static thread_local PathWire w;
  return w;
}

/// The stamp the request being dispatched in this thread arrived with.
inline PathWire& incoming()
{
  static thread_local PathWire w;
  return w;
}

/// Sets the stamp for the calls made in its scope, and restores it after.
class CallScope {
public:
  explicit CallScope(const PathWire& w) : saved_(outgoing()) { outgoing() = w; }
  ~CallScope() { outgoing() = saved_; }

private:
  CallScope(const CallScope&);
  CallScope& operator=(const CallScope&);
  PathWire saved_;
};

namespace detail {

inline CORBA::Boolean add_path_context(omni::omniInterceptors::clientSendRequest_T::info_T& info)
{
  const PathWire& w = outgoing();
  if (!w.active())
    return 1;
  Values values;
  encode(w, values);
  IOP::ServiceContext ctx;
  ctx.context_id = PATH_CONTEXT_ID;
  ctx.context_data.length(values.length() * 8);
  CORBA::Octet* out = ctx.context_data.get_buffer();
  for (CORBA::ULong i = 0; i != values.length(); ++i)
    for (int b = 0; b != 8; ++b)
      out[8 * i + b] = static_cast<CORBA::Octet>((values[i] >> (8 * b)) & 0xff); // little endian, always
  CORBA::ULong n = info.service_contexts.length();
  info.service_contexts.length(n + 1);
  info.service_contexts[n] = ctx;
  return 1;
}

inline CORBA::Boolean read_path_context(omni::omniInterceptors::serverReceiveRequest_T::info_T& info)
{
  PathWire& w = incoming();
  w = PathWire();
  IOP::ServiceContextList& list = info.giop_s.service_contexts();
  for (CORBA::ULong k = 0; k != list.length(); ++k) {
    if (list[k].context_id != PATH_CONTEXT_ID)
      continue;
    const IOP::ServiceContext& ctx = list[k];
    Values values;
    values.length(ctx.context_data.length() / 8);
    for (CORBA::ULong i = 0; i != values.length(); ++i) {
      std::uint64_t x = 0;
      for (int b = 0; b != 8; ++b)
        x |= static_cast<std::uint64_t>(ctx.context_data[8 * i + b]) << (8 * b);
      values[i] = x;
    }
    decode(values, w);
  }
  return 1;
}

} // namespace detail

/// Adds the two interceptors that carry stamps in requests. Call once,
/// after ORB_init and before the first request.
inline void install_path_interceptors()
{
  omni::omniInterceptors* i = omniORB::getInterceptors();
  i->clientSendRequest.add(detail::add_path_context);
  i->serverReceiveRequest.add(detail::read_path_context);
}

/// The stamp of the call being served in this thread: the collocated
/// caller's, else the one its request carried (then consumed).
inline PathWire take_call_stamp()
{
  if (outgoing().active())
    return outgoing();
  PathWire w = incoming();
  incoming() = PathWire();
  return w;
}

/// Stands in for a loop's shape in the argument code of one call an action
/// makes (one thread).
struct OneThread {
  struct Spec {
    std::size_t threads;
  } spec;
  OneThread() { spec.threads = 1; }
};

/// Sends a stamp on: publishes on a source or calls through a receptacle,
/// on every connection of that port.
typedef std::function<void(const bgml::PathStamp&)> Sender;

/// The behaviour actions of one facet or sink, and the recorders of the
/// paths that end there. Upcalls may run concurrently: recording is locked.
class PortChain {
public:
  /// `action_segment`: the segment its actions close when they send (0: none).
  PortChain(const char* name, std::uint32_t action_segment)
    : name_(name), action_segment_(action_segment), arrivals_(0), failed_sends_(0) {}

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

  void add_recorder(bgml::PathRecorder* r) { recorders_.push_back(r); }

  /// A call or event arrived with `w`: record it where a path ends, then
  /// run the actions in order. A failed send (a peer already stopped at the
  /// end of the run) is counted and reported, not thrown.
  void arrive(const PathWire& w)
  {
    const std::uint64_t at = bgml::now_ns();
    arrivals_.fetch_add(1);
    bgml::PathStamp stamp = w.stamp;
    if (w.active() && !recorders_.empty()) {
      std::lock_guard<std::mutex> lock(mutex_);
      for (std::size_t i = 0; i != recorders_.size(); ++i)
        recorders_[i]->arrive(stamp, w.via, at);
    }
    if (w.active())
      stamp.mark(w.via, at);
    for (std::size_t i = 0; i != steps_.size(); ++i) {
      const Step& s = steps_[i];
      if (s.hop_limit != 0 && stamp.hops() >= s.hop_limit)
        continue;
      if (!s.send) {
        bgml::busy_work(s.micros);
        continue;
      }
      bgml::PathStamp out = stamp;
      if (action_segment_ != 0)
        out.mark(action_segment_);
      try {
        s.send(out);
      } catch (const CORBA::Exception& e) {
        if (failed_sends_.fetch_add(1) == 0)
          std::fprintf(stderr, "NOTE: %s: a send of its actions failed (%s); counted, not a run error\n",
                       name_.c_str(), e._name());
      }
    }
  }

  std::uint64_t arrivals() const { return arrivals_.load(); }
  std::uint64_t failed_sends() const { return failed_sends_.load(); }
  const std::string& name() const { return name_; }

private:
  struct Step {
    long micros;
    std::uint32_t hop_limit;
    Sender send;
  };

  std::string name_;
  std::uint32_t action_segment_;
  std::vector<Step> steps_;
  std::vector<bgml::PathRecorder*> recorders_;
  std::mutex mutex_;
  std::atomic<std::uint64_t> arrivals_;
  std::atomic<std::uint64_t> failed_sends_;
};

/// A reference resolved on first use (peers of a chain may start after
/// this process signals readiness), safe from concurrent upcalls.
template <class T>
class Lazy {
public:
  typedef std::function<typename T::_ptr_type()> Resolver;
  explicit Lazy(const Resolver& resolve) : resolve_(resolve) {}

  typename T::_ptr_type get()
  {
    std::call_once(once_, [this]() { ref_ = resolve_(); });
    return ref_.in();
  }

private:
  Resolver resolve_;
  std::once_flag once_;
  typename T::_var_type ref_;
};

} // namespace bgml_omniorb

#endif // BGML_OMNIORB_CHAIN_H
