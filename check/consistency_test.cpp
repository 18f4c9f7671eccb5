#include "check/consistency_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "config/errors.hpp"

namespace tpcc {
namespace {

std::string whole(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.0f", value);
  return text;
}

std::string one_decimal(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

double held_tpmc(const ConsistencyTest& test) {
  return test.held_seconds > 0
             ? 60.0 * static_cast<double>(test.held_new_orders) / test.held_seconds
             : 0.0;
}

// 3.3.3 "at the reported throughput": the last stretch's New-Orders at
// least the reported rate's less the band (kConsistencyTestRateBand).
bool kept_reported_throughput(const ConsistencyTest& test) {
  const double expected = test.reported_tpmc * test.held_seconds / 60.0;
  if (expected <= 0) return test.reported_tpmc <= 0;
  const double allowance =
      std::max(kConsistencyTestRateBand, kConsistencyTestStandardErrors / std::sqrt(expected));
  return static_cast<double>(test.held_new_orders) >= (1.0 - allowance) * expected;
}

bool conditions_held(const ConsistencyTest& test) {
  return test.ran && test.run_problem.empty() && !test.before.empty() && all_passed(test.before) &&
         !test.after.empty() && all_passed(test.after);
}

bool long_enough(const ConsistencyTest& test) {
  return test.measured_seconds >= kConsistencyTestMinSeconds &&
         test.held_seconds >= kConsistencyTestMinSeconds;
}

// "the last 300 s at 97.0% of the reported 1234.5 tpmC"
std::string throughput_text(const ConsistencyTest& test) {
  const double share = test.reported_tpmc > 0 ? 100.0 * held_tpmc(test) / test.reported_tpmc : 0;
  return "the last " + whole(test.held_seconds) + " s at " + one_decimal(share) +
         "% of the reported " + one_decimal(test.reported_tpmc) + " tpmC";
}

}  // namespace

ConsistencyVerdict consistency_test_verdict(const ConsistencyTest& test) {
  if (!conditions_held(test)) return ConsistencyVerdict::Fail;
  if (!long_enough(test)) return ConsistencyVerdict::NotJudged;
  return kept_reported_throughput(test) ? ConsistencyVerdict::Pass : ConsistencyVerdict::Fail;
}

bool consistency_test_passed(const ConsistencyTest& test) {
  return consistency_test_verdict(test) == ConsistencyVerdict::Pass;
}

int consistency_test_exit_status(int run_status, const ConsistencyTest& test, bool spec) {
  if (run_status != kExitOk) return run_status;
  switch (consistency_test_verdict(test)) {
    case ConsistencyVerdict::Pass: return kExitOk;
    case ConsistencyVerdict::Fail: return kExitFailed;
    case ConsistencyVerdict::NotJudged: return spec ? kExitFailed : kExitOk;
  }
  return kExitFailed;
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
  const ConsistencyVerdict verdict = consistency_test_verdict(test);
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
    const std::string minimum = whole(kConsistencyTestMinSeconds) + " s";
    if (test.measured_seconds < kConsistencyTestMinSeconds) {
      why += ", but the run was measured for " + whole(test.measured_seconds) +
             " s: 3.3.3 asks for at least " + minimum + " at the reported throughput";
    } else if (test.held_seconds < kConsistencyTestMinSeconds) {
      why +=
          ", but the run's interval lines are not known: whether it kept its reported "
          "throughput for " +
          minimum + " (3.3.3) cannot be judged";
    } else if (verdict == ConsistencyVerdict::Fail) {
      why += ", but the run did not keep its reported throughput: " + throughput_text(test) +
             " (3.3.3 asks for " + minimum + " at the reported throughput; at least " +
             whole(100 * (1 - kConsistencyTestRateBand)) + "% of it, or within " +
             whole(kConsistencyTestStandardErrors) + " standard errors of the count)";
    } else {
      why += "; " + throughput_text(test);
    }
  }
  const char* word = verdict == ConsistencyVerdict::Pass   ? "PASS"
                     : verdict == ConsistencyVerdict::Fail ? "FAIL"
                                                           : "NOT JUDGED";
  return std::string("3.3.3    ") + word + "  consistency test: " + why;
}

}  // namespace tpcc
