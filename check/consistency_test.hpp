// 3.3.3 the consistency test: the 3.3.2 conditions are verified, the
// benchmark runs (at the reported throughput, with the measured interval's
// mix, for at least 5 minutes), and the conditions are verified again. The
// test passes when they hold both times. `tpcc run --check-before-after`
// (app/consistency_test_run.cpp) runs it; this file judges and words it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "check/runner.hpp"

namespace tpcc {

// 3.3.3: transactions are submitted for at least this long.
inline constexpr double kConsistencyTestMinSeconds = 300;

// 3.3.3: "at the reported throughput". The kit's reading: the run's last
// kConsistencyTestMinSeconds of interval lines, the stretch just before the
// conditions are verified again, at a tpmC no more than
// kConsistencyTestRateBand below the tpmC the run reports (its whole
// measured interval's); the band widens to kConsistencyTestStandardErrors
// standard errors of the stretch's New-Order count (a Poisson count n
// scatters by sqrt(n)) when that is wider, so a small run is not failed by
// counting noise. 10% is the band steady state (5.5) allows a fifth of the
// measured interval: a stretch further below is not the reported rate (a
// stall, a decline before the end).
inline constexpr double kConsistencyTestRateBand = 0.10;
inline constexpr double kConsistencyTestStandardErrors = 3;

enum class ConsistencyVerdict { Pass, Fail, NotJudged };

struct ConsistencyTest {
  std::vector<ConditionResult> before;  // verified before the run
  std::vector<ConditionResult> after;   // after it; empty when not verified
  bool ran = false;                     // the run went ahead (the conditions held before)
  std::string run_problem;              // why the run did not end normally; empty when it did
  double measured_seconds = 0;
  double reported_tpmc = 0;  // the run's tpmC, over its whole measured interval
  // The last interval lines of the measured interval that make up at least
  // kConsistencyTestMinSeconds (all of them when fewer): their length and
  // their New-Orders (committed and rolled back, 5.4.2).
  double held_seconds = 0;
  std::int64_t held_new_orders = 0;
};

// PASS: the conditions held before and after, the run ended normally, was
// measured for at least kConsistencyTestMinSeconds and kept its reported
// throughput over its last kConsistencyTestMinSeconds. FAIL: a condition did
// not hold, the run did not end normally, or it did not keep that
// throughput. NOT JUDGED: the conditions held around a run too short (or
// whose interval lines are not known) to be the test 3.3.3 asks for.
ConsistencyVerdict consistency_test_verdict(const ConsistencyTest& test);
bool consistency_test_passed(const ConsistencyTest& test);

// What `tpcc run --check-before-after` exits with: the run's status when it
// is not 0; 1 when the test failed; 1 when it was not judged and the run is
// a run of record (--spec), whose consistency test 3.3.3 requires.
int consistency_test_exit_status(int run_status, const ConsistencyTest& test, bool spec);

// "3.3.2.1, 3.3.2.8": the conditions that did not hold; empty when all did.
std::string failing_conditions(const std::vector<ConditionResult>& results);

// "3.3.3    PASS  consistency test: the 3.3.2 conditions hold before and after
// the run (...)", or FAIL naming the conditions and when they failed.
std::string consistency_test_line(const ConsistencyTest& test);

}  // namespace tpcc
