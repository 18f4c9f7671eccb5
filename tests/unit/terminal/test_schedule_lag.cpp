// pgbench's schedule lag in a worker's statistics (metrics/stats.cpp,
// terminal/engine/stats.cpp): its sum, count and max, their mean, how
// workers' figures merge, and which phases a lag counts in.
#include <catch2/catch.hpp>

#include "terminal/engine/stats.hpp"

TEST_CASE("schedule lag: mean and max of what was added, merged", "[terminal]") {
  tpcc::ScheduleLag none;
  CHECK(none.mean_micros() == 0);
  CHECK(none.max_micros == 0);

  tpcc::ScheduleLag a;
  a.add(1000);
  a.add(3000);
  tpcc::ScheduleLag b;
  b.add(8000);
  CHECK(a.mean_micros() == 2000);
  CHECK(a.max_micros == 3000);
  a.merge(b);
  CHECK(a.count == 3);
  CHECK(a.sum_micros == 12000);
  CHECK(a.mean_micros() == 4000);
  CHECK(a.max_micros == 8000);
  // Merging a smaller one keeps the max.
  b.merge(a);
  CHECK(b.max_micros == 8000);
  CHECK(b.count == 4);
}

TEST_CASE("schedule lag: a worker's, by phase, over the types", "[terminal]") {
  tpcc::WorkerStats worker;
  worker.set_types(tpcc::kTxnTypes);
  worker.record_lag(tpcc::kNewOrder, 2000, tpcc::Phase::Measured);
  worker.record_lag(tpcc::kPayment, 6000, tpcc::Phase::Measured);
  worker.record_lag(tpcc::kPayment, 40000, tpcc::Phase::Warmup);
  worker.record_lag(tpcc::kPayment, 90000, tpcc::Phase::After);
  const tpcc::RunStats interval = worker.take_interval();
  const tpcc::ScheduleLag in_interval = tpcc::schedule_lag_all(interval);
  CHECK(in_interval.count == 3);
  CHECK(in_interval.mean_micros() == 16000);
  CHECK(in_interval.max_micros == 40000);
  // The next interval starts empty.
  CHECK(tpcc::schedule_lag_all(worker.take_interval()).count == 0);

  const tpcc::RunStats& measured = worker.measured();
  CHECK(measured.txn[tpcc::kNewOrder].schedule_lag.sum_micros == 2000);
  CHECK(measured.txn[tpcc::kPayment].schedule_lag.sum_micros == 6000);
  const tpcc::ScheduleLag all = tpcc::schedule_lag_all(measured);
  CHECK(all.mean_micros() == 4000);
  CHECK(all.max_micros == 6000);

  // Two workers' runs merge type by type.
  tpcc::RunStats merged = measured;
  merged.merge(interval);
  CHECK(merged.txn[tpcc::kPayment].schedule_lag.count == 3);
  CHECK(merged.txn[tpcc::kPayment].schedule_lag.max_micros == 40000);
  CHECK(tpcc::schedule_lag_all(merged).sum_micros == 2000 + 6000 + 2000 + 6000 + 40000);
}
