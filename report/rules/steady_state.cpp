// 5.5: the measured interval in steady state, as the kit reads it
// (run_rules.hpp, kSteadyFifthBand and the constants around it).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "report/rules/run_rules.hpp"
#include "report/rules/run_rules_parts.hpp"

namespace tpcc {
namespace {

struct Span {
  double seconds = 0;
  std::int64_t new_orders = 0;
};

Span span_of(const std::vector<IntervalThroughput>& lines, std::size_t from, std::size_t to) {
  Span s;
  for (std::size_t i = from; i < to; ++i) {
    s.seconds += lines[i].seconds;
    s.new_orders += lines[i].new_orders;
  }
  return s;
}

double per_minute_of(const Span& s) {
  return s.seconds > 0 ? 60.0 * static_cast<double>(s.new_orders) / s.seconds : 0.0;
}

// A fifth's tpmC against the whole interval's: whether it is within the
// band (or the counting noise, when that is wider); its share in percent.
bool fifth_steady(const Span& fifth, double mean_per_second, double* share) {
  const double expected = mean_per_second * fifth.seconds;
  *share = expected > 0 ? 100.0 * static_cast<double>(fifth.new_orders) / expected : 0.0;
  if (expected <= 0) return false;
  const double allowance = std::max(kSteadyFifthBand, kSteadyStandardErrors / std::sqrt(expected));
  return std::abs(*share / 100.0 - 1.0) <= allowance;
}

}  // namespace

RunRule steady_state_rule(const RunInfo& info) {
  const std::string name = kSteadyStateRuleName;
  const std::string requirement = "first and last fifth within " +
                                  fixed(kSteadyFifthBand * 100, 0) + "%, no line off by " +
                                  fixed(kSteadyLineBand * 100, 0) + "%";
  if (info.warmup_seconds <= 0) {
    return rule("5.5", name, "no warm-up: the measurement includes the ramp-up", requirement,
                RuleVerdict::Fail);
  }
  const std::vector<IntervalThroughput>& lines = info.measured_lines;
  const std::string warmup = seconds_text(info.warmup_seconds) + " warm-up; ";
  if (lines.size() < kSteadyMinLines) {
    return rule("5.5", name,
                warmup + std::to_string(lines.size()) + " interval line(s): too few to judge",
                requirement, RuleVerdict::NotApplicable);
  }
  const Span all = span_of(lines, 0, lines.size());
  if (all.new_orders == 0 || all.seconds <= 0) {
    return rule("5.5", name, warmup + "no New-Order completed", requirement,
                RuleVerdict::NotApplicable);
  }
  const double mean_per_second = static_cast<double>(all.new_orders) / all.seconds;
  const std::size_t fifth = lines.size() / 5;
  double first_share = 0;
  double last_share = 0;
  const bool first_ok = fifth_steady(span_of(lines, 0, fifth), mean_per_second, &first_share);
  const bool last_ok = fifth_steady(span_of(lines, lines.size() - fifth, lines.size()),
                                    mean_per_second, &last_share);
  std::int64_t judged_lines = 0;
  std::int64_t off_lines = 0;
  for (const IntervalThroughput& line : lines) {
    const double expected = mean_per_second * line.seconds;
    if (expected < kSteadyMinLineOrders) continue;
    ++judged_lines;
    const double ratio = static_cast<double>(line.new_orders) / expected;
    if (std::abs(ratio - 1.0) > kSteadyLineBand) ++off_lines;
  }
  const std::string value = warmup + "first fifth " + fixed(first_share, 1) + "%, last fifth " +
                            fixed(last_share, 1) + "% of " + fixed(per_minute_of(all), 1) +
                            " tpmC; " + std::to_string(off_lines) + " of " +
                            std::to_string(judged_lines) + " lines off";
  const std::string detail = std::to_string(lines.size()) + " interval lines in fifths of " +
                             std::to_string(fifth) + "; lines are judged only where at least " +
                             fixed(kSteadyMinLineOrders, 0) +
                             " New-Orders are expected, and a fifth's allowance widens to " +
                             fixed(kSteadyStandardErrors, 0) + " standard errors of its count";
  return rule("5.5", name, value, requirement, pass_if(first_ok && last_ok && off_lines == 0),
              detail);
}

}  // namespace tpcc
