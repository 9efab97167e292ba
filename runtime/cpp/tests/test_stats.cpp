// Statistics on sample sets whose answers are known.

#include "bgml/stats.h"
#include "check.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace {

// 1..n in a scrambled (but fixed) order.
std::vector<std::uint64_t> one_to(std::uint64_t n, std::uint64_t stride)
{
  std::vector<std::uint64_t> v;
  for (std::uint64_t i = 0; i != n; ++i)
    v.push_back((i * stride) % n + 1);
  return v;
}

void percentiles_of_one_to_thousand()
{
  bgml::Stats s = bgml::compute_stats(one_to(1000, 7919));
  CHECK_EQ(s.n, 1000u);
  CHECK_EQ(s.min, 1u);
  CHECK_EQ(s.max, 1000u);
  CHECK_EQ(s.p50, 500u);
  CHECK_EQ(s.p90, 900u);
  CHECK_EQ(s.p99, 990u);
  CHECK_EQ(s.p999, 999u);
  CHECK_NEAR(s.mean, 500.5, 1e-9);
  // sample variance of 1..n is n(n+1)/12
  CHECK_NEAR(s.stddev, std::sqrt(1000.0 * 1001.0 / 12.0), 1e-9);
}

void percentiles_of_one_to_ten()
{
  bgml::Stats s = bgml::compute_stats(one_to(10, 3));
  CHECK_EQ(s.p50, 5u);  // rank ceil(5.0) = 5
  CHECK_EQ(s.p90, 9u);  // rank ceil(9.0) = 9
  CHECK_EQ(s.p99, 10u); // rank ceil(9.9) = 10
  CHECK_EQ(s.p999, 10u);
  CHECK_NEAR(s.mean, 5.5, 1e-12);
}

void nearest_rank_rule()
{
  CHECK_EQ(bgml::nearest_rank_index(1000, 9990), 998u);
  CHECK_EQ(bgml::nearest_rank_index(100, 9990), 99u);
  CHECK_EQ(bgml::nearest_rank_index(7, 5000), 3u); // ceil(3.5) = 4
  CHECK_EQ(bgml::nearest_rank_index(5, 0), 0u);
  CHECK_EQ(bgml::nearest_rank_index(5, 10000), 4u);
  CHECK_EQ(bgml::nearest_rank_index(1, 9990), 0u);
}

