#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/run.hpp"
#include "report/console/summary.hpp"
#include "report/console/text_table.hpp"
#include "report/html/html_report.hpp"
#include "report/results/delivery_file.hpp"
#include "report/results/result_json.hpp"
#include "report/rules/run_rules.hpp"
#include "tests/unit/support.hpp"

namespace {

using tpcc::RuleVerdict;
using tpcc::RunRule;
using tpcc::RunStats;
using tpcc::test::record;

// n delays of `seconds` each.
tpcc::DelayTotals delays(std::int64_t n, double seconds) {
  tpcc::DelayTotals d;
  for (std::int64_t i = 0; i < n; ++i) d.add(seconds);
  return d;
}

// The checkpoint counters read at the start and end of the interval.
tpcc::CheckpointFigures checkpoints(std::int64_t timed, std::int64_t requested,
                                    double timeout_seconds) {
  tpcc::CheckpointFigures f;
  f.at_start = tpcc::CheckpointCounters{10, 5, timeout_seconds};
  f.at_end = tpcc::CheckpointCounters{10 + timed, 5 + requested, timeout_seconds};
  return f;
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
    // 5.2.5.7: each type's keying and think times at their minimums.
    for (const auto& type : tpcc::kTransactions) {
      auto& t = stats.txn[static_cast<std::size_t>(type.index)];
      t.keying = delays(completed(t), type.keying_seconds);
      t.think = delays(completed(t), type.mean_think_seconds);
    }
    // 5.5.2.2: four timed checkpoints in the two hours, every 30 minutes.
    info.checkpoints = checkpoints(4, 0, 1800);
    // 5.5: 720 interval lines of 10 s, 62 or 63 New-Orders each (45,000).
    for (int i = 0; i < 720; ++i) info.measured_lines.push_back({10, i % 2 == 0 ? 62 : 63});
  }
  std::vector<RunRule> rules() const { return tpcc::judge_run_rules(config, info, stats); }
};

// The rule of that clause whose name contains `name`.
RunRule find(const std::vector<RunRule>& rules, const std::string& clause,
             const std::string& name) {
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
  CHECK(find(rules, "5.5.2.2", "checkpoints").verdict == RuleVerdict::Pass);
  CHECK(find(rules, "5.5.2.2", "checkpoints").value == "4 in 120.0 min; timeout 30.0 min");
  CHECK(find(rules, "5.5.2.2", "checkpoints").requirement ==
        ">= 4 (1 per 30.0 min), timeout <= 30.0 min");
  for (const char* type : {"New-Order", "Payment", "Order-Status", "Delivery", "Stock-Level"}) {
    CHECK(find(rules, "5.2.5.7", type).verdict == RuleVerdict::Pass);
  }
  CHECK(find(rules, "2.7.2.2", "Delivery").verdict == RuleVerdict::Pass);
}

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
    const nlohmann::json j =
        nlohmann::json::parse(tpcc::result_json(run.config, run.info, run.stats));
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

