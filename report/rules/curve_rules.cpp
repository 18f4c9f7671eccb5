#include "report/rules/curve_rules.hpp"

#include <algorithm>
#include <cmath>

#include "config/settings/values.hpp"
#include "report/rules/capacity_step.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

bool point_of_curve(const CurvePoint& p) { return p.failed.empty() && p.offered.has_value(); }

double rounded(double rate) { return std::round(rate * 10) / 10; }

double resolved(const CurveBound& bound, double peak) {
  return bound.percent ? peak * bound.value / 100 : bound.value;
}

std::string rate_text(double rate, const std::string& unit) { return fixed(rate, 1) + unit; }

// The lower p99 of the lowest steps that have one.
std::optional<double> baseline_p99(const std::vector<CurvePoint>& ladder) {
  std::optional<double> low;
  std::size_t seen = 0;
  for (const CurvePoint& p : ladder) {
    if (seen == kKneeBaselineSteps) break;
    if (!point_of_curve(p) || !p.p99_ms) continue;
    low = low ? std::min(*low, *p.p99_ms) : *p.p99_ms;
    ++seen;
  }
  return low;
}

}  // namespace

std::vector<double> curve_offered_rates(const CurveBound& from, const CurveBound& to, int steps,
                                        double peak) {
  const double low = resolved(from, peak);
  const double high = resolved(to, peak);
  std::vector<double> rates;
  for (int k = 0; k < steps; ++k) {
    const double share = steps == 1 ? 0 : static_cast<double>(k) / (steps - 1);
    rates.push_back(rounded(low + (high - low) * share));
  }
  return rates;
}

CurveAnswer curve_knee(const std::vector<CurvePoint>& ladder, Arrivals arrivals,
                       double unit_seconds, const std::string& unit) {
  CurveAnswer answer;
  answer.rule = "the knee: the first step whose achieved rate is below " +
                format_number(kKneeFollowPercent) + "% of its offered rate" +
                (arrivals == Arrivals::Poisson ? " (its Poisson arrivals counted as n - 3 sqrt(n))"
                                               : std::string()) +
                ", or whose p99 is more than " + format_number(kKneeP99Rise) +
                "x the lower p99 of the " + std::to_string(kKneeBaselineSteps) +
                " lowest steps, and so is the next step's, if there is one (a step the next one "
                "recovers from was the machine's noise)";
  const std::optional<double> baseline = baseline_p99(ladder);
  const double per_minute = 60 / unit_seconds;
  // Why a step is past the knee; empty when it keeps up.
  auto missed = [&](const CurvePoint& p) {
    const double floor = rate_floor_per_minute(*p.offered * per_minute, kKneeFollowPercent,
                                               p.measured_seconds, arrivals) /
                         per_minute;
    if (p.achieved < floor) {
      return "achieved " + rate_text(p.achieved, unit) + ", below " +
             format_number(kKneeFollowPercent) + "% of offered " + rate_text(*p.offered, unit) +
             (arrivals == Arrivals::Poisson
                  ? " (" + rate_text(floor, unit) + " allowing for the draw)"
                  : std::string());
    }
    if (baseline && p.p99_ms && *p.p99_ms > kKneeP99Rise * *baseline) {
      return "p99 " + fixed(*p.p99_ms, 3) + " ms, above " + format_number(kKneeP99Rise) +
             "x the lowest steps' " + fixed(*baseline, 3) + " ms";
    }
    return std::string();
  };
  std::vector<std::size_t> points;
  for (std::size_t k = 0; k < ladder.size(); ++k) {
    if (point_of_curve(ladder[k])) points.push_back(k);
  }
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::string why = missed(ladder[points[i]]);
    if (why.empty()) continue;
    if (i + 1 < points.size() && missed(ladder[points[i + 1]]).empty()) continue;
    const std::size_t k = points[i];
    answer.step = k;
    answer.line = "knee at step " + std::to_string(k + 1) + " (offered " +
                  rate_text(*ladder[k].offered, unit) + "): " + why;
    return answer;
  }
  answer.line = points.empty() ? std::string("no knee: no step ran clean")
                               : "no knee up to " + rate_text(*ladder[points.back()].offered, unit);
  return answer;
}

CurveAnswer curve_max_rate(const std::vector<CurvePoint>& ladder,
                           const std::optional<double>& limit_ms, const std::string& unit) {
  CurveAnswer answer;
  if (!limit_ms) {
    answer.rule = "max rate with p99 <= --latency-limit";
    answer.line = "max rate with p99 <= --latency-limit: not asked (give --latency-limit MS)";
    return answer;
  }
  const std::string limit = format_number(*limit_ms) + " ms";
  answer.rule = "max rate with p99 <= " + limit +
                ": the highest achieved rate of a step whose p99 is at most --latency-limit";
  for (std::size_t k = 0; k < ladder.size(); ++k) {
    const CurvePoint& p = ladder[k];
    if (!point_of_curve(p) || !p.p99_ms || *p.p99_ms > *limit_ms) continue;
    if (answer.step && ladder[*answer.step].achieved >= p.achieved) continue;
    answer.step = k;
  }
  if (!answer.step) {
    answer.line = "max rate with p99 <= " + limit + ": none, no step kept its p99 within it";
    return answer;
  }
  const CurvePoint& best = ladder[*answer.step];
  answer.line = "max rate with p99 <= " + limit + ": " + rate_text(best.achieved, unit) +
                " achieved at step " + std::to_string(*answer.step + 1) + " (offered " +
                rate_text(*best.offered, unit) + ", p99 " + fixed(*best.p99_ms, 3) + " ms)";
  return answer;
}

}  // namespace tpcc
