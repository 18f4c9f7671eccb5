#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/html_report.hpp"
#include "report/report.hpp"
#include "report/run_rules.hpp"

namespace {

using tpcc::RuleVerdict;
using tpcc::RunRule;
using tpcc::RunStats;

void record(tpcc::TxnStats& t, std::int64_t committed, std::int64_t micros) {
  t.committed += committed;
  for (std::int64_t i = 0; i < committed; ++i) t.latency.record(micros);
}

// A run that keeps every rule: one warehouse, ten fixed terminals, keying
// and think times, a minute of warm-up, two hours measured, the mix at its
// minimums, enough of each input to judge every audit.
struct Compliant {
  tpcc::Config config;
  tpcc::RunInfo info;
  RunStats stats;
  Compliant() {
    config.keying_and_thinking = true;
    info.warehouses = 1;
    info.terminals = 10;
    info.warmup_seconds = 60;
    info.measured_seconds = 7200;
    auto& no = stats.txn[tpcc::kNewOrder];
    record(no, 44550, 200000);
    no.rolled_back = 450;  // 1%
    no.order_lines = 450000;
    auto& pay = stats.txn[tpcc::kPayment];
    record(pay, 43000, 100000);
    pay.by_last_name = 25800;  // 60%
    auto& os = stats.txn[tpcc::kOrderStatus];
    record(os, 4000, 100000);
    os.by_last_name = 2400;
    record(stats.txn[tpcc::kDelivery], 4000, 100000);
    // 2.7.2 deferred (the default): every Delivery completed in 2 s.
    for (int i = 0; i < 4000; ++i) stats.delivery_completion.record(2'000'000);
    record(stats.txn[tpcc::kStockLevel], 4000, 100000);
  }
  std::vector<RunRule> rules() const { return tpcc::judge_run_rules(config, info, stats); }
};

// The rule of that clause whose name contains `name`.
RunRule find(const std::vector<RunRule>& rules, const std::string& clause, const std::string& name) {
  for (const auto& r : rules) {
    if (r.clause == clause && r.name.find(name) != std::string::npos) return r;
  }
  FAIL("no rule " << clause << " " << name);
  return {};
}

std::string describe(const std::vector<RunRule>& rules) {
  std::string out;
  for (const auto& r : rules) {
    out += r.clause + " " + r.name + ": " + r.value + " [" + tpcc::rule_verdict_text(r.verdict) +
           "]\n";
  }
  return out;
}

}  // namespace

TEST_CASE("run rules: a compliant run passes every rule it can judge", "[report][rules]") {
  const Compliant run;
  const auto rules = run.rules();
  INFO(describe(rules));
  CHECK(tpcc::all_rules_pass(rules));
  CHECK(tpcc::rules_overall_line(rules).rfind("this run satisfies every rule tpcc can judge", 0) ==
        0);
  for (const auto& r : rules) {
    INFO(r.clause << " " << r.name);
    CHECK(r.verdict != RuleVerdict::Fail);
  }
  CHECK(find(rules, "5.2.3", "Payment").verdict == RuleVerdict::Pass);
  CHECK(find(rules, "9.2.2.5", "input audits").verdict == RuleVerdict::Pass);
  // 5.5: checkpoints are not measured; sync Delivery has no deferred completion.
  CHECK(find(rules, "5.5", "checkpoints").verdict == RuleVerdict::NotApplicable);
  CHECK(find(rules, "5.5", "checkpoints").value == "not measured");
  CHECK(find(rules, "2.7.2.2", "Delivery").verdict == RuleVerdict::Pass);
  Compliant sync;
  sync.config.delivery_mode = tpcc::DeliveryMode::Sync;
  sync.stats.delivery_completion = tpcc::LatencyHistogram();
  CHECK(find(sync.rules(), "2.7.2.2", "Delivery").value ==
        "Delivery ran synchronously (--delivery sync)");
}

TEST_CASE("5.2.3 a realised Payment share of 42.97 percent fails the mix minimum of 43",
          "[report][rules]") {
  Compliant run;
  // 100,000 completed: 42,970 Payments.
  run.stats.txn[tpcc::kPayment].committed = 42970;
  run.stats.txn[tpcc::kNewOrder].committed += 30;
  const auto rules = run.rules();
  const RunRule pay = find(rules, "5.2.3", "Payment");
  CHECK(pay.verdict == RuleVerdict::Fail);
  CHECK(pay.value == "42.97% (42970 of 100000)");
  CHECK(pay.requirement == ">= 43% of completed");
  CHECK_FALSE(tpcc::all_rules_pass(rules));
  CHECK(tpcc::rules_overall_line(rules) == "1 rule(s) fail: 5.2.3 Payment share of the mix");

  // Just below the minimum must not print as the minimum.
  run.stats.txn[tpcc::kPayment].committed = 42999;
  run.stats.txn[tpcc::kNewOrder].committed -= 29;
  CHECK(find(run.rules(), "5.2.3", "Payment").value.rfind("42.999%", 0) == 0);

  // Order-Status, Delivery and Stock-Level: 4% each.
  run = Compliant();
  run.stats.txn[tpcc::kStockLevel].committed = 3900;
  CHECK(find(run.rules(), "5.2.3", "Stock-Level").verdict == RuleVerdict::Fail);
  CHECK(find(run.rules(), "5.2.3", "Delivery").verdict == RuleVerdict::Pass);
}

