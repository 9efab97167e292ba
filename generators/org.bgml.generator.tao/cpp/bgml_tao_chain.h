// bgml_tao_chain.h: event chains on TAO. A facet's or sink's behaviour
// actions (busy work, calls through receptacles, publications on sources)
// run on each call or event it receives, and the bgml::PathStamp of an
// end-to-end path travels with what they send:
//
//  - in events, as the `path` member of the timed wrapper the event is
//    pushed in (directly to the consumer or through a CosEvent channel);
//  - in calls, as a request service context: a portable client request
//    interceptor adds it in send_request, a server request interceptor
//    reads it in receive_request_service_contexts. TAO runs both for
//    collocated calls through the POA too (thru_poa, its default). Every
//    request of a chained process carries the context, empty when it is on
//    no path, so that the server never pays for the BAD_PARAM a missing
//    context raises (event pushes, whose stamp is in the event, are not
//    looked at: a channel's pushes carry no context); with
//    the `direct` collocation strategy no server interceptor runs, and the
//    callee reads the caller's stamp from a thread-local instead.
//
// On the wire a stamp is a sequence of 64-bit values: origin, the segment
// the arrival closes (the connection sent on), the origin time, then one
// (segment, time) pair per boundary passed. The process that owns a path's
// end hands arrivals to a bgml::PathRecorder. Header only; written into
// benchmarks whose model has actions, timers or paths.

#ifndef BGML_TAO_CHAIN_H
#define BGML_TAO_CHAIN_H

#include "tao/ORB.h"
#include "tao/LocalObject.h"
#include "tao/ORBInitializer_Registry.h"
#include "tao/PI/PI.h"
#include "tao/PI_Server/PI_Server.h"
#include "tao/SystemException.h"
#include "ace/OS_NS_string.h"

