// Run rules of the Delivery: deferred execution (2.7.2), 90% completed
// within 80 s (2.7.2.2), skipped districts disclosed (2.7.4.2).
#include <catch2/catch.hpp>

#include <string>
#include <tuple>

#include <nlohmann/json.hpp>

#include "report/results/delivery_file.hpp"
#include "report/results/result_json.hpp"
#include "spec/audit_tallies.hpp"
#include "tests/unit/report/run_rules_support.hpp"
#include "tests/unit/report/verdict_of.hpp"

using tpcc::RuleVerdict;
using tpcc::RunRule;
using tpcc::test::Compliant;
using tpcc::test::find;

TEST_CASE(
    "2.7.2.2 the run rule, the Delivery line and result.json judge 80 s the same way, "
    "unfinished as late",
    "[report][rules]") {
  Compliant run;
  run.stats.delivery_completion = tpcc::LatencyHistogram();
  // 89 of 100 completed in 1 s, 11 never: the p90 over the completed ones
  // alone is 1 s, but 90% of the queued did not complete within 80 s.
  for (int i = 0; i < 89; ++i) run.stats.delivery_completion.record(1'000'000);
  run.stats.deliveries_not_completed = 11;
  const auto judged = [&run] {
    const nlohmann::json j = nlohmann::json::parse(tpcc::result_json(
        run.config, run.info, run.stats, tpcc::test::verdict_of(run.config, run.info, run.stats)));
    return std::make_tuple(find(run.rules(), "2.7.2.2", "Delivery").verdict,
                           tpcc::delivery_completion_text(run.stats),
                           j.at("delivery").at("completion_p90_within_limit"));
  };
  auto [verdict, text, json] = judged();
  CHECK(verdict == RuleVerdict::Fail);
  CHECK(text.find("(90% within 80 s: FAIL)") != std::string::npos);
  CHECK(json == false);
  run.stats.deliveries_not_completed = 10;
  run.stats.delivery_completion.record(1'000'000);
  std::tie(verdict, text, json) = judged();
  CHECK(verdict == RuleVerdict::Pass);
  CHECK(text.find("(90% within 80 s: PASS)") != std::string::npos);
  CHECK(json == true);
}

TEST_CASE("2.7.2 synchronous Delivery fails the deferred-execution rule", "[report][rules]") {
  Compliant sync;
  sync.config.spec = true;
  sync.config.delivery_mode = tpcc::DeliveryMode::Sync;
  sync.stats.delivery_completion = tpcc::LatencyHistogram();
  const RunRule r = find(sync.rules(), "2.7.2", "Delivery deferred");
  CHECK(r.verdict == RuleVerdict::Fail);
  CHECK(r.value == "synchronous (--delivery sync)");
  CHECK_FALSE(tpcc::all_rules_pass(sync.rules()));
  // Deferred, as --spec sets it: the completion rule is judged instead.
  Compliant deferred;
  deferred.config.spec = true;
  CHECK(find(deferred.rules(), "2.7.2.2", "Delivery").verdict == RuleVerdict::Pass);
}

TEST_CASE("2.7.2.2 90 percent of deferred Deliveries complete within 80 s", "[report][rules]") {
  Compliant run;
  run.config.delivery_mode = tpcc::DeliveryMode::Deferred;
  run.stats.delivery_completion = tpcc::LatencyHistogram();
  CHECK(find(run.rules(), "2.7.2.2", "Delivery").verdict == RuleVerdict::NotApplicable);
  CHECK(find(run.rules(), "2.7.2.2", "Delivery").value == "no Delivery was queued");

  for (int i = 0; i < 90; ++i) run.stats.delivery_completion.record(70000000);  // 70 s
  for (int i = 0; i < 10; ++i) run.stats.delivery_completion.record(200000000);
  CHECK(find(run.rules(), "2.7.2.2", "Delivery").verdict == RuleVerdict::Pass);
  // One more late: 90 of 101 is below 90%.
  run.stats.delivery_completion.record(90000000);
  CHECK(find(run.rules(), "2.7.2.2", "Delivery").verdict == RuleVerdict::Fail);

  // Never completed counts as late.
  Compliant unfinished;
  unfinished.stats.delivery_completion = tpcc::LatencyHistogram();
  for (int i = 0; i < 89; ++i) unfinished.stats.delivery_completion.record(1000000);
  unfinished.stats.deliveries_not_completed = 11;
  const RunRule r = find(unfinished.rules(), "2.7.2.2", "Delivery");
  CHECK(r.verdict == RuleVerdict::Fail);
  CHECK(r.value.find("11 not") != std::string::npos);
  unfinished.stats.deliveries_not_completed = 10;
  unfinished.stats.delivery_completion.record(1000000);
  CHECK(find(unfinished.rules(), "2.7.2.2", "Delivery").verdict == RuleVerdict::Pass);
}

TEST_CASE("2.7.4.2 skipped deliveries are a disclosure, never a pass or a fail",
          "[report][rules]") {
  Compliant run;
  RunRule r = find(run.rules(), "2.7.4.2", "skipped");
  CHECK(r.verdict == RuleVerdict::Disclosure);
  CHECK(r.value == "0 of 4000 (0.00%), 0 of 40000 districts (0.00%)");
  CHECK(r.detail.find("no report required") != std::string::npos);
  tpcc::tally_slot(run.stats.txn[tpcc::kDelivery], tpcc::kTallyDeliveriesWithSkips) =
      41;  // 1.025% of 4,000
  tpcc::tally_slot(run.stats.txn[tpcc::kDelivery], tpcc::kTallySkippedDeliveries) = 45;
  r = find(run.rules(), "2.7.4.2", "skipped");
  CHECK(r.verdict == RuleVerdict::Disclosure);
  CHECK(r.value == "41 of 4000 (1.02%), 45 of 40000 districts (0.11%)");
  CHECK(r.detail.find("to be reported") != std::string::npos);
  // A disclosure fails no run.
  CHECK(tpcc::all_rules_pass(run.rules()));
  CHECK(find(run.rules(), "9.2.2.5", "input audits").verdict == RuleVerdict::Pass);
}
