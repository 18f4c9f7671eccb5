// The schedule lag in a worker's statistics (terminal/engine/stats.cpp): a
// histogram per type (metrics/stats.hpp), how workers' figures merge, and
// which phases a lag counts in.
#include <catch2/catch.hpp>

#include "terminal/engine/stats.hpp"

TEST_CASE("schedule lag: a worker's, by phase, over the types", "[terminal]") {
  tpcc::WorkerStats worker;
  worker.set_types(tpcc::kTxnTypes);
  worker.record_lag(tpcc::kNewOrder, 2000, tpcc::Phase::Measured);
  worker.record_lag(tpcc::kPayment, 6000, tpcc::Phase::Measured);
  worker.record_lag(tpcc::kPayment, 40000, tpcc::Phase::Warmup);
  worker.record_lag(tpcc::kPayment, 90000, tpcc::Phase::After);
  const tpcc::RunStats interval = worker.take_interval();
  const tpcc::LatencyHistogram in_interval = tpcc::schedule_lag_all(interval);
  CHECK(in_interval.count() == 3);
  CHECK(in_interval.mean() == 16000);
  CHECK(in_interval.max() == 40000);
  // The next interval starts empty.
  CHECK(tpcc::schedule_lag_all(worker.take_interval()).count() == 0);

  const tpcc::RunStats& measured = worker.measured();
  CHECK(measured.txn[tpcc::kNewOrder].schedule_lag.sum() == 2000);
  CHECK(measured.txn[tpcc::kPayment].schedule_lag.sum() == 6000);
  const tpcc::LatencyHistogram all = tpcc::schedule_lag_all(measured);
  CHECK(all.mean() == 4000);
  CHECK(all.max() == 6000);

  // Two workers' runs merge type by type.
  tpcc::RunStats merged = measured;
  merged.merge(interval);
  CHECK(merged.txn[tpcc::kPayment].schedule_lag.count() == 3);
  CHECK(merged.txn[tpcc::kPayment].schedule_lag.max() == 40000);
  CHECK(tpcc::schedule_lag_all(merged).sum() == 2000 + 6000 + 2000 + 6000 + 40000);
}

TEST_CASE("schedule lag: its percentiles, for the lag p50 and p99 of every paced run",
          "[terminal]") {
  tpcc::WorkerStats worker;
  worker.set_types(tpcc::kTxnTypes);
  for (int i = 1; i <= 100; ++i) {
    worker.record_lag(i % 2 == 0 ? tpcc::kNewOrder : tpcc::kPayment, i * 100,
                      tpcc::Phase::Measured);
  }
  const tpcc::LatencyHistogram all = tpcc::schedule_lag_all(worker.measured());
  CHECK(all.percentile(50) == Approx(5000).epsilon(0.02));
  CHECK(all.percentile(99) == Approx(9900).epsilon(0.02));
  CHECK(all.max() == 10000);
}
