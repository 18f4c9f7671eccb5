// Runs the 3.3.2 consistency conditions (check/conditions.hpp) against a
// database and formats the outcome. Deciding the exit status is left to the
// caller: `tpcc check` exits 1 when all_passed() is false.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "check/conditions.hpp"

namespace pqxx {
class connection_base;
class transaction_base;
}  // namespace pqxx

namespace tpcc {

struct ConditionResult {
  const ConsistencyCondition* condition;
  long long violations;  // rows violating the condition; 0 when it holds
  double seconds;        // time the query took
  bool skipped = false;  // an after-load-only condition on a run database
};

// Runs every condition in clause order, each in its own read-only
// transaction. Conditions flagged after_load_only are reported as skipped
// unless after_load is true. When progress_out is not null, each result
// line is written there as soon as its query completes. Database errors
// propagate as pqxx exceptions.
std::vector<ConditionResult> run_consistency_checks(pqxx::connection_base& connection,
                                                    bool after_load, std::ostream* progress_out);

// The same, inside an existing transaction, so that the checks see its
// uncommitted changes.
std::vector<ConditionResult> run_consistency_checks(pqxx::transaction_base& transaction,
                                                    bool after_load, std::ostream* progress_out);

// True when no condition that was run has violations (skipped ones do not count).
bool all_passed(const std::vector<ConditionResult>& results);

// "3.3.2.1   PASS        0  W_YTD = sum(D_YTD)  (0.01 s)"
std::string format_result_line(const ConditionResult& result);

// "12 of 12 conditions hold", "11 of 12 conditions hold (1 skipped)".
std::string format_summary_line(const std::vector<ConditionResult>& results);

// One line per condition, then the summary line.
void print_consistency_report(std::ostream& out, const std::vector<ConditionResult>& results);

}  // namespace tpcc
