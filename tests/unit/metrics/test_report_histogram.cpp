#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "metrics/stats.hpp"

namespace {

using tpcc::LatencyHistogram;

// The nearest-rank percentile of sorted values: the smallest value with at
// least p% of the values at or below it.
double exact_percentile(const std::vector<std::int64_t>& sorted, double p) {
  const auto n = static_cast<double>(sorted.size());
  const auto rank = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(p / 100.0 * n)));
  return static_cast<double>(sorted[static_cast<std::size_t>(rank - 1)]);
}

std::vector<std::int64_t> draw(const std::function<double(std::mt19937_64&)>& dist, int n,
                               std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::vector<std::int64_t> values;
  values.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) values.push_back(static_cast<std::int64_t>(dist(gen)));
  return values;
}

void check_against_reference(const std::vector<std::int64_t>& values) {
  LatencyHistogram h;
  for (auto v : values) h.record(v);
  auto sorted = values;
  std::sort(sorted.begin(), sorted.end());

  REQUIRE(h.count() == static_cast<std::int64_t>(values.size()));
  CHECK(h.max() == sorted.back());  // max is exact
  for (double p : {0.1, 1.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.9, 100.0}) {
    const double exact = exact_percentile(sorted, p);
    const double got = h.percentile(p);
    INFO("p" << p << " exact " << exact << " got " << got);
    // Within 1% (buckets are 1/64 of their value wide); one microsecond of
    // slack for the exact small-value buckets.
    CHECK(std::abs(got - exact) <= exact * 0.01 + 1.0);
  }
}

}  // namespace

TEST_CASE("report histogram percentiles match a sorted reference", "[report]") {
  SECTION("uniform 0..10 s") {
    check_against_reference(
        draw([](std::mt19937_64& g) { return std::uniform_real_distribution<double>(0, 10e6)(g); },
             100000, 1));
  }
  SECTION("exponential, mean 5 ms") {
    check_against_reference(draw(
        [](std::mt19937_64& g) { return std::exponential_distribution<double>(1 / 5000.0)(g); },
        100000, 2));
  }
  SECTION("log-normal with a long tail") {
    check_against_reference(
        draw([](std::mt19937_64& g) { return std::lognormal_distribution<double>(8.0, 1.5)(g); },
             100000, 3));
  }
  SECTION("bimodal: fast reads and slow writes") {
    check_against_reference(draw(
        [](std::mt19937_64& g) {
          const bool slow = std::bernoulli_distribution(0.2)(g);
          return slow ? std::normal_distribution<double>(250000, 20000)(g)
                      : std::normal_distribution<double>(800, 100)(g);
        },
        50000, 4));
  }
  SECTION("small values below 64 us are exact") {
    check_against_reference(draw(
        [](std::mt19937_64& g) { return std::uniform_int_distribution<int>(0, 63)(g); }, 5000, 5));
  }
  SECTION("few values") { check_against_reference({7, 1500, 23000, 999999}); }
}

TEST_CASE("report histogram small values are reported exactly", "[report]") {
  LatencyHistogram h;
  for (int v = 1; v <= 50; ++v) h.record(v);
  CHECK(h.percentile(50) == 25);
  CHECK(h.percentile(90) == 45);
  CHECK(h.percentile(100) == 50);
}

TEST_CASE("report histogram merge equals recording everything in one", "[report]") {
  const auto values =
      draw([](std::mt19937_64& g) { return std::lognormal_distribution<double>(9.0, 1.0)(g); },
           40000, 6);
  LatencyHistogram one;
  std::vector<LatencyHistogram> parts(4);
  for (std::size_t i = 0; i < values.size(); ++i) {
    one.record(values[i]);
    parts[i % parts.size()].record(values[i]);
  }
  LatencyHistogram merged;
  for (const auto& part : parts) merged.merge(part);

  CHECK(merged.count() == one.count());
  CHECK(merged.max() == one.max());
  for (double p = 0; p <= 100; p += 0.5) {
    INFO("p" << p);
    CHECK(merged.percentile(p) == one.percentile(p));
  }
}

