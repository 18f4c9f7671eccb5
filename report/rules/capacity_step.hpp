// tpcc capacity: the verdict on one step of the search, from the step's
// run as its result directory records it. Paced (5.2.5 keying and think
// times), a step passes when it meets the run rules a short run can judge
// (the verdicts of the step's run as it judged them, not judged again here):
// - 5.2.5.3: every transaction type's 90th percentile response time within
//   its limit;
// - 5.2.3: the mix's minimums, once at least one whole deck (5.2.4.2) was
//   dealt in the measured interval; before that the shares of a few
//   partial decks say more about chance than about the system;
// - the efficiency floor (--efficiency-floor): tpmC at least that percent
//   of 12.86 per active warehouse; a system falling behind its terminals
//   completes fewer New-Orders than they key.
// The rules that need a long run (5.5's interval and steady state,
// 5.5.2.2's checkpoints, 9.2.2.5's audits) are left to a --confirm run.
// Unpaced, a step passes when the New-Order 90th percentile is within
// --latency-limit. A step of another workload (sysbench's oltp tests,
// pgbench's scripts, the ingest) passes when its tail latency (the
// figures' WorkloadFigure::tail: oltp's --percentile, 99 in a search;
// pgbench's p99; the ingest statements' p99) is within --latency-limit.
// Either way a step that lost its server, was
// interrupted, or left transactions hanging at its end is not a verdict
// on the load: the search stops there. Pure: no I/O.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/rules/run_verdict.hpp"
#include "report/views/workload_figures.hpp"

namespace tpcc {

enum class CapacityVerdict { Pass, Fail, Stopped };

// "PASS", "FAIL", "STOPPED".
const char* capacity_verdict_text(CapacityVerdict verdict);

struct CapacityStep {
  int step = 0;               // 1-based
  int active_warehouses = 0;  // the terminals' home warehouses 1..N
  int terminals = 0;
  std::string dir;  // the step's result directory, relative to the search's
  int exit_status = 0;
  double tpmc = 0;
  std::optional<double> efficiency;        // percent, when meaningful (5.2.5)
  std::optional<double> new_order_p90_ms;  // none when no New-Order completed
  // A step of another workload: its throughput and tail latency by the
  // figures' names ("tps", "latency p99 ms"); empty names for TPC-C.
  std::string throughput_name;
  std::optional<double> throughput;
  std::string latency_name;
  std::optional<double> latency_ms;
  // A search over --rate: the step's rate in --rate's unit ("/min", an
  // oltp test's "/s"); none for a search over terminals.
  std::optional<double> rate;
  std::string rate_unit;
  CapacityVerdict verdict = CapacityVerdict::Stopped;
  std::vector<std::string> why;  // each failed rule, or why the step stopped
};

// The verdict on a step's run. config is the step's (its terminals, home
// warehouses and pacing); efficiency_floor and latency_limit_ms are the
// search's (Config::efficiency_floor, latency_limit_ms); run_verdict is the
// run's own, judged once where it ended (its result.json's).
CapacityStep judge_capacity_step(const Config& config, const RunInfo& info, const RunStats& stats,
                                 const RunVerdict& run_verdict, int active_warehouses);

// The verdict on a step of another workload than TPC-C from its run's
// figures (result.json's); stats holds the run's totals.
CapacityStep judge_workload_capacity_step(const Config& config, const RunInfo& info,
                                          const RunStats& stats, const WorkloadFigures& figures);

// The completions per minute a step of a search over the rate must reach:
// `floor_percent` of the arrivals its rate schedules in `measured_seconds`.
// Fixed arrivals schedule n = rate x seconds of them. Poisson arrivals
// schedule a count that is itself drawn (mean n, standard deviation
// sqrt(n)): the floor is then held to n less three standard deviations,
// which a Poisson count falls below about once in 700 steps, so that a
// short step fails on what the system completed, not on its draw.
double rate_floor_per_minute(double rate_per_minute, double floor_percent, double measured_seconds,
                             Arrivals arrivals);

// What a step of another workload is held to, for the plan's line:
// "latency p99" (oltp: its --percentile), "statement p99" (ingest).
std::string capacity_tail_text(const Config& config);

// The searched column's heading and a step's value in it: the rate of a
// search over --rate ("rate /min"), otherwise `otherwise` (terminals,
// warehouses) and that count.
std::string capacity_searched_heading(const CapacityStep& first, const std::string& otherwise);
std::string capacity_searched_value(const CapacityStep& step, int otherwise);

// The search is over the active warehouses (paced) or the terminals.
inline bool capacity_paced(const Config& config) { return config.keying_and_thinking; }

}  // namespace tpcc
