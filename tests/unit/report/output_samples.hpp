// Made-up runs for the console's and the result files' unit tests: one
// TPC-C run's figures, its shape, and two standbys beside it.
#pragma once

#include <sstream>
#include <string>

#include "metrics/run.hpp"
#include "report/console/summary.hpp"
#include "spec/audit_tallies.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/support.hpp"

namespace tpcc::test {

// 60 measured seconds: 594 + 6 rolled back New-Orders, 570 Payments, 45 of
// each other, all fast.
inline tpcc::RunStats sample_run() {
  tpcc::RunStats s(tpcc::kTxnTypes);
  record(s.txn[tpcc::kNewOrder], 594, 2000);
  s.txn[tpcc::kNewOrder].rolled_back = 6;
  for (int i = 0; i < 6; ++i) s.txn[tpcc::kNewOrder].latency.record(2000);
  s.txn[tpcc::kNewOrder].errors = 2;
  s.txn[tpcc::kNewOrder].retries = 5;
  tpcc::tally_slot(s.txn[tpcc::kNewOrder], tpcc::kTallyOrderLines) = 6000;
  record(s.txn[tpcc::kPayment], 570, 1000);
  tpcc::tally_slot(s.txn[tpcc::kPayment], tpcc::kTallyRemotePayments) = 85;
  tpcc::tally_slot(s.txn[tpcc::kPayment], tpcc::kTallyByLastName) = 342;
  record(s.txn[tpcc::kOrderStatus], 45, 500);
  record(s.txn[tpcc::kDelivery], 45, 8000);
  record(s.txn[tpcc::kStockLevel], 45, 3000);
  s.reconnects = 1;
  return s;
}

inline tpcc::RunInfo sample_info() {
  tpcc::RunInfo info;
  info.warehouses = 2;
  info.terminals = 20;
  info.measured_seconds = 60;
  info.warmup_seconds = 30;
  info.started_at = "2026-01-02T03:04:05+0000";
  return info;
}

inline std::string summary_text(const tpcc::Config& config, const tpcc::RunInfo& info,
                                const tpcc::RunStats& s) {
  std::ostringstream out;
  tpcc::print_summary(out, config, info, s, tpcc::test::verdict_of(config, info, s));
  return out.str();
}

inline std::string line_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) return line;
  }
  return "";
}

// Two standbys of a combined run: the first with lag figures from three
// measured samples, the second without any.
inline tpcc::RunInfo combined_info() {
  tpcc::RunInfo info = sample_info();
  tpcc::StandbyRun first;
  first.stats = tpcc::RunStats(tpcc::kTxnTypes);
  first.target = "host=standby1 port=5432";
  first.terminals = 4;
  record(first.stats.txn[tpcc::kOrderStatus], 120, 700);
  record(first.stats.txn[tpcc::kStockLevel], 60, 900);
  first.stats.txn[tpcc::kStockLevel].retries = 3;
  std::vector<tpcc::LagSample> samples(3);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    samples[i].measured = true;
    tpcc::LagReading r;
    r.application_name = "sb1";
    r.client_addr = "127.0.0.1";
    r.replay_lag_ms = 1.0 + static_cast<double>(i);
    r.bytes_behind = 1000.0 * static_cast<double>(i + 1);
    r.replay_delay_ms = 10.0;
    samples[i].readings.push_back(r);
  }
  first.lag = tpcc::lag_figures(samples, 0);
  tpcc::StandbyRun second;
  second.stats = tpcc::RunStats(tpcc::kTxnTypes);
  second.target = "host=standby2 port=5432";
  second.terminals = 2;
  record(second.stats.txn[tpcc::kOrderStatus], 30, 700);
  info.standbys = {first, second};
  return info;
}

}  // namespace tpcc::test
