package org.bgml.generator.tao

import org.bgml.model.BenchmarkModel

/**
 * {@code src/bgml_tao.h}: what every process of a TAO benchmark shares, so that each main stays as small as
 * TAO's own test mains: the command line, CPU placement, stop signals taken by a sigwait() thread, the ORB
 * thread, IOR files written atomically, and the timed loops over the measurement runtime.
 */
class SupportTemplate {
    val TaoNaming naming

    new(TaoNaming naming) {
        this.naming = naming
    }

    def header(BenchmarkModel model) {
        val guard = naming.guard(naming.supportHeaderPath)
        '''
            // «naming.supportHeader»: what every process of benchmark «model.name» shares: the command line, CPU
            // placement, stop signals, the ORB thread, IOR files and the timed loops.
            «TaoText.generatedNoticePlain("//")»
            //
            // Compiles as -std=gnu++11 against ACE 6 / TAO 2 and as C++17 against current ACE/TAO.

            #ifndef «guard»
            #define «guard»

            #include "tao/ORB.h"
            #include "tao/SystemException.h"
            #include "tao/Version.h"
            #include "ace/Version.h"
            #include "ace/Get_Opt.h"
            #include "ace/Task.h"
            #include "ace/Atomic_Op.h"
            #include "ace/Thread_Mutex.h"
            #include "ace/Log_Msg.h"
            #include "ace/OS_NS_signal.h"
            #include "ace/OS_NS_stdlib.h"
            #include "ace/OS_NS_sys_stat.h"
            #include "ace/OS_NS_Thread.h"
            #include "ace/OS_NS_unistd.h"

            #include "bgml/bgml.h"

            #include <algorithm>
            #include <cerrno>
            #include <csignal>
            #include <cstdio>
            #include <cstring>
            #include <limits>
            #include <string>
            #include <vector>

            namespace bgml_tao
            {
              /// What one metric loop runs: counts, threads, rate, deadline, duration and delays.
              struct Loop_Spec
              {
                Loop_Spec (std::size_t warmup_, std::size_t samples_)
                  : warmup (warmup_), samples (samples_), threads (1), rate_hz (0.0),
                    deadline_ns (0), duration_ms (0), pre_delay_ms (0), post_delay_ms (0)
                {
                }

                std::size_t warmup;
                std::size_t samples;
                unsigned threads;
                double rate_hz;              // 0: as fast as possible
                std::uint64_t deadline_ns;   // 0: the period
                unsigned long duration_ms;   // 0: count-driven
                unsigned long pre_delay_ms;
                unsigned long post_delay_ms;

                bool paced () const { return this->rate_hz > 0.0 || this->deadline_ns != 0; }
              };

              /// The command line of a generated process, after ORB_init took the -ORB options.
              struct Options
              {
                Options (const char *process_, const char *result_file_)
                  : process (process_), result_file (result_file_), samples (0), ior_timeout (30)
                {
                }

                /// The loop of a metric: the model's counts, or -n samples (warm-up no longer than that).
                Loop_Spec loop (std::size_t warmup, std::size_t samples_) const
                {
                  if (this->samples <= 0)
                    return Loop_Spec (warmup, samples_);
                  std::size_t const n = static_cast<std::size_t> (this->samples);
                  return Loop_Spec (std::min (warmup, n), n);
                }

                const char *process;
                std::string result_file;   // -r
                std::vector<int> cpus;     // -c
                long samples;              // -n, 0 = the model's counts
                int ior_timeout;           // -t, seconds to wait for each IOR file
              };

              inline void usage (const ACE_TCHAR *program)
              {
                ACE_ERROR ((LM_ERROR,
                            ACE_TEXT ("usage: %s [-r <result file>] [-c <cpu list>] [-n <samples>] ")
                            ACE_TEXT ("[-t <IOR wait, s>] [-h] [-ORB... options]\n"),
                            program));
              }

              /// 0: go on; 1: help was asked for; -1: bad command line.
              inline int parse_args (int argc, ACE_TCHAR *argv[], Options &options)
              {
                ACE_Get_Opt get_opts (argc, argv, ACE_TEXT ("r:c:n:t:h"));
                int c;
                while ((c = get_opts ()) != -1)
                  switch (c)
                    {
                    case 'r':
                      options.result_file = ACE_TEXT_ALWAYS_CHAR (get_opts.opt_arg ());
                      break;
                    case 'c':
                      if (!bgml::parse_cpu_list (ACE_TEXT_ALWAYS_CHAR (get_opts.opt_arg ()), options.cpus))
                        {
                          ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: %C: bad CPU list <%s>\n"),
                                      options.process, get_opts.opt_arg ()));
                          return -1;
                        }
                      break;
                    case 'n':
                      options.samples = ACE_OS::atoi (get_opts.opt_arg ());
                      if (options.samples <= 0)
                        {
                          ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: %C: -n needs a positive count\n"),
                                      options.process));
                          return -1;
                        }
                      break;
                    case 't':
                      options.ior_timeout = ACE_OS::atoi (get_opts.opt_arg ());
                      break;
                    case 'h':
                      usage (argv[0]);
                      return 1;
                    default:
                      usage (argv[0]);
                      return -1;
                    }
                return 0;
              }

              /// Pins the process to the -c CPUs; call it before any thread starts.
              inline bool place (const Options &options)
              {
                std::string error;
                if (!options.cpus.empty () && !bgml::set_affinity (options.cpus, &error))
                  {
                    ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: %C: %C\n"), options.process, error.c_str ()));
                    return false;
                  }
                return true;
              }

              /// The command line as given, -ORB options included, for the result file.
              inline std::string command_line (int argc, ACE_TCHAR *argv[])
              {
                std::string line;
                for (int i = 0; i < argc; ++i)
                  {
                    if (i != 0)
                      line += ' ';
                    line += ACE_TEXT_ALWAYS_CHAR (argv[i]);
                  }
                return line;
              }

              inline void add_labels (bgml::ResultFile &result, const std::string &command_line,
                                      const char *deployment, const char *configuration)
              {
                result.add_label ("orb", "TAO " TAO_VERSION);
                result.add_label ("ace", "ACE " ACE_VERSION);
                result.add_label ("commandLine", command_line);
                if (deployment != 0)
                  result.add_label ("deployment", deployment);
                if (configuration != 0)
                  result.add_label ("configuration", configuration);
              }

              /// Writes the result file (results/ is created when missing); false after printing ERROR.
              inline bool write_result (bgml::ResultFile &result, const Options &options)
              {
                result.read_footprint ();
                std::string::size_type const slash = options.result_file.rfind ('/');
                if (slash != std::string::npos && slash != 0)
                  ACE_OS::mkdir (options.result_file.substr (0, slash).c_str ());
                std::string error;
                if (!bgml::write_result_file (options.result_file, result, &error))
                  {
                    ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: %C: %C\n"), options.process, error.c_str ()));
                    return false;
                  }
                return true;
              }

              /// SIGTERM and SIGINT are blocked in every thread (construct this first in main) and taken by
              /// one thread with sigwait(), which shuts the ORB down: no ORB call runs in a signal handler.
              class Stop_Signals : public ACE_Task_Base
              {
              public:
                Stop_Signals ()
                  : signal_ (0), stopping_ (0)
                {
                  ACE_OS::sigemptyset (&this->set_);
                  ACE_OS::sigaddset (&this->set_, SIGTERM);
                  ACE_OS::sigaddset (&this->set_, SIGINT);
                  ACE_OS::thr_sigsetmask (SIG_BLOCK, &this->set_, 0);
                }

                ~Stop_Signals ()
                {
                  this->stop ();
                }

                int start (CORBA::ORB_ptr orb)
                {
                  this->orb_ = CORBA::ORB::_duplicate (orb);
                  return this->activate (THR_NEW_LWP | THR_JOINABLE, 1);
                }

                virtual int svc () override
                {
                  int signo = 0;
                  ACE_OS::sigwait (&this->set_, &signo);
                  this->signal_ = signo;
                  try
                    {
                      this->orb_->shutdown (false);
                    }
                  catch (const CORBA::Exception &)
                    {
                    }
                  return 0;
                }

                /// Ends the waiting thread when the process ends by itself; the ORB is shut down.
                void stop ()
                {
                  if (this->thr_count () > 0 && this->signal_.value () == 0 && this->stopping_++ == 0)
                    ACE_OS::kill (ACE_OS::getpid (), SIGTERM);
                  this->wait ();
                }

                /// The signal that stopped the process, or 0.
                int signalled () const { return this->signal_.value (); }

              private:
                sigset_t set_;
                CORBA::ORB_var orb_;
                ACE_Atomic_Op<ACE_Thread_Mutex, long> signal_;
                ACE_Atomic_Op<ACE_Thread_Mutex, long> stopping_;
              };

              /// Runs the ORB event loop in its own thread while the main thread drives metric loops.
              class ORB_Runner : public ACE_Task_Base
              {
              public:
                explicit ORB_Runner (CORBA::ORB_ptr orb)
                  : orb_ (CORBA::ORB::_duplicate (orb)), failed_ (false)
                {
                }

                virtual int svc () override
                {
                  try
                    {
                      this->orb_->run ();
                    }
                  catch (const CORBA::Exception &ex)
                    {
                      ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: ORB thread: %C\n"), ex._info ().c_str ()));
                      this->failed_ = true;
                    }
                  return 0;
                }

                bool failed () const { return this->failed_; }

              private:
                CORBA::ORB_var orb_;
                bool failed_;
              };

              /// Writes an IOR file atomically (temporary file, then rename): a reader sees all of it or none.
              inline bool write_ior (CORBA::ORB_ptr orb, CORBA::Object_ptr object, const char *path,
                                     const Options &options)
              {
                CORBA::String_var ior = orb->object_to_string (object);
                std::string error;
                if (!bgml::write_file_atomically (path, std::string (ior.in ()), &error))
                  {
                    ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: %C: %C\n"), options.process, error.c_str ()));
                    return false;
                  }
                return true;
              }

              /// Waits up to -t seconds for an IOR file, then turns it into an object reference (nil on failure).
              inline CORBA::Object_ptr read_ior (CORBA::ORB_ptr orb, const char *path, const Options &options)
              {
                std::uint64_t const deadline =
                  bgml::now_ns () + static_cast<std::uint64_t> (options.ior_timeout) * 1000000000ULL;
                for (;;)
                  {
                    std::string ior;
                    std::FILE *file = std::fopen (path, "r");
                    if (file != 0)
                      {
                        char buffer[4096];
                        std::size_t n;
                        while ((n = std::fread (buffer, 1, sizeof buffer, file)) > 0)
                          ior.append (buffer, n);
                        std::fclose (file);
                      }
                    while (!ior.empty () && (ior[ior.size () - 1] == '\n' || ior[ior.size () - 1] == '\r'))
                      ior.erase (ior.size () - 1);
                    if (!ior.empty ())
                      return orb->string_to_object (ior.c_str ());
                    if (bgml::now_ns () > deadline)
                      {
                        ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: %C: no IOR in %C after %d s\n"),
                                    options.process, path, options.ior_timeout));
                        return CORBA::Object::_nil ();
                      }
                    ACE_OS::sleep (ACE_Time_Value (0, 20000));
                  }
              }

              /// A string of n characters, owned by the caller (a String_var or a struct member).
              inline char *payload_string (CORBA::ULong n)
              {
                char *s = CORBA::string_alloc (n);
                std::memset (s, 'x', n);
                s[n] = '\0';
                return s;
              }

              /// Sequence elements that carry a payload of `bytes` when each element takes `element_size`.
              inline CORBA::ULong elements (std::size_t bytes, std::size_t element_size)
              {
                return static_cast<CORBA::ULong> (element_size == 0 ? 0 : bytes / element_size);
              }

              /// The cube of an integer, computed in unsigned 64-bit arithmetic so that it wraps instead of
              /// overflowing: the cubit behaviour.
              template <typename T>
              inline T cube (T x)
              {
                std::uint64_t const u = static_cast<std::uint64_t> (x);
                return static_cast<T> (u * u * u);
              }

              inline CORBA::Float cube (CORBA::Float x) { return x * x * x; }
              inline CORBA::Double cube (CORBA::Double x) { return x * x * x; }

              /// Spins on the CPU for `us` microseconds: the busy-work behaviour.
              inline void busy_work (unsigned long us)
              {
                std::uint64_t const end = bgml::now_ns () + static_cast<std::uint64_t> (us) * 1000ULL;
                while (bgml::now_ns () < end)
                  {
                  }
              }

              inline void sleep_ms (unsigned long ms)
              {
                if (ms != 0)
                  ACE_OS::sleep (ACE_Time_Value (static_cast<time_t> (ms / 1000), static_cast<suseconds_t> ((ms % 1000) * 1000)));
              }

              /// Warm-up calls (recorded apart), then the timed calls of one thread, paced when the spec says
              /// so. Nothing here allocates: the history was allocated before.
              template <typename Call>
              void timed_calls (Call &call, bgml::SampleHistory &history, const Loop_Spec &spec,
                                bgml::Pacer &pacer, std::uint64_t &begin, std::uint64_t &end)
              {
                for (std::size_t i = 0; i != spec.warmup; ++i)
                  {
                    std::uint64_t const start = bgml::now_ns ();
                    call (start);
                    history.record (bgml::now_ns () - start);
                  }
                bool const paced = spec.paced ();
                begin = bgml::now_ns ();
                std::uint64_t const end_by = spec.duration_ms == 0 ? 0 : begin + spec.duration_ms * 1000000ULL;
                if (paced)
                  pacer.start ();
                for (std::size_t i = 0; i != spec.samples; ++i)
                  {
                    std::uint64_t const start = paced ? pacer.wait_for_period () : bgml::now_ns ();
                    call (start);
                    std::uint64_t const now = bgml::now_ns ();
                    history.record (now - start);
                    if (paced)
                      pacer.call_finished (now);
                    if (end_by != 0 && now >= end_by)
                      break;
                  }
                end = bgml::now_ns ();
              }

              /// The threads of a multi-threaded metric: each copies the call and fills its own history.
              template <typename Call>
              class Loop_Task : public ACE_Task_Base
              {
              public:
                Loop_Task (const Call &call, const Loop_Spec &spec)
                  : call_ (call), spec_ (spec),
                    histories_ (spec.threads, spec.warmup, spec.samples),
                    begin_ (spec.threads, 0), end_ (spec.threads, 0),
                    missed_ (spec.threads, 0), skipped_ (spec.threads, 0),
                    next_ (0), failures_ (0)
                {
                }

                virtual int svc () override
                {
                  std::size_t const index = static_cast<std::size_t> (this->next_++);
                  try
                    {
                      Call call (this->call_);
                      Loop_Spec spec (this->spec_);
                      spec.rate_hz = this->spec_.rate_hz / this->spec_.threads;
                      bgml::Pacer pacer (bgml::period_from_hz (spec.rate_hz), spec.deadline_ns);
                      timed_calls (call, this->histories_.at (index), spec, pacer,
                                   this->begin_[index], this->end_[index]);
                      this->missed_[index] = pacer.missed ();
                      this->skipped_[index] = pacer.skipped ();
                    }
                  catch (const CORBA::Exception &ex)
                    {
                      ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: client thread %d: %C\n"),
                                  static_cast<int> (index), ex._info ().c_str ()));
                      ++this->failures_;
                    }
                  return 0;
                }

                /// Runs every thread to the end and fills `m`; false when a thread failed.
                bool run (bgml::Measurement &m)
                {
                  if (this->activate (THR_NEW_LWP | THR_JOINABLE, static_cast<int> (this->spec_.threads)) != 0)
                    {
                      ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: cannot start %d client threads\n"),
                                  static_cast<int> (this->spec_.threads)));
                      return false;
                    }
                  this->wait ();
                  m.set_samples (this->histories_);
                  std::uint64_t first = this->begin_[0];
                  std::uint64_t last = this->end_[0];
                  std::int64_t missed = 0;
                  std::int64_t skipped = 0;
                  for (std::size_t i = 0; i != this->spec_.threads; ++i)
                    {
                      first = std::min (first, this->begin_[i]);
                      last = std::max (last, this->end_[i]);
                      missed += static_cast<std::int64_t> (this->missed_[i]);
                      skipped += static_cast<std::int64_t> (this->skipped_[i]);
                    }
                  m.wall_ns = static_cast<std::int64_t> (last - first);
                  if (this->spec_.paced ())
                    {
                      if (this->spec_.rate_hz > 0.0)
                        m.rate_hz = this->spec_.rate_hz;
                      m.missed_deadlines = missed;
                      m.skipped_periods = skipped;
                    }
                  return this->failures_.value () == 0;
                }

              private:
                Call call_;
                Loop_Spec spec_;
                bgml::ThreadHistories histories_;
                std::vector<std::uint64_t> begin_;
                std::vector<std::uint64_t> end_;
                std::vector<std::uint64_t> missed_;
                std::vector<std::uint64_t> skipped_;
                ACE_Atomic_Op<ACE_Thread_Mutex, unsigned long> next_;
                ACE_Atomic_Op<ACE_Thread_Mutex, long> failures_;
              };

              inline void report (const Options &options, const bgml::Measurement &m)
              {
                ACE_DEBUG ((LM_INFO, ACE_TEXT ("%C: %C %C, %q B: %C\n"), options.process, m.kind.c_str (),
                            m.metric.c_str (), static_cast<ACE_INT64> (m.payload_bytes),
                            bgml::summary_line (m.stats).c_str ()));
              }

              /// One metric at one payload size: the timed loop, statistics from the samples, a console line.
              /// False when a client thread failed (single-threaded loops throw instead).
              template <typename Call>
              bool measure (Call &call, const Loop_Spec &spec, bgml::Measurement &m, const Options &options)
              {
                sleep_ms (spec.pre_delay_ms);
                bool ok = true;
                if (spec.threads <= 1)
                  {
                    bgml::SampleHistory history (spec.warmup, spec.samples);
                    bgml::Pacer pacer (bgml::period_from_hz (spec.rate_hz), spec.deadline_ns);
                    std::uint64_t begin = 0;
                    std::uint64_t end = 0;
                    timed_calls (call, history, spec, pacer, begin, end);
                    m.set_samples (history);
                    m.threads = 1;
                    m.wall_ns = static_cast<std::int64_t> (end - begin);
                    if (spec.paced ())
                      {
                        m.set_pacer (pacer);
                        if (!(spec.rate_hz > 0.0))
                          m.rate_hz = std::numeric_limits<double>::quiet_NaN ();
                      }
                  }
                else
                  {
                    Loop_Task<Call> task (call, spec);
                    ok = task.run (m);
                  }
                sleep_ms (spec.post_delay_ms);
                report (options, m);
                return ok;
              }

              /// Context switches per call around the timed loop (the calling thread's, from getrusage).
              template <typename Call>
              bool measure_context_switches (Call &call, const Loop_Spec &spec, bgml::Measurement &m,
                                             const Options &options)
              {
                Loop_Spec single (spec);
                single.threads = 1;
                long const before = bgml::thread_context_switches ();
                bool const ok = measure (call, single, m, options);
                long const after = bgml::thread_context_switches ();
                if (before >= 0 && after >= before && m.calls > 0)
                  m.value = static_cast<double> (after - before) / static_cast<double> (m.calls);
                return ok;
              }

              /// Static and dynamic footprint of this process, as one measurement.
              inline void measure_footprint (bgml::ResultFile &result, bgml::Measurement &m)
              {
                result.read_footprint ();
                m.set_footprint (result.footprint);
                m.unit = "bytes";
              }

              /// One series of events a consumer receives: one metric at one payload size.
              struct Event_Series_Spec
              {
                const char *kind;
                const char *metric;
                const char *element;
                const char *event_type;
                std::size_t samples;
                std::int64_t payload_bytes;
              };

              /// Latencies of pushed events as the consumer sees them: receive time minus the send time the event
              /// carries. Warm-up events are counted, not timed. Only the ORB thread records.
              class Event_Series
              {
              public:
                Event_Series (const Event_Series_Spec *specs, std::size_t count)
                  : specs_ (specs, specs + count), warmups_ (count, 0), first_ (count, 0), last_ (count, 0)
                {
                  for (std::size_t i = 0; i != count; ++i)
                    this->histories_.push_back (bgml::SampleHistory (0, specs[i].samples));
                }

                void record (CORBA::ULong series, bool warmup, std::uint64_t sent_ns, std::uint64_t now)
                {
                  if (series >= this->histories_.size ())
                    return;
                  if (warmup)
                    {
                      ++this->warmups_[series];
                      return;
                    }
                  if (this->first_[series] == 0)
                    this->first_[series] = now;
                  this->last_[series] = now;
                  this->histories_[series].record (now > sent_ns ? now - sent_ns : 0);
                }

                void add_to (bgml::ResultFile &result, const Options &options) const
                {
                  for (std::size_t i = 0; i != this->specs_.size (); ++i)
                    {
                      const Event_Series_Spec &spec = this->specs_[i];
                      bgml::Measurement m (spec.kind, spec.metric, spec.element);
                      m.operation = spec.event_type;
                      m.payload_bytes = spec.payload_bytes;
                      m.set_samples (this->histories_[i]);
                      m.warmup = static_cast<std::int64_t> (this->warmups_[i]);
                      m.threads = 1;
                      m.wall_ns = static_cast<std::int64_t> (this->last_[i] - this->first_[i]);
                      report (options, m);
                      result.add (m);
                    }
                }

              private:
                std::vector<Event_Series_Spec> specs_;
                std::vector<bgml::SampleHistory> histories_;
                std::vector<std::size_t> warmups_;
                std::vector<std::uint64_t> first_;
                std::vector<std::uint64_t> last_;
              };

              /// One lookup: the reference from its stringified IOR, narrowed to its interface.
              template <typename Interface>
              class Lookup_Call
              {
              public:
                Lookup_Call (CORBA::ORB_ptr orb, CORBA::Object_ptr object)
                  : orb_ (CORBA::ORB::_duplicate (orb))
                {
                  CORBA::String_var ior = orb->object_to_string (object);
                  this->ior_ = ior.in ();
                }

                void operator() (std::uint64_t)
                {
                  CORBA::Object_var object = this->orb_->string_to_object (this->ior_.c_str ());
                  typename Interface::_var_type narrowed = Interface::_narrow (object.in ());
                  ACE_UNUSED_ARG (narrowed);
                }

              private:
                CORBA::ORB_var orb_;
                std::string ior_;
              };
            }

            #endif /* «guard» */
        '''
    }
}
