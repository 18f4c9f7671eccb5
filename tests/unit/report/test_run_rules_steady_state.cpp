// Run rules of the measurement interval (5.5): warm-up excluded, its length,
// steady state and downtime inside it.
#include <catch2/catch.hpp>

#include <string>

#include "tests/unit/report/run_rules_support.hpp"

using tpcc::RuleVerdict;
using tpcc::RunRule;
using tpcc::test::Compliant;
using tpcc::test::find;

TEST_CASE("5.5 downtime inside the measurement interval fails the run", "[report][rules]") {
  Compliant run;
  CHECK(find(run.rules(), "5.5", "server reachable").verdict == RuleVerdict::Pass);
  run.info.measured_lines[300].downtime_seconds = 2.5;
  const RunRule r = find(run.rules(), "5.5", "server reachable");
  CHECK(r.verdict == RuleVerdict::Fail);
  CHECK(r.value == "2.5 s unreachable");
  CHECK_FALSE(tpcc::all_rules_pass(run.rules()));
}

TEST_CASE("5.5 warm-up excluded and a measurement interval of at least 120 minutes",
          "[report][rules]") {
  Compliant run;
  run.info.warmup_seconds = 0;
  run.info.measured_seconds = 7199;
  const auto rules = run.rules();
  CHECK(find(rules, "5.5", "warm-up").verdict == RuleVerdict::Fail);
  CHECK(find(rules, "5.5", "measurement interval").verdict == RuleVerdict::Fail);
  CHECK(find(rules, "5.5", "measurement interval").requirement == ">= 120.0 min");
  CHECK(tpcc::rules_overall_line(rules).rfind("2 rule(s) fail: 5.5 warm-up", 0) == 0);
}

TEST_CASE("5.5 steady state: a ramp-up in the first fifth or a decline in the last fails",
          "[report][rules]") {
  Compliant run;
  RunRule r = find(run.rules(), "5.5", "steady state");
  INFO(r.value);
  CHECK(r.verdict == RuleVerdict::Pass);
  CHECK(r.value ==
        "60.0 s warm-up; first fifth 100.0%, last fifth 100.0% of 375.0 tpmC; 0 of 0 "
        "lines off");
  // A warm-up too short: the first 10% of the lines still at half the rate.
  Compliant ramp;
  for (int i = 0; i < 72; ++i)
    ramp.info.measured_lines[static_cast<std::size_t>(i)].new_orders = 31;
  CHECK(find(ramp.rules(), "5.5", "steady state").verdict == RuleVerdict::Fail);
  // A decline: the last fifth at 85% of the first four.
  Compliant decline;
  for (std::size_t i = 576; i < 720; ++i) decline.info.measured_lines[i].new_orders = 53;
  CHECK(find(decline.rules(), "5.5", "steady state").verdict == RuleVerdict::Fail);
  // A small run: the same 15% drop over few New-Orders is within counting
  // noise (3 standard errors of 40 is 47%).
  Compliant small;
  small.info.measured_lines.assign(10, {60, 20});
  small.info.measured_lines[0].new_orders = 17;
  small.info.measured_lines[1].new_orders = 17;
  CHECK(find(small.rules(), "5.5", "steady state").verdict == RuleVerdict::Pass);
  // Too few lines to judge.
  small.info.measured_lines.resize(4);
  CHECK(find(small.rules(), "5.5", "steady state").verdict == RuleVerdict::NotApplicable);
}

TEST_CASE("5.5 steady state: a stall of one interval line fails a busy run", "[report][rules]") {
  Compliant busy;
  busy.info.measured_lines.assign(720, {10, 1000});  // 6000 tpmC
  CHECK(find(busy.rules(), "5.5", "steady state").verdict == RuleVerdict::Pass);
  busy.info.measured_lines[400].new_orders = 300;  // a 10 s checkpoint stall
  const RunRule r = find(busy.rules(), "5.5", "steady state");
  CHECK(r.verdict == RuleVerdict::Fail);
  CHECK(r.value.find("1 of 720 lines off") != std::string::npos);
}
