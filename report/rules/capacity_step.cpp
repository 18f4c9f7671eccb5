#include "report/rules/capacity_step.hpp"

#include <algorithm>
#include <cmath>

#include "config/settings/values.hpp"
#include "report/views/format.hpp"
#include "report/views/health.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

// Why a step is no verdict on the load: the server lost, the run stopped
// early, transactions still hanging at its end.
std::vector<std::string> stop_reasons(const RunInfo& info, const RunStats& stats) {
  std::vector<std::string> why;
  if (info.health.stop != StopReason::Completed) {
    std::string text = std::string("run stopped (") + stop_reason_name(info.health.stop) + ")";
    if (!info.health.stop_detail.empty()) text += ": " + info.health.stop_detail;
    why.push_back(text);
  }
  if (info.health.downtime_seconds > 0) why.push_back(downtime_failure_text(info.health));
  if (unfinished_total(stats) > 0) {
    why.push_back(std::to_string(unfinished_total(stats)) +
                  " transaction(s) hung: unfinished at the end");
  }
  return why;
}

// The run's verdicts that a short run can be held to.
void add_rule_failures(const RunVerdict& verdict, const RunStats& stats,
                       std::vector<std::string>& why) {
  for (const RunRule& rule : verdict.rules) {
    if (rule.verdict != RuleVerdict::Fail) continue;
    const bool p90 = rule.clause == "5.2.5.3";
    const bool mix = rule.clause == "5.2.3" && stats.whole_decks > 0;
    if (p90 || mix) why.push_back(rule.clause + " " + rule.name + ": " + rule.value);
  }
}

}  // namespace

const char* capacity_verdict_text(CapacityVerdict verdict) {
  switch (verdict) {
    case CapacityVerdict::Pass: return "PASS";
    case CapacityVerdict::Fail: return "FAIL";
    case CapacityVerdict::Stopped: return "STOPPED";
  }
  return "?";
}

CapacityStep judge_capacity_step(const Config& config, const RunInfo& info, const RunStats& stats,
                                 const RunVerdict& verdict, int active_warehouses) {
  CapacityStep step;
  step.active_warehouses = active_warehouses;
  step.terminals = config.terminals;
  step.tpmc = tpmc(stats, info.measured_seconds);
  const TxnStats& new_order = tpcc_type(stats, kNewOrder);
  if (new_order.latency.count() > 0) step.new_order_p90_ms = new_order.latency.percentile(90) / 1e3;
  if (efficiency_meaningful(config)) step.efficiency = efficiency(step.tpmc, active_warehouses);

  step.why = stop_reasons(info, stats);
  if (!step.why.empty()) {
    step.verdict = CapacityVerdict::Stopped;
    return step;
  }
  if (completed_total(stats) == 0) step.why.push_back("no transaction completed");
  if (capacity_paced(config)) {
    add_rule_failures(verdict, stats, step.why);
    if (step.efficiency && *step.efficiency < config.efficiency_floor) {
      step.why.push_back("efficiency " + fixed(*step.efficiency, 1) + "% below the floor " +
                         fixed(config.efficiency_floor, 1) + "%");
    }
  } else if (!p90_within(new_order, config.latency_limit_ms / 1e3)) {
    std::string value = step.new_order_p90_ms ? fixed(*step.new_order_p90_ms, 1) + " ms" : "none";
    if (failed_responses(new_order) > 0) {
      value += ", " + std::to_string(failed_responses(new_order)) + " failed counted as over";
    }
    step.why.push_back("New-Order 90th percentile " + value + " above --latency-limit " +
                       format_number(config.latency_limit_ms) + " ms");
  }
  step.verdict = step.why.empty() ? CapacityVerdict::Pass : CapacityVerdict::Fail;
  return step;
}

std::string capacity_searched_heading(const CapacityStep& first, const std::string& otherwise) {
  return first.rate ? "rate " + first.rate_unit : otherwise;
}

std::string capacity_searched_value(const CapacityStep& step, int otherwise) {
  return step.rate ? fixed(*step.rate, 0) : std::to_string(otherwise);
}

double rate_floor_per_minute(double rate_per_minute, double floor_percent, double measured_seconds,
                             Arrivals arrivals) {
  if (measured_seconds <= 0) return 0;
  const double scheduled = rate_per_minute / 60 * measured_seconds;
  const double drawn_at_least = arrivals == Arrivals::Poisson
                                    ? std::max(0.0, scheduled - 3 * std::sqrt(scheduled))
                                    : scheduled;
  return drawn_at_least * floor_percent / 100 * 60 / measured_seconds;
}

std::string capacity_tail_text(const Config& config) {
  return workload_report(config.workload).capacity_latency(config);
}

CapacityStep judge_workload_capacity_step(const Config& config, const RunInfo& info,
                                          const RunStats& stats, const WorkloadFigures& figures) {
  CapacityStep step;
  step.terminals = config.terminals;
  // A run that ended before its figures were counted has none.
  step.throughput_name = "throughput";
  if (const WorkloadFigure* f = throughput_figure(figures)) {
    step.throughput_name = f->name;
    step.throughput = f->value;
  }
  const WorkloadFigure* tail = tail_figure(figures);
  step.latency_name = tail != nullptr ? tail->name : "latency p99 ms";
  if (tail != nullptr) step.latency_ms = tail->value;
  step.why = stop_reasons(info, stats);
  if (!step.why.empty()) {
    step.verdict = CapacityVerdict::Stopped;
    return step;
  }
  if (!step.throughput || *step.throughput <= 0) step.why.push_back("nothing completed");
  if (!step.latency_ms || *step.latency_ms > config.latency_limit_ms) {
    step.why.push_back(step.latency_name.substr(0, step.latency_name.size() - 3) + " " +
                       (step.latency_ms ? fixed(*step.latency_ms, 3) + " ms" : "none") +
                       " above --latency-limit " + format_number(config.latency_limit_ms) + " ms");
  }
  step.verdict = step.why.empty() ? CapacityVerdict::Pass : CapacityVerdict::Fail;
  return step;
}

}  // namespace tpcc
