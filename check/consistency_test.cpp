#include "check/consistency_test.hpp"

#include <cstdio>

namespace tpcc {

bool consistency_test_passed(const ConsistencyTest& test) {
  return test.ran && test.run_problem.empty() && !test.before.empty() && all_passed(test.before) &&
         !test.after.empty() && all_passed(test.after);
}

std::string failing_conditions(const std::vector<ConditionResult>& results) {
  std::string names;
  for (const ConditionResult& result : results) {
    if (result.skipped || result.violations == 0) continue;
    names += (names.empty() ? "" : ", ") + std::string(result.condition->clause);
  }
  return names;
}

std::string consistency_test_line(const ConsistencyTest& test) {
  const bool passed = consistency_test_passed(test);
  std::string why;
  if (!all_passed(test.before)) {
    why = failing_conditions(test.before) +
          " did not hold before the run: the database was not consistent to start with (no run)";
  } else if (!test.run_problem.empty()) {
    why = "the run did not end normally (" + test.run_problem + ")" +
          (test.after.empty() ? "; the conditions were not verified after it" : "");
    if (!test.after.empty() && !all_passed(test.after)) {
      why += "; " + failing_conditions(test.after) + " did not hold after it";
    }
  } else if (!all_passed(test.after)) {
    why = failing_conditions(test.after) + " did not hold after the run (" +
          format_summary_line(test.after) + ")";
  } else {
    why = "the 3.3.2 conditions hold before and after the run (" + format_summary_line(test.after) +
          ")";
  }
  char seconds[64];
  std::snprintf(seconds, sizeof seconds, "%.0f", test.measured_seconds);
  if (test.ran && test.measured_seconds < kConsistencyTestMinSeconds) {
    why += "; " + std::string(seconds) + " s measured, 3.3.3 asks for at least " +
           std::to_string(static_cast<int>(kConsistencyTestMinSeconds)) + " s";
  }
  return std::string("3.3.3    ") + (passed ? "PASS" : "FAIL") + "  consistency test: " + why;
}

}  // namespace tpcc
