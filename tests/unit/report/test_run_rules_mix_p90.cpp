// Run rules of the mix (5.2.3) and the 90th percentile response times
// (5.2.5.3).
#include <catch2/catch.hpp>

#include <string>

#include "spec/random.hpp"
#include "terminal/engine/deck.hpp"
#include "tests/unit/report/run_rules_support.hpp"

using tpcc::RuleVerdict;
using tpcc::RunRule;
using tpcc::test::Compliant;
using tpcc::test::find;

TEST_CASE("5.2.3 a realised Payment share of 42.97 percent fails the mix minimum of 43",
          "[report][rules]") {
  Compliant run;
  // 100,000 completed: 42,970 Payments.
  run.stats.txn[tpcc::kPayment].committed = 42970;
  run.stats.txn[tpcc::kNewOrder].committed += 30;
  const auto rules = run.rules();
  const RunRule pay = find(rules, "5.2.3", "Payment");
  CHECK(pay.verdict == RuleVerdict::Fail);
  CHECK(pay.value == "42.97% (42970 of 100000); at its minimum by design (--mix 43)");
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

TEST_CASE("5.2.3 shares are judged over every transaction, the decks cut at both ends included",
          "[report][rules]") {
  Compliant run;
  run.config.mix = {1000.0 / 23, 1000.0 / 23, 100.0 / 23, 100.0 / 23, 100.0 / 23};
  // 1000 whole 23-card decks dealt 10 Payments each (43.48%), but over
  // everything completed, the cut decks at both ends included, Payment is
  // short of 43%: the rule fails, the whole decks are disclosed.
  run.stats.txn[tpcc::kPayment].committed = 42970;
  run.stats.txn[tpcc::kNewOrder].committed += 30;
  run.stats.whole_decks = 1000;
  run.stats.decks_touched = 1020;
  run.stats.whole_deck_completed = {10000, 10000, 1000, 1000, 1000};
  const auto rules = run.rules();
  const RunRule pay = find(rules, "5.2.3", "Payment");
  CHECK(pay.verdict == RuleVerdict::Fail);
  CHECK(pay.value == "42.97% (42970 of 100000)");
  const RunRule decks = find(rules, "5.2.3", "whole decks");
  CHECK(decks.verdict == RuleVerdict::Disclosure);
  CHECK(decks.value ==
        "New-Order 43.48%, Payment 43.48%, Order-Status 4.35%, Delivery 4.35%, Stock-Level 4.35% "
        "over 1000 whole decks (23000 transactions), 20 partial");
  // Every transaction at the shares: passes, whatever the whole decks say.
  run.stats.txn[tpcc::kPayment].committed = 43000;
  run.stats.txn[tpcc::kNewOrder].committed -= 30;
  run.stats.whole_deck_completed[tpcc::kPayment] = 9000;
  CHECK(find(run.rules(), "5.2.3", "Payment").verdict == RuleVerdict::Pass);
  // No whole deck: said in the disclosure, the rule judged all the same.
  run.stats.whole_decks = 0;
  CHECK(find(run.rules(), "5.2.3", "whole decks").value ==
        "no terminal dealt a whole deck inside the measured interval (1020 partial)");
  CHECK(find(run.rules(), "5.2.3", "Payment").verdict == RuleVerdict::Pass);
}

TEST_CASE("5.2.3 every transaction the kit's decks deal, cut at both ends, meets the minimums",
          "[report][rules]") {
  // 5.2.4.2's deck of 10,10,1,1,1: 50 terminals deal from their own decks,
  // the measured interval cutting each terminal's stream at a card of its
  // own; every transaction in it completes.
  Compliant run;
  run.config.mix = {1000.0 / 23, 1000.0 / 23, 100.0 / 23, 100.0 / 23, 100.0 / 23};
  for (auto& t : run.stats.txn) t.committed = t.rolled_back = 0;
  tpcc::Random rng(523);
  for (int terminal = 0; terminal < 50; ++terminal) {
    tpcc::Deck deck(run.config.mix);
    const auto first = rng.uniform(0, 60);
    const auto last = first + 1000 + rng.uniform(0, 60);
    for (std::int64_t card = 0; card < last; ++card) {
      const tpcc::TxnIndex type = deck.draw(rng);
      if (card >= first) ++run.stats.txn[static_cast<std::size_t>(type)].committed;
    }
  }
  for (const char* type : {"Payment", "Order-Status", "Delivery", "Stock-Level"}) {
    INFO(type);
    const RunRule share = find(run.rules(), "5.2.3", type);
    INFO(share.value);
    CHECK(share.verdict == RuleVerdict::Pass);
  }
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
