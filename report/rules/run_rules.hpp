// The run rules of clause 5 (and the few of clauses 2, 4 and 9 a run can
// break), judged after every run from the configuration and the measured
// figures: the "Run rules" section of the summary, report.html and
// result.json. Pure: no I/O, no server.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/rules/audits.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

// Disclosure: a figure the clause asks to be reported, not a limit a run
// can break (2.7.4.2 skipped districts); it never fails a run.
enum class RuleVerdict { Pass, Fail, NotApplicable, Disclosure };

struct RunRule {
  std::string clause;       // "5.2.3"
  std::string name;         // "Payment share of the mix"
  std::string value;        // what was measured or configured: "42.97% (4297 of 10000)"
  std::string requirement;  // ">= 43%"
  RuleVerdict verdict = RuleVerdict::NotApplicable;
  // What lies behind the value, for report.html and result.json (the
  // console shows value only); may be empty.
  std::string detail;
};

// "PASS", "FAIL", "NOT APPLICABLE", "DISCLOSURE".
const char* rule_verdict_text(RuleVerdict verdict);
// "pass", "fail", "not_applicable", "disclosure" (result.json).
const char* rule_verdict_key(RuleVerdict verdict);

// The names of the rules that speak to any run's figures, a run of record
// or not (rules_shown.hpp): whether the warm-up was excluded and the run
// steady, whether the server stayed reachable, whether transactions failed.
inline constexpr const char* kSteadyStateRuleName = "warm-up excluded, steady state";
inline constexpr const char* kDowntimeRuleName = "server reachable throughout the measurement";
inline constexpr const char* kErrorsRuleName = "transactions failed other than New-Order rollbacks";

// 5.5 (Measurement Interval): at least 120 minutes, uninterrupted, for a
// reported result; revision 5.0 brought in the "2 Hour Measurement" (the
// document history of 5.11). The rules cite 5.5 for it: its sub-clause
// number could not be confirmed from the searchable text.
inline constexpr double kMinMeasuredSeconds = 120 * 60;
// 5.2.5 / 4.2.2: the terminals of one warehouse.
inline constexpr int kSpecTerminalsPerWarehouse = 10;

// 5.2.5.7 bounds the mean of each think-time distribution from below; a
// realised mean over n draws scatters around the distribution's mean by
// mean / sqrt(n) (an exponential's standard deviation is its mean). The
// rule fails a realised mean more than this many standard errors below the
// minimum: a run at exactly the minimum fails it about once in 740 types.
inline constexpr double kThinkMeanStandardErrors = 3;
// Below this many think times the allowance (3 / sqrt(n)) exceeds 30% of
// the mean, too loose to tell a halved think time from a right one: too
// few to judge.
inline constexpr std::int64_t kMinThinkSamples = 100;

// 5.5: the measurement interval begins once the system is in steady state
// and stays in it. The kit's reading, from the interval lines of the
// measured interval (RunInfo::measured_lines):
// - the tpmC of its first fifth and of its last fifth each within
//   kSteadyFifthBand of the whole interval's tpmC: a ramp-up not yet over
//   (a warm-up too short) shows in the first fifth, a decline (a table or
//   an index growing, a queue filling) in the last. 10% is well outside the
//   few percent a steady run varies by over two hours, and inside the
//   drift of a cold cache or a bloating table;
// - the allowance widens to kSteadyStandardErrors standard errors of the
//   fifth's New-Order count (a Poisson count n scatters by sqrt(n)) when
//   that is wider, so a small run is not failed by counting noise;
// - no interval line whose expected New-Order count is at least
//   kSteadyMinLineOrders outside kSteadyLineBand of the mean: a stall (a
//   checkpoint spike, a lock pile-up, a server gone for a while) is not a
//   steady state. Below that count a line's own noise (10% at 100) is too
//   large a part of it to judge one line.
// At least kSteadyMinLines lines (one per fifth) are needed to judge.
inline constexpr double kSteadyFifthBand = 0.10;
inline constexpr double kSteadyStandardErrors = 3;
inline constexpr double kSteadyLineBand = 0.50;
inline constexpr double kSteadyMinLineOrders = 100;
inline constexpr std::size_t kSteadyMinLines = 5;

// 5.5: a warm-up excluded, and the measured interval in steady state (the
// reading above); FAIL without a warm-up, not applicable with too few
// lines or no New-Order.
RunRule steady_state_rule(const RunInfo& info);

// 5.5.2.2: checkpoints at intervals of at most 30 minutes, so the
// measurement interval holds one at least every 30 minutes, and at least
// one. PostgreSQL begins a timed checkpoint every checkpoint_timeout.
inline constexpr double kMaxCheckpointIntervalSeconds = 30 * 60;

// Every rule, in clause order within its group; 9.2.2.5's from `audits`
// (input_audits of the run) when given. A run's verdict is judge_run's
// (run_verdict.hpp), judged once.
std::vector<RunRule> judge_run_rules(const Config& config, const RunInfo& info,
                                     const RunStats& stats);
std::vector<RunRule> judge_run_rules(const Config& config, const RunInfo& info,
                                     const RunStats& stats, const std::vector<InputAudit>& audits);

// 5.2.5.7 for one transaction type: the realised mean keying time at
// least the minimum keying time (5.2.5.2), and the realised mean think
// time not more than kThinkMeanStandardErrors below the minimum mean think
// time (5.2.5.4); not applicable without keying and think times (the 5.2.5
// rule fails such a run).
RunRule pacing_means_rule(const Config& config, const TransactionType& type, const TxnStats& stats);

// 3.4 a disclosure, not a verdict (not applicable): whether the run's
// --isolation is one at which `tpcc acid` shows the clause's reads again of
// Isolation Tests 7, 8 and 9 passing (repeatable read and serializable; at
// read committed they fail and the kit's one-statement reads rest on the
// statement's snapshot).
RunRule isolation_disclosure(const Config& config);

// 5.5.2.2: the checkpoints that began in the measured interval, from the
// counters read at its start and end: at least one, and one per
// kMaxCheckpointIntervalSeconds of the interval, with checkpoint_timeout no
// longer than that; not judged (not applicable) when a reading is missing.
RunRule checkpoint_rule(const CheckpointFigures& figures, double measured_seconds);

// No rule fails (not-applicable ones do not count against the run).
bool all_rules_pass(const std::vector<RunRule>& rules);

// The line at the top of the section: "this run satisfies every rule tpcc
// can judge (2 not applicable)" or "2 rule(s) fail: 5.5 measurement
// interval, 5.2.5 keying and think times".
std::string rules_overall_line(const std::vector<RunRule>& rules);

}  // namespace tpcc
