// The run rules of clause 5 (and the few of clauses 2, 4 and 9 a run can
// break), judged after every run from the configuration and the measured
// figures: the "Run rules" section of the summary, report.html and
// result.json. Pure: no I/O, no server.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "report/report.hpp"
#include "report/stats.hpp"

namespace tpcc {

enum class RuleVerdict { Pass, Fail, NotApplicable };

struct RunRule {
  std::string clause;       // "5.2.3"
  std::string name;         // "Payment share of the mix"
  std::string value;        // what was measured or configured: "42.97% (4297 of 10000)"
  std::string requirement;  // ">= 43%"
  RuleVerdict verdict = RuleVerdict::NotApplicable;
};

// "PASS", "FAIL", "NOT APPLICABLE".
const char* rule_verdict_text(RuleVerdict verdict);
// "pass", "fail", "not_applicable" (result.json).
const char* rule_verdict_key(RuleVerdict verdict);

// 5.5 (Measurement Interval): at least 120 minutes, uninterrupted, for a
// reported result; revision 5.0 brought in the "2 Hour Measurement" (the
// document history of 5.11). The rules cite 5.5 for it: its sub-clause
// number could not be confirmed from the searchable text.
inline constexpr double kMinMeasuredSeconds = 120 * 60;
// 5.2.5 / 4.2.2: the terminals of one warehouse.
inline constexpr int kSpecTerminalsPerWarehouse = 10;

// Every rule, in clause order within its group.
std::vector<RunRule> judge_run_rules(const Config& config, const RunInfo& info,
                                     const RunStats& stats);

// No rule fails (not-applicable ones do not count against the run).
bool all_rules_pass(const std::vector<RunRule>& rules);

// The line at the top of the section: "this run satisfies every rule tpcc
// can judge (2 not applicable)" or "2 rule(s) fail: 5.5 measurement
// interval, 5.2.5 keying and think times".
std::string rules_overall_line(const std::vector<RunRule>& rules);

}  // namespace tpcc
