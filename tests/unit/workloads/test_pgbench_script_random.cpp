// pgbench's random functions drawn from tpcc's Random: their ranges and
// means against the distributions pgbench's algorithms define (fixed
// seeds, wide bounds: a broken mapping moves a mean by far more).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "spec/random.hpp"
#include "workloads/pgbench/script_random.hpp"

namespace {

constexpr int kDraws = 200000;

struct Summary {
  std::int64_t min = INT64_MAX;
  std::int64_t max = INT64_MIN;
  double mean = 0;
};

template <typename Draw>
Summary summarize(Draw draw) {
  Summary s;
  double sum = 0;
  for (int i = 0; i < kDraws; ++i) {
    const std::int64_t v = draw();
    s.min = std::min(s.min, v);
    s.max = std::max(s.max, v);
    sum += static_cast<double>(v);
  }
  s.mean = sum / kDraws;
  return s;
}

}  // namespace

TEST_CASE("pgbench random(): uniform from min to max", "[pgbench]") {
  tpcc::Random rng(1);
  const auto s = summarize([&] { return tpcc::pgbench::random_uniform(rng, 1, 1000); });
  CHECK(s.min == 1);
  CHECK(s.max == 1000);
  CHECK(s.mean == Approx(500.5).epsilon(0.01));
}

TEST_CASE("pgbench random_gaussian(): symmetric about the middle, cut at param deviations",
          "[pgbench]") {
  tpcc::Random rng(2);
  // param 10: a standard deviation is 1/20 of the range, so the middle
  // tenth (+-1 deviation) holds 68% of the draws; param 2.5: a deviation
  // is 1/5 of it, and the middle tenth +-0.25 deviation, 20%.
  int middle = 0;
  const auto s = summarize([&] {
    const auto v = tpcc::pgbench::random_gaussian(rng, 1, 1000, 10.0);
    if (v > 450 && v <= 550) ++middle;
    return v;
  });
  CHECK(s.min >= 1);
  CHECK(s.max <= 1000);
  CHECK(s.mean == Approx(500.5).epsilon(0.01));
  CHECK(static_cast<double>(middle) / kDraws == Approx(0.683).margin(0.02));
  middle = 0;
  const auto wide = summarize([&] {
    const auto v = tpcc::pgbench::random_gaussian(rng, 1, 1000, 2.5);
    if (v > 450 && v <= 550) ++middle;
    return v;
  });
  CHECK(wide.min < 20);  // param 2.5 reaches the ends
  CHECK(wide.max > 980);
  CHECK(static_cast<double>(middle) / kDraws == Approx(0.20).margin(0.02));
}

TEST_CASE("pgbench random_exponential(): the density falls by exp(-param) over the range",
          "[pgbench]") {
  tpcc::Random rng(3);
  // The mean of the truncated exponential on [0, 1): 1/p - e^-p / (1 - e^-p).
  const double p = 5.0;
  const double unit_mean = 1.0 / p - std::exp(-p) / (1.0 - std::exp(-p));
  const auto s = summarize([&] { return tpcc::pgbench::random_exponential(rng, 1, 1000, p); });
  CHECK(s.min == 1);
  CHECK(s.max <= 1000);
  CHECK(s.mean == Approx(1 + 1000 * unit_mean - 0.5).epsilon(0.02));
}

TEST_CASE("pgbench random_zipfian(): min is the most frequent, as 1/k^s", "[pgbench]") {
  tpcc::Random rng(4);
  std::vector<int> counts(11, 0);
  const auto s = summarize([&] {
    const auto v = tpcc::pgbench::random_zipfian(rng, 1, 10, 2.0);
    ++counts[v];
    return v;
  });
  CHECK(s.min == 1);
  CHECK(s.max == 10);
  // With s = 2 over 1..10, P(1) = 1 / H(10, 2) = 0.645 and P(2) = P(1) / 4.
  CHECK(static_cast<double>(counts[1]) / kDraws == Approx(0.645).margin(0.01));
  CHECK(static_cast<double>(counts[2]) / counts[1] == Approx(0.25).margin(0.02));
}