#include "bgml_tao.h"
#include "bgml/path.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace bgml_tao
{
  /// The series of a chain's events: none of a consumer's metric series.
  const CORBA::ULong NO_SERIES = 0xffffffffu;

  /// Service context id of the stamp in requests ("BGM" and a version).
  const IOP::ServiceId PATH_CONTEXT_ID = 0x42474d01;

  /// A stamp in flight, with the segment its arrival closes.
  struct Path_Wire
  {
    Path_Wire () : via (0) {}
    Path_Wire (const bgml::PathStamp &s, std::uint32_t v) : stamp (s), via (v) {}
    bool active () const { return this->stamp.active (); }

    bgml::PathStamp stamp;
    std::uint32_t via;
  };

  /// Fills a sequence of 64-bit values (IDL sequence<unsigned long long>).
  template <typename Seq>
  void encode (const Path_Wire &w, Seq &seq)
  {
    if (!w.active ())
      {
        seq.length (0);
        return;
      }
    const bgml::PathStamp &s = w.stamp;
    seq.length (3 + 2 * (s.count - 1));
    seq[0] = s.origin;
    seq[1] = w.via;
    seq[2] = s.at_ns[0];
    for (std::uint32_t i = 1; i != s.count; ++i)
      {
        seq[1 + 2 * i] = s.segment[i];
        seq[2 + 2 * i] = s.at_ns[i];
      }
  }

  /// Reads what encode() wrote; false (and an inactive wire) for anything else.
  template <typename Seq>
  bool decode (const Seq &seq, Path_Wire &w)
  {
    w = Path_Wire ();
    CORBA::ULong const n = seq.length ();
    if (n < 3 || (n - 3) % 2 != 0 || (n - 3) / 2 + 1 > bgml::PATH_MAX_STAMPS)
      return false;
    w.stamp.begin (static_cast<std::uint32_t> (seq[0]), seq[2]);
    w.via = static_cast<std::uint32_t> (seq[1]);
    for (CORBA::ULong i = 3; i + 1 < n; i += 2)
      w.stamp.mark (static_cast<std::uint32_t> (seq[i]), seq[i + 1]);
    return true;
  }

  /// A plain holder of 64-bit values with the sequence interface encode() needs.
  struct Values
  {
    std::vector<std::uint64_t> v;
    CORBA::ULong length () const { return static_cast<CORBA::ULong> (this->v.size ()); }
    void length (CORBA::ULong n) { this->v.resize (n); }
    std::uint64_t &operator[] (CORBA::ULong i) { return this->v[i]; }
    const std::uint64_t &operator[] (CORBA::ULong i) const { return this->v[i]; }
  };

  /// The stamp the current thread's next call carries (set by Call_Scope).
  inline Path_Wire &outgoing ()
  {
    static thread_local Path_Wire w;
    return w;
  }

  /// What the server interceptor found in the request being dispatched in this thread.
  struct Incoming
  {
    Incoming () : seen (false) {}
    Path_Wire wire;
    bool seen;   // the server interceptor ran for this request
  };

  inline Incoming &incoming ()
  {
    static thread_local Incoming in;
    return in;
  }

  /// Sets the stamp for the calls made in its scope, and restores it after.
  class Call_Scope
  {
  public:
    explicit Call_Scope (const Path_Wire &w) : saved_ (outgoing ()) { outgoing () = w; }
    ~Call_Scope () { outgoing () = this->saved_; }

  private:
    Call_Scope (const Call_Scope &);
    Call_Scope &operator= (const Call_Scope &);
    Path_Wire saved_;
  };

  /// The stamp of the call being served in this thread: the one its request
  /// carried (then consumed), or, when no server interceptor ran (direct
  /// collocation), the collocated caller's.
  inline Path_Wire take_call_stamp ()
  {
    Incoming &in = incoming ();
    if (in.seen)
      {
        Path_Wire w = in.wire;
        in = Incoming ();
        return w;
      }
    return outgoing ();
  }

  /// Adds the current thread's stamp to each request as a service context (empty when none).
  class Path_Client_Interceptor
    : public virtual PortableInterceptor::ClientRequestInterceptor,
      public virtual ::CORBA::LocalObject
  {
  public:
    virtual char *name () override { return CORBA::string_dup ("bgml_path_client"); }
    virtual void destroy () override {}
    virtual void send_poll (PortableInterceptor::ClientRequestInfo_ptr) override {}
    virtual void receive_reply (PortableInterceptor::ClientRequestInfo_ptr) override {}
    virtual void receive_exception (PortableInterceptor::ClientRequestInfo_ptr) override {}
    virtual void receive_other (PortableInterceptor::ClientRequestInfo_ptr) override {}

    virtual void send_request (PortableInterceptor::ClientRequestInfo_ptr ri) override
    {
      const Path_Wire &w = outgoing ();
      Values values;
      encode (w, values);
      IOP::ServiceContext ctx;
      ctx.context_id = PATH_CONTEXT_ID;
      ctx.context_data.length (values.length () * 8);
      CORBA::Octet *out = ctx.context_data.get_buffer ();
      for (CORBA::ULong i = 0; i != values.length (); ++i)
        for (int b = 0; b != 8; ++b)
          out[8 * i + b] = static_cast<CORBA::Octet> ((values[i] >> (8 * b)) & 0xff); // little endian, always
      ri->add_request_service_context (ctx, false);
    }
  };

  /// Reads the stamp of each request into the dispatching thread (none: an inactive stamp).
  class Path_Server_Interceptor
    : public virtual PortableInterceptor::ServerRequestInterceptor,
      public virtual ::CORBA::LocalObject
  {
  public:
    virtual char *name () override { return CORBA::string_dup ("bgml_path_server"); }
    virtual void destroy () override {}
    virtual void receive_request (PortableInterceptor::ServerRequestInfo_ptr) override {}
    virtual void send_reply (PortableInterceptor::ServerRequestInfo_ptr) override {}
    virtual void send_exception (PortableInterceptor::ServerRequestInfo_ptr) override {}
    virtual void send_other (PortableInterceptor::ServerRequestInfo_ptr) override {}

    virtual void receive_request_service_contexts (PortableInterceptor::ServerRequestInfo_ptr ri) override
    {
      Incoming &in = incoming ();
      in = Incoming ();
      in.seen = true;
      outgoing () = Path_Wire (); // a nested upcall starts clean; the caller's scope restores its own
      CORBA::String_var operation = ri->operation ();
      if (ACE_OS::strcmp (operation.in (), "push") == 0)
        return; // an event: its stamp travels in the event
      IOP::ServiceContext_var ctx;
      try
        {
          ctx = ri->get_request_service_context (PATH_CONTEXT_ID);
        }
      catch (const CORBA::BAD_PARAM &)
        {
          return; // from a process that runs no chain
        }
      Values values;
      values.length (ctx->context_data.length () / 8);
      for (CORBA::ULong i = 0; i != values.length (); ++i)
        {
          std::uint64_t x = 0;
          for (int b = 0; b != 8; ++b)
            x |= static_cast<std::uint64_t> (ctx->context_data[8 * i + b]) << (8 * b);
          values[i] = x;
        }
      decode (values, in.wire);
    }
  };

  /// Registers both interceptors with every ORB this process initialises.
  class Path_ORB_Initializer
    : public virtual PortableInterceptor::ORBInitializer,
      public virtual ::CORBA::LocalObject
  {
  public:
    virtual void pre_init (PortableInterceptor::ORBInitInfo_ptr) override {}

    virtual void post_init (PortableInterceptor::ORBInitInfo_ptr info) override
    {
      PortableInterceptor::ClientRequestInterceptor_var client = new Path_Client_Interceptor;
      info->add_client_request_interceptor (client.in ());
      PortableInterceptor::ServerRequestInterceptor_var server = new Path_Server_Interceptor;
      info->add_server_request_interceptor (server.in ());
    }
  };

  /// Call once before ORB_init: stamps then travel in every request's service contexts.
  inline void register_path_interceptors ()
  {
    PortableInterceptor::ORBInitializer_var initializer = new Path_ORB_Initializer;
    PortableInterceptor::register_orb_initializer (initializer.in ());
  }

  /// Sends a stamp on: publishes on a source or calls through a receptacle,
  /// on every connection of that port.
  typedef std::function<void (const bgml::PathStamp &)> Sender;

  /// The behaviour actions of one facet or sink, and the recorders of the
  /// paths that end there. Upcalls may run concurrently or nested (a thread
  /// waiting for a reply serves other requests): only recording is locked,
  /// never a send.
  class Port_Chain
  {
  public:
    /// `action_segment`: the segment its actions close when they send (0: none).
    Port_Chain (const char *name, std::uint32_t action_segment)
      : name_ (name), action_segment_ (action_segment), arrivals_ (0), failed_sends_ (0)
    {
    }

    void add_busy_work (unsigned long micros, std::uint32_t hop_limit)
    {
      Step s = { micros, hop_limit, Sender () };
      this->steps_.push_back (s);
    }

    void add_send (const Sender &send, std::uint32_t hop_limit)
    {
      Step s = { 0, hop_limit, send };
      this->steps_.push_back (s);
    }

    void add_recorder (bgml::PathRecorder *r) { this->recorders_.push_back (r); }

    /// A call or event arrived at `at` with `w`: record it where a path ends,
    /// then run the actions in order; an action with a hop limit runs only
    /// while the stamp has passed fewer hops. A failed send (a peer already
    /// stopped at the end of the run) is counted and noted, not thrown.
    void arrive (const Path_Wire &w, std::uint64_t at)
    {
      this->arrivals_.fetch_add (1);
      bgml::PathStamp stamp = w.stamp;
      if (w.active () && !this->recorders_.empty ())
        {
          std::lock_guard<std::mutex> lock (this->mutex_);
          for (std::size_t i = 0; i != this->recorders_.size (); ++i)
            this->recorders_[i]->arrive (stamp, w.via, at);
        }
      if (w.active ())
        stamp.mark (w.via, at);
      for (std::size_t i = 0; i != this->steps_.size (); ++i)
        {
          const Step &s = this->steps_[i];
          if (s.hop_limit != 0 && stamp.hops () >= s.hop_limit)
            continue;
          if (!s.send)
            {
              bgml::busy_work (s.micros);
              continue;
            }
          bgml::PathStamp out = stamp;
          if (this->action_segment_ != 0)
            out.mark (this->action_segment_);
          try
            {
              s.send (out);
            }
          catch (const CORBA::Exception &ex)
            {
              if (this->failed_sends_.fetch_add (1) == 0)
                ACE_DEBUG ((LM_INFO, ACE_TEXT ("NOTE: %C: a send of its actions failed (%C); counted, not a run error\n"),
                            this->name_.c_str (), ex._name ()));
            }
        }
    }

    void arrive (const Path_Wire &w) { this->arrive (w, bgml::now_ns ()); }

    std::uint64_t arrivals () const { return this->arrivals_.load (); }
    std::uint64_t failed_sends () const { return this->failed_sends_.load (); }

  private:
    struct Step
    {
      unsigned long micros;
      std::uint32_t hop_limit;
      Sender send;
    };

    std::string name_;
    std::uint32_t action_segment_;
    std::vector<Step> steps_;
    std::vector<bgml::PathRecorder *> recorders_;
    std::mutex mutex_;
    std::atomic<std::uint64_t> arrivals_;
    std::atomic<std::uint64_t> failed_sends_;
  };

  /// A reference resolved on first use: the peers of a chain may start after
  /// this process is ready. Resolvers make no remote call (IOR files,
  /// unchecked narrows, collocated objects), so no nested upcall can reach
  /// the same resolution while it runs.
  template <typename T>
  class Lazy
  {
  public:
    typedef std::function<typename T::_ptr_type ()> Resolver;

    explicit Lazy (const Resolver &resolve) : resolve_ (resolve) {}

    typename T::_ptr_type get ()
    {
      std::call_once (this->once_, [this] () { this->ref_ = this->resolve_ (); });
      if (CORBA::is_nil (this->ref_.in ()))
        throw CORBA::TRANSIENT ();
      return this->ref_.in ();
    }

  private:
    Resolver resolve_;
    std::once_flag once_;
    typename T::_var_type ref_;
  };

  /// A reference from an IOR file (waiting up to -t seconds), narrowed without a remote call.
  template <typename T>
  typename T::_ptr_type resolve_ior (CORBA::ORB_ptr orb, const char *path, const Options &options)
  {
    CORBA::Object_var object = read_ior (orb, path, options);
    return T::_unchecked_narrow (object.in ());
  }

  /// One tick of a rate generator: starts a path at the publication and sends it on.
  class Tick_Call
  {
  public:
    Tick_Call (const Sender &send, std::uint32_t origin) : send_ (send), origin_ (origin) {}

    void operator() (std::uint64_t)
    {
      bgml::PathStamp stamp;
      stamp.begin (this->origin_); // the publication, not its scheduled time, starts the path
      this->send_ (stamp);
    }

  private:
    Sender send_;
    std::uint32_t origin_;
  };

  /// The measurements of one path metric: one per hop segment, then the end-to-end total.
  inline void add_path_results (bgml::ResultFile &result, const bgml::PathRecorder &recorder, const char *metric,
                                const char *end, const Options &options)
  {
    std::vector<bgml::Measurement> ms = bgml::segment_measurements (recorder.timer (), metric, end, "", "pathLatency");
    for (std::size_t i = 0; i != ms.size (); ++i)
      {
        report (options, ms[i]);
        result.add (ms[i]);
      }
    // arrivals at the end port along another route (or from another origin): not in the figures, but counted
    result.add_label (std::string ("strayArrivals ") + metric, std::to_string (recorder.stray ()));
    if (recorder.stray () != 0)
      ACE_DEBUG ((LM_INFO, ACE_TEXT ("%C: %C: %d arrivals from elsewhere not counted\n"), options.process, metric,
                  static_cast<int> (recorder.stray ())));
  }
}

#endif /* BGML_TAO_CHAIN_H */