void mean_and_stddev()
{
  const std::uint64_t values[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
  bgml::Stats s = bgml::compute_stats(std::vector<std::uint64_t>(values, values + 8));
  CHECK_NEAR(s.mean, 5.0, 1e-12);
  CHECK_NEAR(s.stddev, std::sqrt(32.0 / 7.0), 1e-12); // sample stddev, n - 1

  bgml::Stats one = bgml::compute_stats(std::vector<std::uint64_t>(1, 42));
  CHECK_EQ(one.n, 1u);
  CHECK_EQ(one.min, 42u);
  CHECK_EQ(one.p999, 42u);
  CHECK_EQ(one.stddev, 0.0);

  bgml::Stats none = bgml::compute_stats(std::vector<std::uint64_t>());
  CHECK_EQ(none.n, 0u);
  CHECK(std::isnan(none.mean));
  CHECK(none.histogram.empty());

  // large values keep their precision
  std::vector<std::uint64_t> big(3, 4000000000000ULL);
  big[1] += 1;
  big[2] += 2;
  CHECK_NEAR(bgml::compute_stats(big).mean, 4000000000001.0, 1e-3);
}

void bucket_boundaries()
{
  bgml::HistogramBucket b = bgml::bucket_of(3, 2);
  CHECK_EQ(b.lower, 3u);
  CHECK_EQ(b.upper, 4u);
  b = bgml::bucket_of(5, 2); // [4, 8) in 4 sub-buckets of width 1
  CHECK_EQ(b.lower, 5u);
  CHECK_EQ(b.upper, 6u);
  b = bgml::bucket_of(13, 2); // [8, 16) in 4 sub-buckets of width 2
  CHECK_EQ(b.lower, 12u);
  CHECK_EQ(b.upper, 14u);
  b = bgml::bucket_of(1000, 4); // [512, 1024) in 16 sub-buckets of width 32
  CHECK_EQ(b.lower, 992u);
  CHECK_EQ(b.upper, 1024u);
  b = bgml::bucket_of(std::numeric_limits<std::uint64_t>::max(), 4);
  CHECK_EQ(b.lower, std::numeric_limits<std::uint64_t>::max() - ((1ULL << 59) - 1));
  CHECK(b.upper == std::numeric_limits<std::uint64_t>::max());
}

void histogram_of_one_to_thousand()
{
  std::vector<std::uint64_t> samples = one_to(1000, 7919);
  bgml::Stats s = bgml::compute_stats(samples, 4);
  // 1..15 one bucket each; 16 buckets for each of [16,32) .. [256,512);
  // [512,1024) holds 992..1000 in its last bucket, so 16 there too.
  CHECK_EQ(s.histogram.size(), 15u + 5u * 16u + 16u);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i != s.histogram.size(); ++i) {
    const bgml::HistogramBucket& b = s.histogram[i];
    CHECK(b.count > 0);
    CHECK(b.lower < b.upper);
    if (i > 0)
      CHECK(s.histogram[i - 1].upper <= b.lower);
    total += b.count;
  }
  CHECK_EQ(total, s.n);
  // every sample lies in the bucket bucket_of() names, and that bucket is listed
  for (std::size_t i = 0; i != samples.size(); ++i) {
    bgml::HistogramBucket b = bgml::bucket_of(samples[i], 4);
    CHECK(samples[i] >= b.lower && samples[i] < b.upper);
    bool listed = false;
    for (std::size_t k = 0; k != s.histogram.size(); ++k)
      listed = listed || (s.histogram[k].lower == b.lower && s.histogram[k].upper == b.upper);
    CHECK(listed);
  }
  CHECK_EQ(s.histogram.back().lower, 992u);
  CHECK_EQ(s.histogram.back().count, 9u); // 992..1000
}

void histogram_of_latency_like_samples()
{
  // a clustered set with an outlier tail
  std::vector<std::uint64_t> samples;
  for (std::uint64_t i = 0; i != 5000; ++i)
    samples.push_back(13000 + (i * 37) % 1500);
  samples.push_back(45000);
  samples.push_back(250000);
  bgml::Stats s = bgml::compute_stats(samples);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i != s.histogram.size(); ++i)
    total += s.histogram[i].count;
  CHECK_EQ(total, 5002u);
  CHECK_EQ(s.histogram.back().count, 1u);
  CHECK(s.histogram.back().lower <= 250000u && 250000u < s.histogram.back().upper);
  CHECK_EQ(s.max, 250000u);
}

void throughput_and_errors()
{
  bgml::Throughput t = bgml::throughput(1000, 500000000ULL, 1024);
  CHECK_NEAR(t.calls_per_second, 2000.0, 1e-9);
  CHECK_NEAR(t.bytes_per_second, 2048000.0, 1e-6);
  CHECK(std::isnan(bgml::throughput(10, 0, 0).calls_per_second));
  CHECK_NEAR(bgml::relative_error(101.0, 100.0), 0.01, 1e-12);
  CHECK(std::isnan(bgml::relative_error(1.0, 0.0)));
}

void summary_line()
{
  std::string line = bgml::summary_line(bgml::compute_stats(one_to(1000, 7919)));
  CHECK(line.find("n=1000 ") == 0);
  CHECK(line.find("p99.9=999 ") != std::string::npos);
  CHECK(line.find("mean=500.5 ") != std::string::npos);
}

} // namespace

int main()
{
  percentiles_of_one_to_thousand();
  percentiles_of_one_to_ten();
  nearest_rank_rule();
  mean_and_stddev();
  bucket_boundaries();
  histogram_of_one_to_thousand();
  histogram_of_latency_like_samples();
  throughput_and_errors();
  summary_line();
  return check_exit_code("test_stats");
}