TEST_CASE("5.2.5.3 each transaction type is judged against its 90th percentile limit",
          "[report][rules]") {
  Compliant run;
  run.stats.txn[tpcc::kNewOrder].latency = tpcc::LatencyHistogram();
  for (int i = 0; i < 100; ++i) run.stats.txn[tpcc::kNewOrder].latency.record(6000000);  // 6 s
  run.stats.txn[tpcc::kStockLevel].latency = tpcc::LatencyHistogram();
  for (int i = 0; i < 100; ++i) run.stats.txn[tpcc::kStockLevel].latency.record(6000000);
  run.stats.txn[tpcc::kOrderStatus].latency = tpcc::LatencyHistogram();
  const auto rules = run.rules();
  CHECK(find(rules, "5.2.5.3", "New-Order").verdict == RuleVerdict::Fail);
  CHECK(find(rules, "5.2.5.3", "New-Order").requirement == "<= 5 s");
  CHECK(find(rules, "5.2.5.3", "Stock-Level").verdict == RuleVerdict::Pass);  // 20 s limit
  CHECK(find(rules, "5.2.5.3", "Order-Status").verdict == RuleVerdict::NotApplicable);
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

TEST_CASE("5.2.5 keying and think times must be on and unscaled", "[report][rules]") {
  Compliant run;
  CHECK(find(run.rules(), "5.2.5", "keying").value.find("not measured") != std::string::npos);
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

TEST_CASE("9.2.2.5 a failing input audit fails the rule, too few is not applicable",
          "[report][rules]") {
  Compliant run;
  run.stats.txn[tpcc::kNewOrder].rolled_back = 2000;  // 4.4%
  RunRule r = find(run.rules(), "9.2.2.5", "input audits");
  CHECK(r.verdict == RuleVerdict::Fail);
  CHECK(r.value.find("New-Order rollbacks") != std::string::npos);

  Compliant small;
  small.stats.txn[tpcc::kOrderStatus].committed = 100;
  small.stats.txn[tpcc::kOrderStatus].by_last_name = 60;
  r = find(small.rules(), "9.2.2.5", "input audits");
  CHECK(r.verdict == RuleVerdict::NotApplicable);
  CHECK(r.value.find("Order-Status by last name") != std::string::npos);
}

TEST_CASE("2.7.4.2 skipped deliveries are their own rule", "[report][rules]") {
  Compliant run;
  CHECK(find(run.rules(), "2.7.4.2", "skipped").verdict == RuleVerdict::Pass);
  run.stats.txn[tpcc::kDelivery].deliveries_with_skips = 41;  // 1.025% of 4,000
  CHECK(find(run.rules(), "2.7.4.2", "skipped").verdict == RuleVerdict::Fail);
  // The input-audit rule does not count it twice.
  CHECK(find(run.rules(), "9.2.2.5", "input audits").verdict == RuleVerdict::Pass);
}

TEST_CASE("run rules appear in the summary, result.json and report.html", "[report][rules]") {
  Compliant run;
  run.info.measured_seconds = 20;
  std::ostringstream out;
  tpcc::print_summary(out, run.config, run.info, run.stats);
  const std::string text = out.str();
  INFO(text);
  CHECK(text.find("Run rules: 1 rule(s) fail: 5.5 measurement interval") != std::string::npos);
  CHECK(text.find("NOT APPLICABLE") != std::string::npos);

  const auto j = nlohmann::json::parse(tpcc::result_json(run.config, run.info, run.stats));
  const auto& rr = j.at("run_rules");
  CHECK(rr.at("all_pass") == false);
  REQUIRE(rr.at("rules").is_array());
  bool found = false;
  for (const auto& r : rr.at("rules")) {
    for (const char* key : {"clause", "name", "value", "requirement", "verdict"}) {
      CHECK(r.contains(key));
    }
    if (r.at("name") == "measurement interval") {
      found = true;
      CHECK(r.at("clause") == "5.5");
      CHECK(r.at("verdict") == "fail");
      CHECK(r.at("value") == "20.0 s");
    }
  }
  CHECK(found);

  const std::string html = tpcc::html_report(run.config, run.info, run.stats, {});
  CHECK(html.find("<h2>Run rules</h2>") != std::string::npos);
  CHECK(html.find("1 rule(s) fail: 5.5 measurement interval") != std::string::npos);
}
