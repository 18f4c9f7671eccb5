// Statistics sized by the workload's types: as many slots as it declares
// (TPC-C's five, pgbench's one per script, up to 128), never a merge of
// another size or a count past the slots, and TPC-C's own arithmetic only
// on TPC-C's five; the result files write and read back exactly the types.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "config/errors.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/results/histograms_file.hpp"
#include "report/results/interval_points.hpp"
#include "report/results/result_files.hpp"
#include "terminal/engine/stats.hpp"

namespace {

tpcc::TxnResult committed() {
  tpcc::TxnResult result;
  result.outcome = tpcc::Outcome::Committed;
  return result;
}

// One committed transaction of each of `types` types, type k taking k+1 ms.
tpcc::RunStats one_of_each(std::size_t types) {
  tpcc::RunStats stats(types);
  for (std::size_t k = 0; k < types; ++k) {
    ++stats.txn[k].committed;
    stats.txn[k].latency.record(static_cast<std::int64_t>(1000 * (k + 1)));
  }
  return stats;
}

std::vector<std::string> names(std::size_t types) {
  std::vector<std::string> all;
  for (std::size_t k = 0; k < types; ++k) all.push_back("script" + std::to_string(k + 1));
  return all;
}

}  // namespace

TEST_CASE("stats types: as many slots as the workload's types", "[stats_types]") {
  CHECK(tpcc::RunStats().types() == 0);
  const tpcc::RunStats many(128);
  CHECK(many.types() == 128);
  CHECK(many.txn.size() == 128);
  CHECK(many.whole_deck_completed.size() == 128);
  CHECK(tpcc::is_tpcc_block(tpcc::RunStats(tpcc::kTxnTypes)));
  CHECK_FALSE(tpcc::is_tpcc_block(many));
}

TEST_CASE("stats types: stats of the same types merge, of others a logic error", "[stats_types]") {
  tpcc::RunStats twenty = one_of_each(20);
  twenty.merge(one_of_each(20));
  CHECK(twenty.txn[19].committed == 2);
  CHECK(tpcc::completed_total(twenty) == 40);

  tpcc::RunStats five(tpcc::kTxnTypes);
  CHECK_THROWS_AS(five.merge(one_of_each(20)), std::logic_error);
  CHECK_THROWS_WITH(five.merge(one_of_each(20)),
                    "statistics of 20 transaction types merged into statistics of 5");
  CHECK(tpcc::completed_total(five) == 0);  // untouched
  CHECK_THROWS_AS(twenty.merge(tpcc::RunStats()), std::logic_error);
}

TEST_CASE("stats types: a worker counts each of its types, none past them", "[stats_types]") {
  tpcc::WorkerStats worker;
  worker.set_types(20);
  worker.record(static_cast<tpcc::TxnIndex>(19), committed(), 1000, tpcc::Phase::Measured);
  worker.record_skipped(static_cast<tpcc::TxnIndex>(7), tpcc::Phase::Measured);
  worker.record_lag(static_cast<tpcc::TxnIndex>(12), 500, tpcc::Phase::Measured);
  CHECK(worker.measured().types() == 20);
  CHECK(worker.measured().txn[19].committed == 1);
  CHECK(worker.measured().txn[7].skipped == 1);
  CHECK(worker.measured().txn[12].schedule_lag.count() == 1);
  const tpcc::RunStats interval = worker.take_interval();
  CHECK(interval.txn[19].committed == 1);
  CHECK(worker.take_interval().types() == 20);  // the next interval as many

  CHECK_THROWS_AS(
      worker.record(static_cast<tpcc::TxnIndex>(20), committed(), 1000, tpcc::Phase::Measured),
      std::logic_error);
  CHECK_THROWS_AS(worker.record_skipped(static_cast<tpcc::TxnIndex>(20), tpcc::Phase::Measured),
                  std::logic_error);
  CHECK_THROWS_AS(worker.record_lag(static_cast<tpcc::TxnIndex>(128), 1, tpcc::Phase::Measured),
                  std::logic_error);
  CHECK(tpcc::completed_total(worker.measured()) == 1);
}

