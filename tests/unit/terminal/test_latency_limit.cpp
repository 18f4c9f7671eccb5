// A latency limit in a worker's statistics (terminal/engine/stats.cpp): a
// committed or rolled back transaction slower than the limit is late, a
// failed one is not, and a skipped one counts in its phase only.
#include <catch2/catch.hpp>

#include "terminal/engine/stats.hpp"

namespace {

tpcc::TxnResult outcome(tpcc::Outcome o) {
  tpcc::TxnResult result;
  result.outcome = o;
  return result;
}

}  // namespace

TEST_CASE("latency limit: late beyond the limit, committed and rolled back only", "[terminal]") {
  tpcc::TxnStats stats;
  tpcc::add_result(stats, outcome(tpcc::Outcome::Committed), 10001, 10000);
  tpcc::add_result(stats, outcome(tpcc::Outcome::Committed), 10000, 10000);
  tpcc::add_result(stats, outcome(tpcc::Outcome::RolledBack), 50000, 10000);
  tpcc::add_result(stats, outcome(tpcc::Outcome::Error), 50000, 10000);
  tpcc::add_result(stats, outcome(tpcc::Outcome::Committed), 50000);  // no limit
  CHECK(stats.late == 2);
  CHECK(stats.committed == 3);
}

TEST_CASE("latency limit: a worker's late and skipped, by phase", "[terminal]") {
  tpcc::WorkerStats worker;
  worker.set_types(tpcc::kTxnTypes);
  worker.set_latency_limit(5000);
  worker.record(tpcc::kPayment, outcome(tpcc::Outcome::Committed), 6000, tpcc::Phase::Measured);
  worker.record(tpcc::kPayment, outcome(tpcc::Outcome::Committed), 6000, tpcc::Phase::Warmup);
  worker.record(tpcc::kPayment, outcome(tpcc::Outcome::Committed), 4000, tpcc::Phase::Measured);
  worker.record_skipped(tpcc::kNewOrder, tpcc::Phase::Measured);
  worker.record_skipped(tpcc::kNewOrder, tpcc::Phase::Warmup);
  worker.record_skipped(tpcc::kNewOrder, tpcc::Phase::After);
  const tpcc::RunStats interval = worker.take_interval();
  CHECK(interval.txn[1].late == 2);
  CHECK(interval.txn[0].skipped == 2);
  CHECK(worker.measured().txn[1].late == 1);
  CHECK(worker.measured().txn[0].skipped == 1);
  CHECK(tpcc::late_total(worker.measured()) == 1);
  CHECK(tpcc::skipped_total(worker.measured()) == 1);
  // A skipped transaction is in no other count: the two measured commits.
  CHECK(tpcc::completed_total(worker.measured()) == 2);
}
