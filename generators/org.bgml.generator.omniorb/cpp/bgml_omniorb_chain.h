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
// On the wire a stamp is a sequence of 64-bit values: the segment the
// arrival closes (the connection sent on), then the stamp's values
// (bgml/chain.h). The actions, the path ends and the thread's stamps are the
// runtime's (bgml::PortChain, bgml::PathContext); this header carries
// stamps through omniORB. Header only; copied into benchmarks whose model
// has actions, timers or paths.

#ifndef BGML_OMNIORB_CHAIN_H
#define BGML_OMNIORB_CHAIN_H

#include <omniORB4/CORBA.h>
#include <omniORB4/omniInterceptors.h>
#include <omniORB4/internal/giopStrand.h>
#include <omniORB4/internal/giopStream.h>
#include <omniORB4/internal/GIOP_S.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "bgml/chain.h"
#include "bgml/path.h"
#include "bgml/timer.h"

namespace bgml_omniorb {

/// Service context id of the stamp in requests ("BGM" and a version).
const CORBA::ULong PATH_CONTEXT_ID = 0x42474d01;

/// Fills a sequence of 64-bit values (IDL `sequence<unsigned long long>`): the segment the arrival closes
/// (`via`, the connection sent on), then the stamp as bgml::write_path_values() writes it. Empty for an
/// inactive stamp.
template <class Seq>
void encode(const bgml::PathStamp& stamp, std::uint32_t via, Seq& seq)
{
  const std::size_t n = bgml::path_value_count(stamp);
  seq.length(n == 0 ? 0 : static_cast<CORBA::ULong>(1 + n));
  if (n == 0)
    return;
  seq[0] = via;
  bgml::write_path_values(stamp, seq, 1);
}

/// What encode() wrote, as an arrival at `at`; an inactive stamp for anything else.
template <class Seq>
bgml::Arrival decode(const Seq& seq, std::uint64_t at)
{
  const CORBA::ULong n = seq.length();
  if (n < 1)
    return bgml::Arrival(bgml::PathStamp(), 0, at);
  return bgml::Arrival(bgml::read_path_values(seq, 1, n - 1), static_cast<std::uint32_t>(seq[0]), at);
}

/// A plain holder of 64-bit values with the sequence interface encode() needs.
struct Values {
  std::vector<std::uint64_t> v;
  CORBA::ULong length() const { return static_cast<CORBA::ULong>(v.size()); }
  void length(CORBA::ULong n) { v.resize(n); }
  std::uint64_t& operator[](CORBA::ULong i) { return v[i]; }
  const std::uint64_t& operator[](CORBA::ULong i) const { return v[i]; }
};

namespace detail {

/// The stamp of this thread's call (bgml::CallScope) into the request's service contexts.
inline CORBA::Boolean add_path_context(omni::omniInterceptors::clientSendRequest_T::info_T& info)
{
  const bgml::PathContext& c = bgml::path_context();
  if (!c.outgoing.active())
    return 1;
  Values values;
  encode(c.outgoing, c.outgoing_closes, values);
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

/// The stamp a request carries into this thread's context, for bgml::take_arrival() in the upcall; a
/// request without one clears what an earlier request may have left.
inline CORBA::Boolean read_path_context(omni::omniInterceptors::serverReceiveRequest_T::info_T& info)
{
  bgml::PathContext& c = bgml::path_context();
  c.incoming = bgml::PathStamp();
  c.incoming_closes = 0;
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
    const bgml::Arrival a = decode(values, 0);
    c.incoming = a.stamp;
    c.incoming_closes = a.closes;
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

/// Names what a failed send of a bgml::PortChain threw: a CORBA exception by its name.
inline std::string exception_text()
{
  try {
    throw;
  } catch (const CORBA::Exception& e) {
    return e._name();
  } catch (...) {
    return bgml::current_exception_text();
  }
}

/// Stands in for a loop's shape in the argument code of one call an action
/// makes (one thread).
struct OneThread {
  struct Spec {
    std::size_t threads;
  } spec;
  OneThread() { spec.threads = 1; }
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
