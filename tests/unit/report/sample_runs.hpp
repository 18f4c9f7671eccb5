// Result directories of made-up runs for the report's unit tests: what
// tpcc run writes, from figures chosen by the test.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/result_sink.hpp"
#include "report/results/result_files.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/temp_dir.hpp"

namespace tpcc::test {

// 60 measured seconds of `new_orders` New-Orders at 3 ms and as many
// Payments at 1 ms, after four 10-second intervals (one of warm-up).
struct Run {
  tpcc::RunInfo info;
  tpcc::RunStats stats{tpcc::kTxnTypes};
  std::vector<tpcc::IntervalSample> intervals;
};

inline Run sample(std::int64_t new_orders) {
  Run r;
  r.info.warehouses = 1;
  r.info.terminals = 10;
  r.info.measured_seconds = 60;
  r.info.warmup_seconds = 10;
  r.info.started_at = "2026-02-03T04:05:06+0000";
  for (int i = 0; i < 4; ++i) {
    tpcc::IntervalSample s;
    s.stats = tpcc::RunStats(tpcc::kTxnTypes);
    s.end_seconds = 10.0 * (i + 1);
    s.length_seconds = 10;
    s.warmup = i == 0;
    for (std::int64_t n = 0; n < new_orders / 4; ++n) {
      s.stats.txn[tpcc::kNewOrder].latency.record(3000 + 100 * i);
      s.stats.txn[tpcc::kPayment].latency.record(1000);
    }
    s.stats.txn[tpcc::kNewOrder].committed = new_orders / 4;
    s.stats.txn[tpcc::kPayment].committed = new_orders / 4;
    r.intervals.push_back(s);
  }
  for (std::int64_t n = 0; n < new_orders; ++n) {
    r.stats.txn[tpcc::kNewOrder].latency.record(3000);
    r.stats.txn[tpcc::kPayment].latency.record(1000);
  }
  r.stats.txn[tpcc::kNewOrder].committed = new_orders;
  r.stats.txn[tpcc::kPayment].committed = new_orders;
  // As tpcc run records them (5.5 steady state).
  r.info.measured_lines = tpcc::measured_throughput(r.intervals);
  return r;
}

inline std::string write_run(const tpcc::test::TempDir& scratch, const std::string& name,
                             tpcc::Config config, const Run& run) {
  config.result_dir = (scratch.path() / name).string();
  return tpcc::write_result_files(config, run.info, run.stats,
                                  tpcc::test::verdict_of(config, run.info, run.stats),
                                  run.intervals);
}

}  // namespace tpcc::test
