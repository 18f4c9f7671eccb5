// Run rules of the checkpoints in the measurement interval (5.5.2.2).
#include <catch2/catch.hpp>

#include <string>

#include "tests/unit/report/run_rules_support.hpp"

using tpcc::RuleVerdict;
using tpcc::RunRule;
using tpcc::test::checkpoints;
using tpcc::test::Compliant;
using tpcc::test::find;

TEST_CASE("5.5.2.2 the measurement interval holds a checkpoint per 30 minutes, at least one",
          "[report][rules]") {
  Compliant run;
  run.info.checkpoints = checkpoints(3, 0, 1800);  // 3 in 120 minutes
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").verdict == RuleVerdict::Fail);
  run.info.checkpoints = checkpoints(2, 2, 1800);  // requested ones count too
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").verdict == RuleVerdict::Pass);
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").detail ==
        "2 timed and 2 requested (pg_stat_bgwriter), checkpoint_timeout 1800 s");
  run.info.checkpoints = checkpoints(2, 0, 3600);  // every hour: too seldom
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").verdict == RuleVerdict::Fail);
  run.info.checkpoints = checkpoints(4, 0, 3600);  // enough, but the setting is too long
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").verdict == RuleVerdict::Fail);

  Compliant short_run;
  short_run.info.measured_seconds = 20;
  short_run.info.checkpoints = checkpoints(0, 0, 1800);
  CHECK(find(short_run.rules(), "5.5.2.2", "checkpoints").verdict == RuleVerdict::Fail);
  CHECK(find(short_run.rules(), "5.5.2.2", "checkpoints").requirement ==
        ">= 1, timeout <= 30.0 min");
  short_run.info.checkpoints = checkpoints(0, 1, 1800);
  CHECK(find(short_run.rules(), "5.5.2.2", "checkpoints").verdict == RuleVerdict::Pass);
}

TEST_CASE("5.5.2.2 a checkpoint reading that failed or went back leaves the rule not judged",
          "[report][rules]") {
  Compliant run;
  run.info.checkpoints.at_start.reset();
  RunRule r = find(run.rules(), "5.5.2.2", "checkpoints");
  CHECK(r.verdict == RuleVerdict::NotApplicable);
  CHECK(r.value == "not judged");
  CHECK(r.detail == "no reading at the start of the measured interval");
  run.info.checkpoints = checkpoints(4, 0, 1800);
  run.info.checkpoints.at_end->timed = 0;  // pg_stat_reset_shared('bgwriter') meanwhile
  r = find(run.rules(), "5.5.2.2", "checkpoints");
  CHECK(r.verdict == RuleVerdict::NotApplicable);
  CHECK(r.detail.find("went back") != std::string::npos);
}
