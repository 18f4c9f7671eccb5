// 3.3.3 the consistency test: the 3.3.2 conditions are verified, the
// benchmark runs (at the reported throughput, with the measured interval's
// mix, for at least 5 minutes), and the conditions are verified again. The
// test passes when they hold both times. `tpcc run --check-before-after`
// (app/consistency_test_run.cpp) runs it; this file judges and words it.
#pragma once

#include <string>
#include <vector>

#include "check/runner.hpp"

namespace tpcc {

// 3.3.3: transactions are submitted for at least this long.
inline constexpr double kConsistencyTestMinSeconds = 300;

struct ConsistencyTest {
  std::vector<ConditionResult> before;  // verified before the run
  std::vector<ConditionResult> after;   // after it; empty when not verified
  bool ran = false;                     // the run went ahead (the conditions held before)
  std::string run_problem;              // why the run did not end normally; empty when it did
  double measured_seconds = 0;
};

// The conditions held before and after, and the run ended normally.
bool consistency_test_passed(const ConsistencyTest& test);

// "3.3.2.1, 3.3.2.8": the conditions that did not hold; empty when all did.
std::string failing_conditions(const std::vector<ConditionResult>& results);

// "3.3.3    PASS  consistency test: the 3.3.2 conditions hold before and after
// the run (...)", or FAIL naming the conditions and when they failed.
std::string consistency_test_line(const ConsistencyTest& test);

}  // namespace tpcc
