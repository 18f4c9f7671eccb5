// Run rules of the terminals: keying and think times (5.2.5, 5.2.5.7),
// terminals per warehouse (4.2.2), input audits (9.2.2.5) and the
// isolation level tpcc acid shows (3.4).
#include <catch2/catch.hpp>

#include <string>

#include "spec/audit_tallies.hpp"
#include "tests/unit/report/run_rules_support.hpp"

using tpcc::RuleVerdict;
using tpcc::RunRule;
using tpcc::test::Compliant;
using tpcc::test::delays;
using tpcc::test::find;

TEST_CASE("5.2.5 keying and think times must be on and unscaled", "[report][rules]") {
  Compliant run;
  CHECK(find(run.rules(), "5.2.5", "keying").value == "on, keying x 1.00, think x 1.00");
  run.config.keying_and_thinking = false;
  CHECK(find(run.rules(), "5.2.5", "keying").verdict == RuleVerdict::Fail);
  run.config.keying_and_thinking = true;
  run.config.think_multiplier = 0.5;
  CHECK(find(run.rules(), "5.2.5", "keying").verdict == RuleVerdict::Fail);
}

TEST_CASE("4.2.2 ten terminals per warehouse with a fixed home warehouse", "[report][rules]") {
  Compliant run;
  run.info.warehouses = 3;
  run.info.terminals = 30;
  CHECK(find(run.rules(), "4.2.2", "terminals").verdict == RuleVerdict::Pass);
  run.info.terminals = 31;
  CHECK(find(run.rules(), "4.2.2", "terminals").verdict == RuleVerdict::Fail);
  run.info.terminals = 20;
  run.config.warehouse_from = 2;  // homes 2..3 of a shared database
  CHECK(find(run.rules(), "4.2.2", "terminals").verdict == RuleVerdict::Pass);
  run.config.terminal_warehouse_fixed = false;
  CHECK(find(run.rules(), "4.2.2", "terminals").verdict == RuleVerdict::Fail);
}

TEST_CASE("9.2.2.5 a failing input audit fails the rule, too few is not applicable",
          "[report][rules]") {
  Compliant run;
  run.stats.txn[tpcc::kNewOrder].rolled_back = 2000;  // 4.4%
  RunRule r = find(run.rules(), "9.2.2.5", "input audits");
  CHECK(r.verdict == RuleVerdict::Fail);
  CHECK(r.value.find("New-Order rollbacks") != std::string::npos);

  Compliant small;
  small.stats.txn[tpcc::kOrderStatus].committed = 100;
  tpcc::tally_slot(small.stats.txn[tpcc::kOrderStatus], tpcc::kTallyByLastName) = 60;
  r = find(small.rules(), "9.2.2.5", "input audits");
  CHECK(r.verdict == RuleVerdict::NotApplicable);
  CHECK(r.value.find("Order-Status by last name") != std::string::npos);
}

TEST_CASE(
    "5.2.5.7 the realised mean think time may fall short of the minimum by sampling "
    "error only",
    "[report][rules]") {
  Compliant run;
  auto& pay = run.stats.txn[tpcc::kPayment];
  // 10,000 draws: three standard errors are 3% of the 12 s minimum.
  pay.think = delays(10000, 11.7);  // 2.5% short
  CHECK(find(run.rules(), "5.2.5.7", "Payment").verdict == RuleVerdict::Pass);
  pay.think = delays(10000, 11.6);  // 3.3% short
  const RunRule short_think = find(run.rules(), "5.2.5.7", "Payment");
  CHECK(short_think.verdict == RuleVerdict::Fail);
  CHECK(short_think.value == "keying 3.00 s, think 11.60 s");
  CHECK(short_think.requirement == "keying >= 3 s, think mean >= 12 s");
  CHECK(short_think.detail.find("below 11.640 s") != std::string::npos);
  // Think times halved (--think-multiplier 0.5 would draw these).
  pay.think = delays(1000, 6);
  CHECK(find(run.rules(), "5.2.5.7", "Payment").verdict == RuleVerdict::Fail);
  CHECK_FALSE(tpcc::all_rules_pass(run.rules()));
  // Too few draws to tell.
  pay.think = delays(tpcc::kMinThinkSamples - 1, 6);
  const RunRule few = find(run.rules(), "5.2.5.7", "Payment");
  CHECK(few.verdict == RuleVerdict::NotApplicable);
  CHECK(few.detail.find("too few think times") != std::string::npos);
}

TEST_CASE("5.2.5.7 a mean keying time below the minimum fails, whatever the count",
          "[report][rules]") {
  Compliant run;
  auto& no = run.stats.txn[tpcc::kNewOrder];
  no.keying = delays(3, 17.9);
  CHECK(find(run.rules(), "5.2.5.7", "New-Order").verdict == RuleVerdict::Fail);
  no.keying = delays(3, 18);
  CHECK(find(run.rules(), "5.2.5.7", "New-Order").verdict == RuleVerdict::Pass);
  // Even while the think times are too few to judge.
  no.think = delays(5, 12);
  no.keying = delays(5, 9);
  CHECK(find(run.rules(), "5.2.5.7", "New-Order").verdict == RuleVerdict::Fail);
}

TEST_CASE("5.2.5.7 is not applicable without keying and think times, which 5.2.5 fails",
          "[report][rules]") {
  Compliant run;
  run.config.keying_and_thinking = false;
  const auto rules = run.rules();
  CHECK(find(rules, "5.2.5.7", "Delivery").verdict == RuleVerdict::NotApplicable);
  CHECK(find(rules, "5.2.5.7", "Delivery").value == "off");
  CHECK(find(rules, "5.2.5", "keying and think times").verdict == RuleVerdict::Fail);
  Compliant none;
  none.stats.txn[tpcc::kStockLevel].keying = {};
  none.stats.txn[tpcc::kStockLevel].think = {};
  CHECK(find(none.rules(), "5.2.5.7", "Stock-Level").verdict == RuleVerdict::NotApplicable);
}

TEST_CASE("3.4 the run rules disclose whether tpcc acid shows the run's isolation level",
          "[report][rules]") {
  Compliant run;
  const RunRule rc = find(run.rules(), "3.4", "isolation level");
  CHECK(rc.verdict == RuleVerdict::NotApplicable);
  CHECK_THAT(rc.value, Catch::StartsWith("read committed: not one of them"));
  CHECK_THAT(rc.requirement, Catch::Contains("passing at repeatable read and serializable"));
  run.config.isolation = tpcc::Isolation::RepeatableRead;
  CHECK(find(run.rules(), "3.4", "isolation level").value == "repeatable read: one of them");
  run.config.isolation = tpcc::Isolation::Serializable;
  CHECK(find(run.rules(), "3.4", "isolation level").value == "serializable: one of them");
}
