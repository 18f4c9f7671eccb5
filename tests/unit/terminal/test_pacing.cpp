// 5.2.5 keying and think times, the --rate schedule, and the run phases.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "spec/random.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/pacing.hpp"

using Catch::Detail::Approx;

namespace {

// 5.2.5.2 and 5.2.5.4: New-Order's keying time and mean think time.
const tpcc::TypeDelays kNewOrderDelays{18, 12};

}  // namespace

TEST_CASE("5.2.5.2 and 5.2.5.4 a type's keying and mean think times scale by their multipliers") {
  const tpcc::TypeDelays new_order{18, 12};
  CHECK(tpcc::keying_seconds(new_order, 1) == Approx(18));
  CHECK(tpcc::keying_seconds(new_order, 0.5) == Approx(9));
  CHECK(tpcc::mean_think_seconds(new_order, 1) == Approx(12));
  CHECK(tpcc::mean_think_seconds(new_order, 0.1) == Approx(1.2));
  CHECK(tpcc::keying_seconds(tpcc::TypeDelays{}, 1) == 0);
  CHECK(tpcc::mean_think_seconds(tpcc::TypeDelays{}, 1) == 0);
}

TEST_CASE("5.2.5.4 think time is -ln(u) x mean, truncated at 10 x mean") {
  CHECK(tpcc::think_seconds_from_uniform(1.0, 12) == Approx(0));
  CHECK(tpcc::think_seconds_from_uniform(std::exp(-1.0), 12) == Approx(12));
  CHECK(tpcc::think_seconds_from_uniform(std::exp(-2.5), 4) == Approx(10));
  CHECK(tpcc::think_seconds_from_uniform(1e-300, 12) == Approx(120));
  CHECK(tpcc::think_seconds_from_uniform(std::exp(-10.5), 1) == Approx(10));
}

TEST_CASE("5.2.5.4 drawn think times average the mean and never exceed 10 x mean") {
  tpcc::Random rng(2024);
  for (const double multiplier : {1.0, 0.1}) {
    const double mean = tpcc::mean_think_seconds(kNewOrderDelays, multiplier);
    constexpr int kDraws = 200000;
    double sum = 0;
    double largest = 0;
    double smallest = 1e300;
    int above_mean = 0;
    for (int i = 0; i < kDraws; ++i) {
      const double t = tpcc::draw_think_seconds(kNewOrderDelays, multiplier, rng);
      sum += t;
      largest = std::max(largest, t);
      smallest = std::min(smallest, t);
      if (t > mean) ++above_mean;
    }
    INFO("multiplier " << multiplier);
    // Truncation at 10 x mean lowers the mean by a factor e^-10 only; the
    // sample mean's standard error is mean / sqrt(200000), about 0.2%.
    CHECK(sum / kDraws == Approx(mean).epsilon(0.015));
    CHECK(largest <= 10 * mean);
    CHECK(smallest >= 0);
    // Exponential: P(t > mean) = 1/e.
    CHECK(static_cast<double>(above_mean) / kDraws == Approx(std::exp(-1.0)).epsilon(0.02));
  }
}

TEST_CASE("rate cap (--rate): each of N schedules is spaced N x 60 / TPM") {
  CHECK(tpcc::rate_spacing_seconds(10, 600) == Approx(1.0));
  CHECK(tpcc::rate_spacing_seconds(100, 1200) == Approx(5.0));
  CHECK(tpcc::rate_spacing_seconds(10, 0) == 0);
}

TEST_CASE("rate cap (--rate): a late terminal keeps its intended schedule") {
  // Without keying and think times the transaction is due at its arrival,
  // even when that has passed: the wait counts in its response time (no
  // coordinated omission).
  tpcc::PacingPolicy policy;
  policy.rate_limited = true;
  CHECK(tpcc::due_seconds(policy, 13.5, 11.0) == Approx(11.0));
  CHECK(tpcc::due_seconds(policy, 10.2, 11.0) == Approx(11.0));
}

TEST_CASE("5.2.5.1 unpaced: the next transaction is due when the previous ends") {
  const tpcc::PacingPolicy policy;
  CHECK(tpcc::unpaced(policy));
  CHECK(tpcc::due_seconds(policy, 1.25, 99) == Approx(1.25));
}

TEST_CASE("5.2.5.1 with keying and think times: due after think plus keying") {
  tpcc::PacingPolicy policy;
  policy.keying_and_thinking = true;
  CHECK_FALSE(tpcc::unpaced(policy));
  CHECK(tpcc::due_seconds(policy, 33.5, 0) == Approx(33.5));
  // With a rate limit too, the later of the two.
  policy.rate_limited = true;
  CHECK(tpcc::due_seconds(policy, 33.5, 78) == Approx(78));
  CHECK(tpcc::due_seconds(policy, 105, 78) == Approx(105));
}

TEST_CASE("pacing_policy follows the configuration") {
  tpcc::Config config;
  CHECK(tpcc::unpaced(tpcc::pacing_policy(config)));
  config.rate_tpm = 1200;
  CHECK(tpcc::pacing_policy(config).rate_limited);
  config.rate_tpm = 0;
  config.keying_and_thinking = true;
  config.think_multiplier = 0.25;
  const tpcc::PacingPolicy policy = tpcc::pacing_policy(config);
  CHECK(policy.keying_and_thinking);
  CHECK(policy.multiplier == Approx(0.25));
  // BenchmarkSQL 6 scales keying apart from thinking.
  config.keying_multiplier = 2.0;
  CHECK(tpcc::pacing_policy(config).keying_multiplier == Approx(2.0));
  CHECK(tpcc::pacing_policy(config).multiplier == Approx(0.25));
}

TEST_CASE("run phases: warm-up completions are not measured, late ones are after the end") {
  const tpcc::Clock::time_point start{};
  tpcc::RunPhases phases(start, 5, 20.0);
  CHECK(phases.phase_at(tpcc::seconds_after(start, 4.9)) == tpcc::Phase::Warmup);
  CHECK(phases.phase_at(tpcc::seconds_after(start, 5.0)) == tpcc::Phase::Measured);
  CHECK(phases.phase_at(tpcc::seconds_after(start, 25.0)) == tpcc::Phase::Measured);
  CHECK(phases.phase_at(tpcc::seconds_after(start, 25.1)) == tpcc::Phase::After);
  CHECK(phases.measured_seconds() == Approx(20));
  CHECK(phases.warmup_seconds() == Approx(5));
  // An interrupt moves the end earlier, never later.
  phases.end_at(tpcc::seconds_after(start, 12));
  phases.end_at(tpcc::seconds_after(start, 30));
  CHECK(phases.measured_seconds() == Approx(7));
  CHECK(phases.phase_at(tpcc::seconds_after(start, 12.5)) == tpcc::Phase::After);
}

TEST_CASE("run phases: interrupted during warm-up measures nothing") {
  const tpcc::Clock::time_point start{};
  tpcc::RunPhases phases(start, 10, 60.0);
  phases.end_at(tpcc::seconds_after(start, 3));
  CHECK(phases.measured_seconds() == 0);
  CHECK(phases.warmup_seconds() == Approx(3));
}

TEST_CASE("run phases: a run by transaction count ends when told") {
  const tpcc::Clock::time_point start{};
  tpcc::RunPhases phases(start, 0, std::nullopt);
  CHECK_FALSE(phases.has_planned_end());
  CHECK(phases.phase_at(tpcc::seconds_after(start, 1e6)) == tpcc::Phase::Measured);
  phases.end_at(tpcc::seconds_after(start, 42));
  CHECK(phases.measured_seconds() == Approx(42));
}
