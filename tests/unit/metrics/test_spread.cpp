// The spread of a figure over repeated runs and the ratio of two sets with
// its confidence interval, against values worked by hand.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

#include "metrics/spread.hpp"

using Catch::Detail::Approx;

TEST_CASE("spread: median, mean, extremes, CV and the 95 % t interval of three runs",
          "[metrics][spread]") {
  // mean 12, sample sd 2, t(0.975, 2 df) = 4.302653: half-width 4.302653 * 2 / sqrt(3).
  const tpcc::Spread s = tpcc::spread_of({14, 10, 12});
  CHECK(s.runs == 3);
  CHECK(s.median == 12);
  CHECK(s.mean == 12);
  CHECK(s.min == 10);
  CHECK(s.max == 14);
  CHECK(s.stddev == Approx(2.0));
  REQUIRE(s.cv);
  CHECK(*s.cv == Approx(2.0 / 12));
  REQUIRE(s.ci_low);
  REQUIRE(s.ci_high);
  CHECK(*s.ci_low == Approx(12 - 4.968275).epsilon(1e-6));
  CHECK(*s.ci_high == Approx(12 + 4.968275).epsilon(1e-6));
}

TEST_CASE("spread: an even count's median is the middle pair's mean", "[metrics][spread]") {
  CHECK(tpcc::spread_of({4, 1, 3, 2}).median == 2.5);
}

TEST_CASE("spread: one run has no deviation, no CV and no interval", "[metrics][spread]") {
  const tpcc::Spread s = tpcc::spread_of({1234.5});
  CHECK(s.median == 1234.5);
  CHECK(s.stddev == 0);
  CHECK_FALSE(s.cv);
  CHECK_FALSE(s.ci_low);
  CHECK_FALSE(s.ci_high);
  CHECK_THROWS_AS(tpcc::spread_of({}), std::invalid_argument);
}

TEST_CASE("spread: every run lies inside a wide set's interval only when the spread allows",
          "[metrics][spread]") {
  const tpcc::Spread s = tpcc::spread_of({100, 101, 99});
  CHECK(*s.ci_low < 99);
  CHECK(*s.ci_high > 101);
}

TEST_CASE("ratio interval: sets whose means differ by less than their noise are within noise",
          "[metrics][spread]") {
  const tpcc::RatioInterval r = tpcc::ratio_interval({100, 102, 98}, {100, 101, 99});
  REQUIRE(r.ratio);
  CHECK(*r.ratio == Approx(1.0));
  CHECK(r.within_noise());
}

TEST_CASE("ratio interval: a 20 % step far above the noise is not within noise",
          "[metrics][spread]") {
  // Welch: per-mean variances 1/3 each, se = sqrt(2/3), 4 df, t = 2.776445.
  const tpcc::RatioInterval r = tpcc::ratio_interval({100, 101, 99}, {120, 121, 119});
  REQUIRE(r.ratio);
  CHECK(*r.ratio == Approx(1.2));
  REQUIRE(r.low);
  REQUIRE(r.high);
  CHECK(*r.low == Approx(1.2 - 2.776445 * 0.8164966 / 100).epsilon(1e-6));
  CHECK(*r.high == Approx(1.2 + 2.776445 * 0.8164966 / 100).epsilon(1e-6));
  CHECK_FALSE(r.within_noise());
}

TEST_CASE("ratio interval: single runs give a ratio but no interval", "[metrics][spread]") {
  const tpcc::RatioInterval r = tpcc::ratio_interval({100}, {110, 111});
  REQUIRE(r.ratio);
  CHECK(*r.ratio == Approx(110.5 / 100));
  CHECK_FALSE(r.low);
  CHECK_FALSE(r.within_noise());
  CHECK_FALSE(tpcc::ratio_interval({0, 0}, {1, 2}).ratio);
}
