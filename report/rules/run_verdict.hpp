// The verdict on a run: its run rules and input audits, judged once where
// the run ends (or where tpcc report --merge makes one run of its drivers'
// counts) and carried as a value to the console summary, the exit status,
// result.json and report.html, so that they show one verdict and cannot
// disagree. tpcc report DIR reads it back from result.json
// (report/results/verdict_json.hpp). Pure: no I/O.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/rules/audits.hpp"
#include "report/rules/run_rules.hpp"

namespace tpcc {

struct RunVerdict {
  // Judged by TPC-C's rules; a run of another workload has none to judge
  // and carries an unjudged verdict (no rules, no audits).
  bool judged = false;
  std::vector<RunRule> rules;      // every rule, in judge_run_rules' order
  std::vector<InputAudit> audits;  // 9.2.2.5, as input_audits gives them

  // No rule fails (what --spec's exit status asks); true when not judged.
  bool all_pass() const { return all_rules_pass(rules); }
  // rules_overall_line of the rules.
  std::string overall_line() const { return rules_overall_line(rules); }
};

// The verdict on a TPC-C run from its configuration and measured figures:
// the input audits, then every run rule (9.2.2.5's rule judged from those
// audits).
RunVerdict judge_run(const Config& config, const RunInfo& info, const RunStats& stats);

}  // namespace tpcc
