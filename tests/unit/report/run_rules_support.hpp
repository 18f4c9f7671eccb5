// Builders shared by the run rules' unit tests (test_report_run_rules.cpp
// and test_run_rules_*.cpp): a run that keeps every rule, to break one
// rule at a time, and the lookup of one rule's verdict.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "metrics/run.hpp"
#include "report/rules/run_rules.hpp"
#include "spec/audit_tallies.hpp"
#include "tests/unit/support.hpp"

namespace tpcc::test {

// n delays of `seconds` each.
inline DelayTotals delays(std::int64_t n, double seconds) {
  DelayTotals d;
  for (std::int64_t i = 0; i < n; ++i) d.add(seconds);
  return d;
}

// The checkpoint counters read at the start and end of the interval.
inline CheckpointFigures checkpoints(std::int64_t timed, std::int64_t requested,
                                     double timeout_seconds) {
  CheckpointFigures f;
  f.at_start = CheckpointCounters{10, 5, timeout_seconds};
  f.at_end = CheckpointCounters{10 + timed, 5 + requested, timeout_seconds};
  return f;
}

// A run that keeps every rule: one warehouse, ten fixed terminals, keying
// and think times, a minute of warm-up, two hours measured, the mix at its
// minimums, enough of each input to judge every audit.
struct Compliant {
  tpcc::Config config;
  tpcc::RunInfo info;
  RunStats stats{tpcc::kTxnTypes};
  Compliant() {
    config.keying_and_thinking = true;
    info.warehouses = 1;
    info.terminals = 10;
    info.warmup_seconds = 60;
    info.measured_seconds = 7200;
    auto& no = stats.txn[tpcc::kNewOrder];
    record(no, 44550, 200000);
    no.rolled_back = 450;  // 1%
    tpcc::tally_slot(no, tpcc::kTallyOrderLines) = 450000;
    auto& pay = stats.txn[tpcc::kPayment];
    record(pay, 43000, 100000);
    tpcc::tally_slot(pay, tpcc::kTallyByLastName) = 25800;  // 60%
    auto& os = stats.txn[tpcc::kOrderStatus];
    record(os, 4000, 100000);
    tpcc::tally_slot(os, tpcc::kTallyByLastName) = 2400;
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
inline RunRule find(const std::vector<RunRule>& rules, const std::string& clause,
                    const std::string& name) {
  for (const auto& r : rules) {
    if (r.clause == clause && r.name.find(name) != std::string::npos) return r;
  }
  FAIL("no rule " << clause << " " << name);
  return {};
}

inline std::string describe(const std::vector<RunRule>& rules) {
  std::string out;
  for (const auto& r : rules) {
    out += r.clause + " " + r.name + ": " + r.value + " [" + tpcc::rule_verdict_text(r.verdict) +
           "]\n";
  }
  return out;
}

}  // namespace tpcc::test