TEST_CASE("5.2.3 a realised Payment share of 42.97 percent fails the mix minimum of 43",
          "[report][rules]") {
  Compliant run;
  // 100,000 completed: 42,970 Payments.
  run.stats.txn[tpcc::kPayment].committed = 42970;
  run.stats.txn[tpcc::kNewOrder].committed += 30;
  const auto rules = run.rules();
  const RunRule pay = find(rules, "5.2.3", "Payment");
  CHECK(pay.verdict == RuleVerdict::Fail);
  CHECK(pay.value ==
        "42.97% (42970 of 100000), all completed (no whole deck dealt); at its minimum by "
        "design (--mix 43)");
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

TEST_CASE("5.2.3 shares are judged over whole decks, the partial ones counted apart",
          "[report][rules]") {
  Compliant run;
  run.config.mix = {1000.0 / 23, 1000.0 / 23, 100.0 / 23, 100.0 / 23, 100.0 / 23};
  // The shares over everything completed fall below 43% (partial decks
  // and errors), but 1000 whole 23-card decks dealt 10 Payments each.
  run.stats.txn[tpcc::kPayment].committed = 42970;
  run.stats.txn[tpcc::kNewOrder].committed += 30;
  run.stats.whole_decks = 1000;
  run.stats.decks_touched = 1020;
  run.stats.whole_deck_completed = {10000, 10000, 1000, 1000, 1000};
  RunRule pay = find(run.rules(), "5.2.3", "Payment");
  CHECK(pay.verdict == RuleVerdict::Pass);
  CHECK(pay.value == "43.48% (10000 of 23000), 1000 whole decks, 20 partial not judged");
  // Payments that failed inside whole decks still fail the minimum.
  run.stats.whole_deck_completed[tpcc::kPayment] = 9800;
  pay = find(run.rules(), "5.2.3", "Payment");
  CHECK(pay.verdict == RuleVerdict::Fail);
  CHECK(pay.value.rfind("42.98% (9800 of 22800)", 0) == 0);
}

TEST_CASE("5.2.3 a share at its minimum by design is said so", "[report][rules]") {
  Compliant run;  // the default mix 45,43,4,4,4
  CHECK(find(run.rules(), "5.2.3", "Payment").value.find("at its minimum by design (--mix 43)") !=
        std::string::npos);
  CHECK(find(run.rules(), "5.2.3", "Delivery").value.find("at its minimum by design (--mix 4)") !=
        std::string::npos);
  run.config.mix = {1000.0 / 23, 1000.0 / 23, 100.0 / 23, 100.0 / 23, 100.0 / 23};
  CHECK(find(run.rules(), "5.2.3", "Payment").value.find("by design") == std::string::npos);
}

TEST_CASE("5.2.5.3 errors and timeouts count as over the limit", "[report][rules]") {
  Compliant run;
  // 44,550 New-Orders answered in 0.2 s; timeouts (a --statement-timeout
  // below the 5 s limit) record no latency, but count as over it.
  auto& no = run.stats.txn[tpcc::kNewOrder];
  no.errors = 5000;
  no.timeouts = 5000;
  RunRule r = find(run.rules(), "5.2.5.3", "New-Order");
  CHECK(r.verdict == RuleVerdict::Fail);
  CHECK(r.value.find("5000 failed counted as over") != std::string::npos);
  CHECK(find(run.rules(), "2.4.2.3", "failed").verdict == RuleVerdict::Fail);
  no.errors = 4000;  // 8.2%: 90% still answered within the limit
  no.timeouts = 4000;
  CHECK(find(run.rules(), "5.2.5.3", "New-Order").verdict == RuleVerdict::Pass);
  CHECK(find(run.rules(), "2.4.2.3", "failed").verdict == RuleVerdict::Fail);
  no.errors = 0;
  no.timeouts = 0;
  CHECK(find(run.rules(), "2.4.2.3", "failed").verdict == RuleVerdict::Pass);
  // Every one failed: judged, not "none completed".
  Compliant none;
  none.stats.txn[tpcc::kStockLevel] = tpcc::TxnStats();
  none.stats.txn[tpcc::kStockLevel].errors = 3;
  CHECK(find(none.rules(), "5.2.5.3", "Stock-Level").verdict == RuleVerdict::Fail);
}

TEST_CASE("5.5 downtime inside the measurement interval fails the run", "[report][rules]") {
  Compliant run;
  CHECK(find(run.rules(), "5.5", "server reachable").verdict == RuleVerdict::Pass);
  run.info.measured_lines[300].downtime_seconds = 2.5;
  const RunRule r = find(run.rules(), "5.5", "server reachable");
  CHECK(r.verdict == RuleVerdict::Fail);
  CHECK(r.value == "2.5 s unreachable");
  CHECK_FALSE(tpcc::all_rules_pass(run.rules()));
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

TEST_CASE("2.7.4.2 skipped deliveries are a disclosure, never a pass or a fail",
          "[report][rules]") {
  Compliant run;
  RunRule r = find(run.rules(), "2.7.4.2", "skipped");
  CHECK(r.verdict == RuleVerdict::Disclosure);
  CHECK(r.value == "0 of 4000 (0.00%), 0 of 40000 districts (0.00%)");
  CHECK(r.detail.find("no report required") != std::string::npos);
  run.stats.txn[tpcc::kDelivery].deliveries_with_skips = 41;  // 1.025% of 4,000
  run.stats.txn[tpcc::kDelivery].skipped_deliveries = 45;
  r = find(run.rules(), "2.7.4.2", "skipped");
  CHECK(r.verdict == RuleVerdict::Disclosure);
  CHECK(r.value == "41 of 4000 (1.02%), 45 of 40000 districts (0.11%)");
  CHECK(r.detail.find("to be reported") != std::string::npos);
  // A disclosure fails no run.
  CHECK(tpcc::all_rules_pass(run.rules()));
  CHECK(find(run.rules(), "9.2.2.5", "input audits").verdict == RuleVerdict::Pass);
}

TEST_CASE("run rules appear in the summary, result.json and report.html", "[report][rules]") {
  Compliant run;
  run.info.measured_seconds = 20;
  run.info.checkpoints.at_end.reset();
  run.info.checkpoints.problem =
      "cannot read the checkpoint counters at the end of the measured "
      "interval: timeout expired";
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
    CHECK(r.contains("detail"));
    if (r.at("clause") == "5.5.2.2") {
      CHECK(r.at("verdict") == "not_applicable");
      CHECK(r.at("detail").get<std::string>().find("timeout expired") != std::string::npos);
    }
    if (r.at("name") == "measurement interval") {
      found = true;
      CHECK(r.at("clause") == "5.5");
      CHECK(r.at("verdict") == "fail");
      CHECK(r.at("value") == "20.0 s");
    }
  }
  CHECK(found);
  CHECK(rr.at("checkpoints").at("at_start").at("timed") == 10);
  CHECK(rr.at("checkpoints").at("at_end").is_null());
  CHECK(rr.at("checkpoints").at("in_interval").is_null());
  const auto& keying = j.at("transactions").at("new_order").at("keying_time");
  CHECK(keying.at("mean_s") == 18.0);
  CHECK(keying.at("count") == 45000);
  CHECK(j.at("transactions").at("delivery").at("think_time").at("mean_s") == 5.0);

  const std::string html = tpcc::html_report(run.config, run.info, run.stats, {});
  CHECK(html.find("<h2>Run rules</h2>") != std::string::npos);
  CHECK(html.find("1 rule(s) fail: 5.5 measurement interval") != std::string::npos);
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

TEST_CASE("5.5.2.2 the measurement interval holds a checkpoint per 30 minutes, at least one",
          "[report][rules]") {
  Compliant run;
  run.info.checkpoints = checkpoints(3, 0, 1800);  // 3 in 120 minutes
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").verdict == RuleVerdict::Fail);
  run.info.checkpoints = checkpoints(2, 2, 1800);  // requested ones count too
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").verdict == RuleVerdict::Pass);
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").detail ==
        "2 timed and 2 requested (pg_stat_bgwriter), checkpoint_timeout 1800 s");
  // PostgreSQL 17's counters are judged the same, and named as read.
  run.info.checkpoints.at_start->view = "pg_stat_checkpointer";
  run.info.checkpoints.at_end->view = "pg_stat_checkpointer";
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").verdict == RuleVerdict::Pass);
  CHECK(find(run.rules(), "5.5.2.2", "checkpoints").detail ==
        "2 timed and 2 requested (pg_stat_checkpointer), checkpoint_timeout 1800 s");
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

TEST_CASE("run rules: the summary's table fits 100 columns", "[report][rules]") {
  Compliant run;
  run.info.measured_seconds = 20;
  run.info.warmup_seconds = 0;
  run.config.delivery_mode = tpcc::DeliveryMode::Sync;
  run.stats.delivery_completion = tpcc::LatencyHistogram();
  run.stats.txn[tpcc::kPayment].think = delays(10000, 6);
  std::ostringstream out;
  tpcc::print_summary(out, run.config, run.info, run.stats);
  const std::string text = out.str();
  INFO(text);
  const std::size_t from = text.find("Run rules:");
  const std::size_t to = text.find("Reconnects:");
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  std::istringstream section(text.substr(from, to - from));
  int lines = 0;
  for (std::string line; std::getline(section, line); ++lines) {
    INFO(line);
    CHECK(line.size() <= 100);
  }
  CHECK(lines > 20);
  // Wrapped, nothing lost: the long value is there in pieces.
  CHECK(text.find("synchronous (--delivery") != std::string::npos);
}

TEST_CASE("text table: cells wider than their column wrap at spaces", "[report]") {
  CHECK(tpcc::wrap_words("a bb ccc dddd", 6) == std::vector<std::string>{"a bb", "ccc", "dddd"});
  CHECK(tpcc::wrap_words("abcdefgh", 3) == std::vector<std::string>{"abc", "def", "gh"});
  CHECK(tpcc::wrap_words("", 5) == std::vector<std::string>{""});
  tpcc::TextTable table({"k", "v"}, 2);
  table.set_max_width(1, 5);
  table.add_row({"x", "one two three"});
  std::ostringstream out;
  table.print(out);
  CHECK(out.str() == "k  v\nx  one\n   two\n   three\n");
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
