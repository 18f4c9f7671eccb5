// A workload's tallies in a worker's statistics (terminal/engine/stats.cpp):
// each completed transaction's increments summed per type, slot by slot,
// as many as the workload declared; a failed or unfinished transaction's
// left out; whatever the workload means by them.
#include <catch2/catch.hpp>

#include "terminal/engine/stats.hpp"

namespace {

tpcc::TxnResult with_tallies(tpcc::Outcome outcome, std::int32_t first, std::int32_t third) {
  tpcc::TxnResult result;
  result.outcome = outcome;
  result.tallies[0] = first;
  result.tallies[2] = third;
  result.tallies[3] = 1000;  // beyond the workload's three: never counted
  return result;
}

}  // namespace

TEST_CASE("tallies: summed per type and slot, completed transactions only", "[tallies]") {
  tpcc::WorkerStats worker;
  worker.set_types(2, 3);
  const auto type = static_cast<tpcc::TxnIndex>(1);
  worker.record(type, with_tallies(tpcc::Outcome::Committed, 2, 5), 100, tpcc::Phase::Measured);
  worker.record(type, with_tallies(tpcc::Outcome::RolledBack, 1, 0), 100, tpcc::Phase::Measured);
  worker.record(type, with_tallies(tpcc::Outcome::Error, 50, 50), 100, tpcc::Phase::Measured);
  worker.record(type, with_tallies(tpcc::Outcome::Unfinished, 70, 70), 100, tpcc::Phase::Measured);
  worker.record(type, with_tallies(tpcc::Outcome::Committed, 4, 4), 100, tpcc::Phase::Warmup);
  const tpcc::TxnStats& measured = worker.measured().txn[1];
  REQUIRE(measured.tallies.size() == 3);
  CHECK(tpcc::tally(measured, 0) == 3);
  CHECK(tpcc::tally(measured, 1) == 0);
  CHECK(tpcc::tally(measured, 2) == 5);
  CHECK(tpcc::tally(measured, 3) == 0);  // not the workload's
  CHECK(tpcc::tally(worker.measured().txn[0], 0) == 0);
  const tpcc::RunStats interval = worker.take_interval();  // warm-up included
  CHECK(tpcc::tally(interval.txn[1], 0) == 7);
  CHECK(tpcc::tally(interval.txn[1], 2) == 9);
  CHECK(worker.take_interval().txn[1].tallies.size() == 3);  // the next interval as many
}

TEST_CASE("tallies: a workload without any counts none, and more than fit is a logic error",
          "[tallies]") {
  tpcc::WorkerStats worker;
  worker.set_types(1);
  worker.record(static_cast<tpcc::TxnIndex>(0), with_tallies(tpcc::Outcome::Committed, 9, 9), 100,
                tpcc::Phase::Measured);
  CHECK(worker.measured().txn[0].tallies.empty());
  CHECK(worker.measured().txn[0].committed == 1);
  CHECK_THROWS_AS(worker.set_types(1, tpcc::kMaxTallies + 1), std::logic_error);
}

TEST_CASE("tallies: merged slot by slot, into stats sized before they were known", "[tallies]") {
  tpcc::RunStats a(2, 2);
  tpcc::tally_slot(a.txn[0], 1) = 4;
  tpcc::RunStats sum(2);  // an accumulator sized for the types only
  sum.merge(a);
  sum.merge(a);
  CHECK(tpcc::tally(sum.txn[0], 1) == 8);
  CHECK(tpcc::tally(sum.txn[0], 0) == 0);
  CHECK(sum.txn[1].tallies.size() == 2);
}
