// Which run rules a TPC-C summary prints. A run of record (--spec, or
// keying and think times) prints every rule's row; a run that is not one
// prints a short block unless --rules full: one line saying how many rules
// it does not judge and why, then the few rules that still speak to its
// figures. result.json and report.html keep every rule either way. Pure.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "report/rules/run_rules.hpp"

namespace tpcc {

// The summary prints the short block: not --spec, no keying and think
// times, and not --rules full.
bool short_rules_block(const Config& config);

// The rule speaks to the figures of any run (kSteadyStateRuleName,
// kDowntimeRuleName, kErrorsRuleName).
bool speaks_to_figures(const RunRule& rule);

// "Run rules: 66 of 69 not judged: not a run of record (no --spec, no keying
// and think times); --rules full prints them all".
std::string short_rules_line(const std::vector<RunRule>& rules);

// The rules that speak to the figures, in the rules' order.
std::vector<RunRule> rules_of_the_figures(const std::vector<RunRule>& rules);

}  // namespace tpcc
