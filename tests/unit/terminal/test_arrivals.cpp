// --rate's arrivals: the inter-arrival distribution of each process, how a
// group's terminals are dealt out to schedules (pgbench's threads), and the
// rate the schedules deliver together.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "spec/random.hpp"
#include "terminal/engine/arrivals.hpp"
#include "terminal/engine/pacing.hpp"

using Catch::Detail::Approx;

namespace {

constexpr std::uint64_t kSeed = 20260101;

// The mean and coefficient of variation (standard deviation / mean) of a
// schedule's intervals between successive arrivals.
struct IntervalShape {
  double mean = 0;
  double cv = 0;
  double above_mean = 0;  // the share of intervals longer than the mean
};

IntervalShape interval_shape(tpcc::ArrivalSchedule schedule, int intervals) {
  double previous = schedule.next();
  double sum = 0;
  double squares = 0;
  int above = 0;
  std::vector<double> gaps;
  gaps.reserve(static_cast<std::size_t>(intervals));
  for (int i = 0; i < intervals; ++i) {
    const double at = schedule.next();
    gaps.push_back(at - previous);
    sum += at - previous;
    previous = at;
  }
  IntervalShape shape;
  shape.mean = sum / intervals;
  for (const double gap : gaps) {
    squares += (gap - shape.mean) * (gap - shape.mean);
    if (gap > shape.mean) ++above;
  }
  shape.cv = std::sqrt(squares / (intervals - 1)) / shape.mean;
  shape.above_mean = static_cast<double>(above) / intervals;
  return shape;
}

}  // namespace

TEST_CASE("arrivals: Poisson intervals are exponential, mean the spacing and CV 1", "[arrivals]") {
  // 200000 intervals: the sample mean's and the CV's standard errors are
  // about 0.22% and 0.3% of theirs, so 2% is some seven of them; the seed
  // is fixed, so the draws are the same every run.
  const double spacing = 0.25;
  const IntervalShape shape = interval_shape(
      tpcc::ArrivalSchedule(tpcc::Arrivals::Poisson, spacing, 0, 0, 1, tpcc::Random(kSeed)),
      200000);
  CHECK(shape.mean == Approx(spacing).epsilon(0.02));
  CHECK(shape.cv == Approx(1.0).epsilon(0.02));
  // Exponential, not merely as spread out: P(interval > mean) = 1/e.
  CHECK(shape.above_mean == Approx(std::exp(-1.0)).epsilon(0.02));
}

TEST_CASE("arrivals: fixed intervals are the spacing exactly, CV 0", "[arrivals]") {
  const double spacing = 0.25;
  const IntervalShape shape = interval_shape(
      tpcc::ArrivalSchedule(tpcc::Arrivals::Fixed, spacing, 0, 0, 1, tpcc::Random(kSeed)), 10000);
  CHECK(shape.mean == Approx(spacing));
  CHECK(shape.cv == Approx(0).margin(1e-9));
}

TEST_CASE("arrivals: a Poisson draw is -ln(u) x mean, never truncated", "[arrivals]") {
  tpcc::Random rng(kSeed);
  double largest = 0;
  for (int i = 0; i < 200000; ++i) {
    const double gap = tpcc::inter_arrival_seconds(tpcc::Arrivals::Poisson, 1.0, rng);
    CHECK(gap >= 0);
    largest = std::max(largest, gap);
  }
  // TPC-C's think times stop at 10 x their mean; pgbench's getPoissonRand
  // does not: of 200000 draws the largest is near ln(200000), about 12.
  CHECK(largest > 10);
  CHECK(tpcc::inter_arrival_seconds(tpcc::Arrivals::Fixed, 0.5, rng) == 0.5);
}

TEST_CASE("arrivals: fixed schedules sharing a rate start staggered over one spacing",
          "[arrivals]") {
  const double spacing = 2.0;
  const auto first = [&](int index) {
    return tpcc::ArrivalSchedule(tpcc::Arrivals::Fixed, spacing, 10, index, 4, tpcc::Random(kSeed))
        .next();
  };
  CHECK(first(0) == Approx(10));
  CHECK(first(1) == Approx(10.5));
  CHECK(first(3) == Approx(11.5));
  // A Poisson schedule's first arrival is one drawn interval after its origin.
  tpcc::ArrivalSchedule poisson(tpcc::Arrivals::Poisson, spacing, 10, 3, 4, tpcc::Random(kSeed));
  tpcc::Random same(kSeed);
  CHECK(poisson.next() ==
        Approx(10 + tpcc::inter_arrival_seconds(tpcc::Arrivals::Poisson, spacing, same)));
}

TEST_CASE("arrivals: the schedules of a group deliver the rate together", "[arrivals]") {
  const double rate_tpm = 420;  // 7 per second in all
  for (const tpcc::Arrivals process : {tpcc::Arrivals::Fixed, tpcc::Arrivals::Poisson}) {
    for (const int count : {1, 2, 7}) {
      const double spacing = tpcc::rate_spacing_seconds(count, rate_tpm);
      int arrived = 0;
      for (int k = 0; k < count; ++k) {
        tpcc::ArrivalSchedule schedule(
            process, spacing, 0, k, count,
            tpcc::Random::stream(kSeed, {static_cast<std::uint64_t>(k)}));
        for (double at = schedule.next(); at < 3600.0 - 1e-9; at = schedule.next()) ++arrived;
      }
      INFO((process == tpcc::Arrivals::Fixed ? "fixed" : "poisson") << ", schedules " << count);
      if (process == tpcc::Arrivals::Fixed) {
        CHECK(arrived == 420 * 60);
      } else {
        // 25200 expected, a Poisson count's standard deviation about 159.
        CHECK(arrived == Approx(420 * 60).epsilon(0.03));
      }
    }
  }
}

TEST_CASE("arrivals: a terminal's own schedule goes on from a later due time", "[arrivals]") {
  tpcc::ArrivalSchedule schedule(tpcc::Arrivals::Fixed, 60, 0, 0, 1, tpcc::Random(kSeed));
  CHECK(schedule.next() == Approx(0));
  schedule.not_before(90);
  CHECK(schedule.next() == Approx(150));
  schedule.not_before(10);  // never back
  CHECK(schedule.next() == Approx(210));
}

TEST_CASE("arrivals: the terminals are dealt out to schedules as pgbench deals its clients",
          "[arrivals]") {
  // One per terminal unless the plan says how many; never more than the
  // terminals (pgbench: no more threads than clients).
  CHECK(tpcc::schedule_count({tpcc::Arrivals::Poisson, 0}, 10) == 10);
  CHECK(tpcc::schedule_count({tpcc::Arrivals::Poisson, 2}, 10) == 2);
  CHECK(tpcc::schedule_count({tpcc::Arrivals::Poisson, 8}, 3) == 3);
  CHECK(tpcc::schedule_count({tpcc::Arrivals::Poisson, 1}, 10) == 1);
  // pgbench 15: thread i gets (clients - dealt) / (threads - i), in order:
  // 5 clients on 2 threads are 2 then 3.
  std::vector<int> of;
  for (int t = 0; t < 5; ++t) of.push_back(tpcc::schedule_of(t, 5, 2));
  CHECK(of == std::vector<int>{0, 0, 1, 1, 1});
  of.clear();
  for (int t = 0; t < 4; ++t) of.push_back(tpcc::schedule_of(t, 4, 4));
  CHECK(of == std::vector<int>{0, 1, 2, 3});
  CHECK(tpcc::schedule_of(6, 7, 1) == 0);
}