TEST_CASE("report histogram empty and extreme values", "[report]") {
  LatencyHistogram empty;
  CHECK(empty.count() == 0);
  CHECK(empty.max() == 0);
  CHECK(empty.percentile(50) == 0);
  CHECK(empty.percentile(100) == 0);

  LatencyHistogram merged_with_empty;
  merged_with_empty.record(1234);
  merged_with_empty.merge(empty);
  CHECK(merged_with_empty.count() == 1);
  CHECK(merged_with_empty.max() == 1234);

  // Beyond the top bucket (~36 min): counted, max exact, estimates capped.
  LatencyHistogram huge;
  const std::int64_t five_hours = 5LL * 3600 * 1000000;
  huge.record(five_hours);
  CHECK(huge.count() == 1);
  CHECK(huge.max() == five_hours);
  CHECK(huge.percentile(100) == five_hours);
  CHECK(huge.percentile(50) <= five_hours);
  CHECK(huge.percentile(50) > 2e9);

  // Negative durations (a clock step) are recorded as zero.
  LatencyHistogram negative;
  negative.record(-5);
  CHECK(negative.count() == 1);
  CHECK(negative.max() == 0);
}

TEST_CASE("report histogram one hour is within 1%", "[report]") {
  LatencyHistogram h;
  const std::int64_t hour = 3600LL * 1000000;
  h.record(hour);
  h.record(hour - 1);
  CHECK(std::abs(h.percentile(50) - static_cast<double>(hour)) <= hour * 0.01);
}

TEST_CASE("report histogram mean is exact, survives merge, and is 0 when empty", "[report]") {
  LatencyHistogram empty;
  CHECK(empty.mean() == 0);

  // Values in wide buckets: a mean from bucket midpoints would be off.
  LatencyHistogram a;
  LatencyHistogram b;
  a.record(1000001);
  a.record(3);
  b.record(2999999);
  b.record(-7);  // a clock step counts as zero, in the mean too
  CHECK(a.mean() == Approx(500002.0));
  LatencyHistogram merged;
  merged.merge(a);
  merged.merge(b);
  merged.merge(empty);
  CHECK(merged.count() == 4);
  CHECK(merged.mean() == Approx((1000001.0 + 3 + 2999999 + 0) / 4));
}

TEST_CASE("report histogram min is the exact smallest value, merged and read back", "[report]") {
  LatencyHistogram empty;
  REQUIRE(empty.min().has_value());
  CHECK(*empty.min() == 0);

  // Values inside wide buckets: a bucket's edge or middle is not the min.
  LatencyHistogram a;
  LatencyHistogram b;
  a.record(5000003);
  a.record(1234567);
  b.record(2345679);
  b.record(1234569);
  CHECK(a.min() == 1234567);
  CHECK(b.min() == 1234569);
  LatencyHistogram merged;
  merged.merge(empty);
  merged.merge(b);
  merged.merge(a);
  CHECK(merged.min() == 1234567);
  CHECK(merged.max() == 5000003);
  CHECK(merged.percentile(0) != 1234567);  // what the buckets alone would say

  const LatencyHistogram back = LatencyHistogram::restore(
      merged.buckets(), merged.sum(), merged.max(), merged.sum_squares_text(), merged.min());
  CHECK(back.min() == 1234567);
  // A file written before the min was kept: not known, and not after a
  // merge either, rather than a bucket's value passed off as the min.
  const LatencyHistogram old =
      LatencyHistogram::restore(merged.buckets(), merged.sum(), merged.max());
  CHECK_FALSE(old.min().has_value());
  LatencyHistogram mixed = back;
  mixed.merge(old);
  CHECK_FALSE(mixed.min().has_value());
  // A min the buckets contradict is refused.
  CHECK_THROWS_AS(LatencyHistogram::restore(merged.buckets(), merged.sum(), merged.max(), "",
                                            std::int64_t{2345679}),
                  std::invalid_argument);
  CHECK_THROWS_AS(
      LatencyHistogram::restore(merged.buckets(), merged.sum(), merged.max(), "", std::int64_t{1}),
      std::invalid_argument);
}