TEST_CASE("stats types: TPC-C's arithmetic reads TPC-C's five only", "[stats_types]") {
  const tpcc::RunStats script = one_of_each(1);
  CHECK(tpcc::tpmc(script, 60) == 0);  // no New-Order to count
  CHECK(tpcc::tpm_total(script, 60) == Approx(1));
  CHECK_THROWS_AS(tpcc::tpcc_type(script, tpcc::kNewOrder), std::logic_error);
  CHECK_THROWS_AS(tpcc::skipped_districts(one_of_each(20)), std::logic_error);
  const tpcc::RunStats tpcc_stats = one_of_each(tpcc::kTxnTypes);
  CHECK(tpcc::tpmc(tpcc_stats, 60) == Approx(1));
  CHECK(&tpcc::tpcc_type(tpcc_stats, tpcc::kDelivery) == &tpcc_stats.txn[tpcc::kDelivery]);

  tpcc::IntervalSample line;
  line.length_seconds = 10;
  line.stats = one_of_each(20);
  const std::vector<tpcc::IntervalThroughput> lines = tpcc::measured_throughput({line});
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].new_orders == 0);
}

TEST_CASE("stats types: histograms.json writes and reads back exactly the types", "[stats_types]") {
  const tpcc::RunStats twenty = one_of_each(20);
  const std::string text = tpcc::histograms_json(twenty, {}, {}, names(20));
  const tpcc::RunStats back = tpcc::read_histograms_json(text, "h.json");
  REQUIRE(back.types() == 20);
  for (std::size_t k = 0; k < 20; ++k) {
    CHECK(back.txn[k].committed == 1);
    CHECK(back.txn[k].latency.buckets() == twenty.txn[k].latency.buckets());
  }
  CHECK(tpcc::histograms_json(back, {}, {}, names(20)) == text);
  // TPC-C's five by their names, as every older file holds them.
  const std::string five = tpcc::histograms_json(one_of_each(tpcc::kTxnTypes));
  CHECK(five.find("\"transactions\":{\"new_order\":") != std::string::npos);
  CHECK(tpcc::read_histograms_json(five, "h.json").types() == 5);
  // Statistics of other types than the names: a logic error, nothing written.
  CHECK_THROWS_AS(tpcc::histograms_json(twenty), std::logic_error);
}

TEST_CASE("stats types: intervals_by_type.csv and intervals.csv have the run's types",
          "[stats_types]") {
  std::vector<tpcc::IntervalSample> samples(2);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    samples[i].end_seconds = static_cast<double>(10 * (i + 1));
    samples[i].length_seconds = 10;
    samples[i].stats = one_of_each(3);
  }
  const std::vector<tpcc::IntervalPoint> points = tpcc::interval_points(samples);
  REQUIRE(points.front().txn.size() == 3);
  const std::string csv = tpcc::intervals_by_type_csv(points, names(3));
  CHECK(csv.rfind("elapsed_s,length_s,warmup,tpmC,tpmTOTAL,errors,script1_count,script1_p50_ms,"
                  "script1_p90_ms,script1_p99_ms,script2_count",
                  0) == 0);
  const std::vector<tpcc::IntervalPoint> back = tpcc::read_intervals_by_type_csv(csv, "f");
  REQUIRE(back.size() == 2);
  REQUIRE(back[1].txn.size() == 3);
  CHECK(back[1].txn[2].count == 1);
  CHECK(back[1].txn[2].p50_ms == Approx(3.0).epsilon(0.02));
  CHECK(tpcc::intervals_by_type_csv(back, names(3)) == csv);
  CHECK_THROWS_AS(tpcc::intervals_by_type_csv(points), std::logic_error);  // TPC-C's names

  const std::string intervals = tpcc::intervals_csv(samples, {}, false, names(3));
  CHECK(intervals.rfind("elapsed_s,warmup,tpmC,tpmTOTAL,script1_count,script1_p90_ms,"
                        "script2_count,script2_p90_ms,script3_count,script3_p90_ms,errors",
                        0) == 0);
  CHECK_THROWS_AS(tpcc::intervals_csv(samples), std::logic_error);
}
