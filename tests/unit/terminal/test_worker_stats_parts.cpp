// A worker's statistics keep each measured transaction once, in a part of
// the interval that take_interval() and measured() add to both the
// interval and the measured totals (terminal/engine/stats.cpp): whenever
// the intervals are taken, or never, the interval lines and the measured
// totals are what recording into both would give.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "terminal/engine/stats.hpp"

namespace {

tpcc::TxnResult committed() { return tpcc::TxnResult{}; }

struct Recorded {
  std::int64_t micros;
  tpcc::Phase phase;
};

// The latencies in their phases, as the engine records them.
const std::vector<Recorded> kRun = {
    {100, tpcc::Phase::Warmup},    {2000, tpcc::Phase::Warmup},  {300, tpcc::Phase::Measured},
    {4000, tpcc::Phase::Measured}, {50, tpcc::Phase::Measured},  {70000, tpcc::Phase::Measured},
    {600, tpcc::Phase::After},     {800, tpcc::Phase::Measured},
};

}  // namespace

TEST_CASE("worker stats: measured totals and intervals whenever the intervals are taken",
          "[terminal][stats]") {
  // take_after: the interval is taken after this many records (none: -1).
  for (const int take_after : {-1, 0, 1, 2, 3, 5, 7, 8}) {
    INFO("interval taken after " << take_after << " records");
    tpcc::WorkerStats worker;
    worker.set_types(2);
    std::int64_t interval_count = 0;
    std::int64_t interval_sum = 0;
    for (std::size_t i = 0; i < kRun.size(); ++i) {
      if (static_cast<int>(i) == take_after) {
        const tpcc::RunStats interval = worker.take_interval();
        interval_count += interval.txn[1].latency.count();
        interval_sum += interval.txn[1].latency.sum();
      }
      worker.record(static_cast<tpcc::TxnIndex>(1), committed(), kRun[i].micros, kRun[i].phase,
                    tpcc::StatementCounts{1, 0, 0});
    }
    const tpcc::RunStats& measured = worker.measured();
    // The measured phase alone: 300, 4000, 50, 70000 and 800 µs.
    CHECK(measured.txn[1].committed == 5);
    CHECK(measured.txn[1].latency.count() == 5);
    CHECK(measured.txn[1].latency.sum() == 75150);
    CHECK(measured.txn[1].latency.max() == 70000);
    CHECK(measured.txn[1].latency.min() == 50);
    CHECK(measured.statements.reads == 5);
    CHECK(measured.txn[0].committed == 0);
    // Every phase but After, across the intervals taken before and after.
    const tpcc::RunStats last = worker.take_interval();
    CHECK(interval_count + last.txn[1].latency.count() == 7);
    CHECK(interval_sum + last.txn[1].latency.sum() == 77250);
    // Asking again adds nothing twice.
    CHECK(worker.measured().txn[1].committed == 5);
    CHECK(worker.take_interval().txn[1].committed == 0);
  }
}
