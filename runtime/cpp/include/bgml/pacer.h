// bgml/pacer.h: fixed-rate workloads and missed deadlines.
//
// Period k starts at start + k * period (absolute times on
// CLOCK_MONOTONIC, so sleeping late never shifts the schedule). The
// call released in period k must finish by start + k * period +
// deadline; the deadline defaults to the period. A call that finishes
// later is a missed deadline.
//
// With period 0 there is no pacing (calls run as fast as they can) and
// each call's deadline counts from the moment wait_for_period() returned.
//
// A late call does not cause a burst of catch-up calls: at most one call
// is released per period. After a late call the next call starts at
// once if its period is still running; periods that ended while the
// late call ran get no call and are counted as skipped.
//
//   bgml::Pacer pacer(bgml::period_from_hz(1000.0));   // 1 kHz
//   pacer.start();
//   for (std::size_t i = 0; i != calls; ++i) {
//     std::uint64_t begin = pacer.wait_for_period();
//     server->test_method(payload);
//     std::uint64_t end = bgml::now_ns();
//     history.record(end - begin);
//     pacer.call_finished(end);
//   }
//   pacer.missed();

#ifndef BGML_PACER_H
#define BGML_PACER_H

#include <cerrno>
#include <cstdint>
#include <time.h>

#include "bgml/timer.h"

namespace bgml {

/// The period of a rate in Hz, in ns (rounded); 0 for a rate <= 0.
inline std::uint64_t period_from_hz(double hz)
{
  if (!(hz > 0.0))
    return 0;
  return static_cast<std::uint64_t>(1e9 / hz + 0.5);
}

/// Sleep until the absolute CLOCK_MONOTONIC time `t_ns`.
inline void sleep_until_ns(std::uint64_t t_ns)
{
  struct timespec ts;
  ts.tv_sec = static_cast<time_t>(t_ns / 1000000000ULL);
  ts.tv_nsec = static_cast<long>(t_ns % 1000000000ULL);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, 0) == EINTR) {
  }
}

class Pacer {
public:
  /// deadline_ns == 0 means "the period". With period_ns == 0 there is
  /// no pacing, and no deadline unless deadline_ns is given. With
  /// spin_ns > 0 the pacer sleeps until spin_ns before the period start
  /// and then spins, which releases calls more precisely at the cost of
  /// a busy CPU.
  explicit Pacer(std::uint64_t period_ns, std::uint64_t deadline_ns = 0,
                 std::uint64_t spin_ns = 0)
    : period_(period_ns),
      deadline_(deadline_ns != 0 ? deadline_ns : period_ns),
      spin_(spin_ns),
      start_(0), period_index_(0), release_(0), started_(false),
      calls_(0), missed_(0), skipped_(0)
  {
  }

  /// Period 0 starts now. Called by the first wait_for_period() if not
  /// called before.
  void start()
  {
    start_ = now_ns();
    period_index_ = 0;
    started_ = true;
  }

  /// Wait until the current period starts and return the time the call
  /// may start (now). Returns at once when the period has already
  /// started, which happens after a late call.
  std::uint64_t wait_for_period()
  {
    if (!started_)
      start();
    std::uint64_t release = period_start();
    std::uint64_t now = now_ns();
    if (now < release && spin_ == 0) {
      sleep_until_ns(release);
      now = now_ns();
    } else if (now < release) {
      if (release - now > spin_)
        sleep_until_ns(release - spin_);
      while ((now = now_ns()) < release) {
      }
    }
    release_ = now;
    return now;
  }

  /// Report that the current period's call finished at `end_ns`.
  /// Returns true when it missed its deadline. The next call belongs to
  /// the next period, or, when the call ran past the end of that one
  /// too, to the period in which the call ended; the periods in between
  /// are skipped.
  bool call_finished(std::uint64_t end_ns)
  {
    ++calls_;
    bool missed = deadline_ != 0 && end_ns > deadline();
    if (missed)
      ++missed_;
    std::uint64_t next = period_index_ + 1;
    if (period_ != 0 && end_ns > start_) {
      std::uint64_t ended_in = (end_ns - start_) / period_;
      if (ended_in > next) {
        skipped_ += ended_in - next;
        next = ended_in;
      }
    }
    period_index_ = next;
    return missed;
  }

  /// Same, reading the clock now.
  bool call_finished() { return call_finished(now_ns()); }

  std::uint64_t period_ns() const { return period_; }
  std::uint64_t deadline_ns() const { return deadline_; }
  std::uint64_t period_start() const { return start_ + period_index_ * period_; }
  /// Absolute deadline of the current call.
  std::uint64_t deadline() const
  {
    return (period_ != 0 ? period_start() : release_) + deadline_;
  }
  std::uint64_t calls() const { return calls_; }
  std::uint64_t missed() const { return missed_; }
  std::uint64_t skipped() const { return skipped_; }

private:
  std::uint64_t period_;
  std::uint64_t deadline_;
  std::uint64_t spin_;
  std::uint64_t start_;
  std::uint64_t period_index_;
  std::uint64_t release_; // when wait_for_period() last returned
  bool started_;
  std::uint64_t calls_;
  std::uint64_t missed_;
  std::uint64_t skipped_;
};

} // namespace bgml

#endif // BGML_PACER_H
