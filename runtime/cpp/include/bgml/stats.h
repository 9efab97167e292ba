// bgml/stats.h: statistics computed from the samples themselves.
//
// Percentile rule (nearest rank): with the n samples sorted ascending
// and numbered 1..n, the q-th percentile is the sample of rank
// ceil(q/100 * n), and at least rank 1. It is always one of the
// samples, never an interpolation. The arithmetic is done in integers
// (q in hundredths of a percent) so that p99.9 of 1000 samples is
// exactly sample 999.
//
// stddev is the sample standard deviation (divisor n - 1); it is 0 for
// a single sample.
//
// Histogram: buckets are log-scaled with 2^sub_bucket_bits equal
// sub-buckets per power of two. Values below 2^sub_bucket_bits get a
// bucket of width 1 each. A bucket covers [lower, upper): lower is
// inclusive, upper exclusive. Only non-empty buckets are listed,
// ascending, so the counts add up to n.

#ifndef BGML_STATS_H
#define BGML_STATS_H

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace bgml {

struct HistogramBucket {
  std::uint64_t lower; // inclusive, ns
  std::uint64_t upper; // exclusive, ns
  std::uint64_t count;
};

/// Summary of one sample set. When n == 0, mean and stddev are NaN and
/// the integer fields are 0; writers print them as null.
struct Stats {
  Stats()
    : n(0),
      mean(std::numeric_limits<double>::quiet_NaN()),
      stddev(std::numeric_limits<double>::quiet_NaN()),
      min(0), max(0), p50(0), p90(0), p99(0), p999(0)
  {
  }

  std::size_t n;
  double mean;
  double stddev;
  std::uint64_t min;
  std::uint64_t max;
  std::uint64_t p50;
  std::uint64_t p90;
  std::uint64_t p99;
  std::uint64_t p999;
  std::vector<HistogramBucket> histogram;
};

/// Zero-based index of the nearest-rank percentile in a sorted set of n
/// samples. `per_10000` is the percentile in hundredths of a percent:
/// 5000 = p50, 9900 = p99, 9990 = p99.9. Requires n > 0.
inline std::size_t nearest_rank_index(std::size_t n, unsigned per_10000)
{
  if (per_10000 > 10000)
    per_10000 = 10000;
  std::uint64_t rank = (static_cast<std::uint64_t>(n) * per_10000 + 9999) / 10000;
  if (rank < 1)
    rank = 1;
  return static_cast<std::size_t>(rank - 1);
}

/// The nearest-rank percentile of an ascending, non-empty sample set.
inline std::uint64_t percentile(const std::vector<std::uint64_t>& sorted, unsigned per_10000)
{
  return sorted[nearest_rank_index(sorted.size(), per_10000)];
}

/// The histogram bucket that holds `value` (count left at 0).
/// sub_bucket_bits is at most 16; larger values are treated as 16.
inline HistogramBucket bucket_of(std::uint64_t value, unsigned sub_bucket_bits)
{
  if (sub_bucket_bits > 16)
    sub_bucket_bits = 16;
  HistogramBucket b = { value, value + 1, 0 };
  if (value < (1ULL << sub_bucket_bits))
    return b;
  unsigned top_bit = 63;
  while ((value >> top_bit) == 0)
    --top_bit;
  std::uint64_t width = 1ULL << (top_bit - sub_bucket_bits);
  b.lower = value - value % width;
  b.upper = b.lower + width;
  if (b.upper < b.lower) // the last bucket below 2^64: saturate
    b.upper = std::numeric_limits<std::uint64_t>::max();
  return b;
}

/// Non-empty log buckets of an ascending sample set.
inline std::vector<HistogramBucket> log_histogram(const std::vector<std::uint64_t>& sorted,
                                                  unsigned sub_bucket_bits = 4)
{
  std::vector<HistogramBucket> out;
  for (std::size_t i = 0; i != sorted.size(); ++i) {
    HistogramBucket b = bucket_of(sorted[i], sub_bucket_bits);
    if (out.empty() || out.back().lower != b.lower)
      out.push_back(b);
    ++out.back().count;
  }
  return out;
}

/// n, mean, stddev, min, max, exact percentiles and the log histogram.
/// Takes the samples by value because it sorts them.
inline Stats compute_stats(std::vector<std::uint64_t> samples, unsigned sub_bucket_bits = 4)
{
  Stats s;
  s.n = samples.size();
  if (s.n == 0)
    return s;
  std::sort(samples.begin(), samples.end());

  long double sum = 0;
  for (std::size_t i = 0; i != s.n; ++i)
    sum += samples[i];
  long double mean = sum / s.n;
  long double squares = 0;
  for (std::size_t i = 0; i != s.n; ++i) {
    long double d = samples[i] - mean;
    squares += d * d;
  }
  s.mean = static_cast<double>(mean);
  s.stddev = s.n > 1 ? static_cast<double>(std::sqrt(squares / (s.n - 1))) : 0.0;

  s.min = samples.front();
  s.max = samples.back();
  s.p50 = percentile(samples, 5000);
  s.p90 = percentile(samples, 9000);
  s.p99 = percentile(samples, 9900);
  s.p999 = percentile(samples, 9990);
  s.histogram = log_histogram(samples, sub_bucket_bits);
  return s;
}

/// Rates over the wall time of a timed loop. NaN when wall_ns is 0.
struct Throughput {
  double calls_per_second;
  double bytes_per_second;
};

inline Throughput throughput(std::uint64_t calls, std::uint64_t wall_ns,
                             std::uint64_t payload_bytes)
{
  Throughput t = { std::numeric_limits<double>::quiet_NaN(),
                   std::numeric_limits<double>::quiet_NaN() };
  if (wall_ns == 0)
    return t;
  t.calls_per_second = static_cast<double>(calls) * 1e9 / static_cast<double>(wall_ns);
  t.bytes_per_second = t.calls_per_second * static_cast<double>(payload_bytes);
  return t;
}

/// |value - reference| / reference; NaN when the reference is 0.
inline double relative_error(double value, double reference)
{
  if (reference == 0.0)
    return std::numeric_limits<double>::quiet_NaN();
  return std::fabs(value - reference) / std::fabs(reference);
}

/// One line for humans, in the spirit of TAO's latency tests:
///   n=10000 min=13012 p50=13810 p90=14201 p99=19012 p99.9=40122 max=80123 mean=13990.2 stddev=812.4 (ns)
inline std::string summary_line(const Stats& s)
{
  if (s.n == 0)
    return "n=0 (no samples)";
  char buf[320];
  std::snprintf(buf, sizeof buf,
                "n=%lu min=%llu p50=%llu p90=%llu p99=%llu p99.9=%llu max=%llu"
                " mean=%.1f stddev=%.1f (ns)",
                static_cast<unsigned long>(s.n),
                static_cast<unsigned long long>(s.min),
                static_cast<unsigned long long>(s.p50),
                static_cast<unsigned long long>(s.p90),
                static_cast<unsigned long long>(s.p99),
                static_cast<unsigned long long>(s.p999),
                static_cast<unsigned long long>(s.max),
                s.mean, s.stddev);
  return buf;
}

} // namespace bgml

#endif // BGML_STATS_H
