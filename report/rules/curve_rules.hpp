// tpcc curve's two answers from its ladder of steps, and the ladder's
// offered rates. Pure: no I/O, so each rule is unit tested on constructed
// step tables (tests/unit/report/test_curve_rules.cpp).
//
// The knee: the first step (lowest offered rate first) where
// - achieved stops following offered: it completed less than 95 % of the
//   arrivals its rate schedules in its measured seconds, those arrivals
//   counted, under Poisson arrivals, as n - 3 sqrt(n) for n = rate x
//   seconds (rate_floor_per_minute: a step that keeps up falls below that
//   about once in 700 steps), or
// - its p99 turns up: more than 2 x the lower p99 of the two lowest steps.
// The max rate: the highest achieved rate of a step whose p99 is within
// --latency-limit. A step that failed (its run exited non-zero, or it did
// not run) is no point of either rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

// Achieved below this share of offered (less the draw's allowance) ends
// the part of the curve that follows the offered rate.
inline constexpr double kKneeFollowPercent = 95;
// A p99 above this multiple of the baseline's has turned up.
inline constexpr double kKneeP99Rise = 2;
// The lowest steps whose lower p99 is the baseline.
inline constexpr std::size_t kKneeBaselineSteps = 2;

// One row of the curve: the unpaced peak's run or one offered rate's, its
// rates in the unit of the workload's --rate.
struct CurvePoint {
  std::string dir;                // the run's directory, relative to the curve's
  std::optional<double> offered;  // none: the peak (unpaced)
  double achieved = 0;            // completed over its measured seconds
  double measured_seconds = 0;
  std::optional<double> p50_ms;  // latency from the due time
  std::optional<double> p99_ms;
  std::optional<double> p999_ms;
  std::optional<double> late_share;     // of completed, over the run's own limit (-L)
  std::optional<double> skipped_share;  // of completed and skipped
  std::int64_t errors = 0;
  int exit_status = 0;
  std::string failed;  // why it is no point on the curve; empty when its run was clean
};

struct CurveAnswer {
  std::optional<std::size_t> step;  // the ladder's index (0-based) it names
  std::string rule;                 // the rule, stated
  std::string line;                 // the answer as the console prints it
};

// The offered rates of the ladder: `steps` rates evenly spaced from `from`
// to `to`, a percent bound taken of `peak`, each rounded to a tenth.
std::vector<double> curve_offered_rates(const CurveBound& from, const CurveBound& to, int steps,
                                        double peak);

// unit: "/s" or "/min"; unit_seconds: 1 or 60.
CurveAnswer curve_knee(const std::vector<CurvePoint>& ladder, Arrivals arrivals,
                       double unit_seconds, const std::string& unit);

// limit_ms: none when --latency-limit was not given (not asked).
CurveAnswer curve_max_rate(const std::vector<CurvePoint>& ladder,
                           const std::optional<double>& limit_ms, const std::string& unit);

}  // namespace tpcc
