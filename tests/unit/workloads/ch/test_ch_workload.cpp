// CH-benCHmark's analytic streams on the engine (workloads/ch/ch_workload.hpp):
// 22 types, Q1..Q22; a stream deals its queries in its TPC-H order and
// starts again; a standby's recovery conflict and a cancel are told apart;
// QphH is the queries completed per hour of the measured interval.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "metrics/stats.hpp"
#include "spec/random.hpp"
#include "terminal/engine/worker.hpp"
#include "workloads/ch/ch_queries.hpp"
#include "workloads/ch/ch_workload.hpp"
#include "workloads/ch/metrics/ch_figures.hpp"
#include "workloads/ch/report/ch_json.hpp"

TEST_CASE("ch: 22 types, Q1..Q22, one tally (the rows a query returned)", "[ch]") {
  const tpcc::ChWorkload workload;
  REQUIRE(workload.types().size() == 22);
  CHECK(workload.types()[0].title == "Q1");
  CHECK(workload.types()[21].title == "Q22");
  CHECK(workload.types()[6].name == "q7");
  CHECK(workload.tally_count() == 1);
  CHECK(workload.name() == "ch");
}

TEST_CASE("ch: stream s runs the 22 queries in row s of TPC-H's permutation table, then again",
          "[ch]") {
  const tpcc::ChWorkload workload;
  const tpcc::Config config;
  for (const int stream : {0, 1, 40, 41}) {
    tpcc::VirtualTerminal terminal(stream, workload.bind(stream, config), config.mix,
                                   tpcc::Random(7));
    const auto& order = tpcc::ch_stream_order(stream);
    for (int round = 0; round < 2; ++round) {
      for (int i = 0; i < tpcc::kChQueryCount; ++i) {
        CHECK(tpcc::ch_query_of(workload.next(terminal)) == order[static_cast<std::size_t>(i)]);
      }
    }
  }
  // Stream 0 starts with the power test's Q14, stream 1 with Q21.
  tpcc::VirtualTerminal first(1, workload.bind(1, config), config.mix, tpcc::Random(7));
  CHECK(tpcc::ch_query_of(workload.next(first)) == 21);
}

TEST_CASE("ch: a cancel is told from a recovery conflict, each counted per query", "[ch]") {
  CHECK(tpcc::is_cancel("57014"));
  CHECK_FALSE(tpcc::is_cancel("40001"));
  tpcc::ChErrorCounters counters;
  counters.recovery_conflict(3);
  counters.recovery_conflict(3);
  counters.cancel(22);
  const auto counts = counters.counts();
  CHECK(counts.recovery_conflicts[2] == 2);
  CHECK(counts.cancels[21] == 1);
  CHECK(counts.cancels[2] == 0);
}

TEST_CASE("ch: QphH is the queries completed x 3600 / the measured seconds", "[ch]") {
  CHECK(tpcc::ch_qphh(100, 3600) == Approx(100));
  CHECK(tpcc::ch_qphh(22, 20) == Approx(3960));
  CHECK(tpcc::ch_qphh(44, 0) == 0);
}

TEST_CASE(
    "ch: result.json's ch reads back as QphH, the queries' p90 held to --latency-limit, a "
    "type and a row of the Queries table per query",
    "[ch]") {
  tpcc::RunStats stats(22, 1);
  stats.txn[0].latency.record(2000);
  stats.txn[0].latency.record(4000);
  tpcc::ChFigures f;
  f.streams = 2;
  f.seconds = 20;
  f.queries = 44;
  f.qphh = tpcc::ch_qphh(f.queries, f.seconds);
  // Every query's latency together, as ch_figures takes it from the stats.
  const tpcc::LatencyHistogram all = tpcc::latency_all(stats);
  f.p50_ms = all.percentile(50) / 1000.0;
  f.p90_ms = all.percentile(90) / 1000.0;
  f.max_ms = static_cast<double>(all.max()) / 1000.0;
  for (int query = 1; query <= tpcc::kChQueryCount; ++query) {
    tpcc::ChQueryFigures q;
    q.name = tpcc::ch_query_name(query);
    q.count = 2;
    q.rows = query;
    q.errors = query == 3 ? 2 : 0;
    q.recovery_conflicts = query == 3 ? 1 : 0;
    q.cancels = query == 3 ? 1 : 0;
    f.per_query.push_back(q);
  }
  nlohmann::json result;
  result["workload"] = "ch";
  result["ch"] = tpcc::ch_figures_json(f);
  CHECK(result["ch"]["qphh"].get<double>() == Approx(7920));
  const tpcc::WorkloadFigures read = tpcc::ch_result_figures(result);
  REQUIRE(read.headline.size() == 4);
  CHECK(read.headline[0].name == "QphH");
  CHECK(*read.headline[0].value == Approx(7920));
  CHECK(read.headline[0].of_set);
  CHECK(*read.headline[2].value == 2);  // errors, over the queries
  REQUIRE(tpcc::tail_figure(read) != nullptr);
  CHECK(*tpcc::tail_figure(read)->value == Approx(4.0).epsilon(0.05));
  REQUIRE(read.types.size() == 22);
  CHECK(read.types[2].name == "Q3");
  REQUIRE(read.tables.size() == 1);
  REQUIRE(read.tables[0].rows.rows.size() == 22);
  CHECK(read.tables[0].rows.header[4] == "recovery conflicts");
  CHECK(read.tables[0].rows.rows[2][3] == "2");
  CHECK(read.tables[0].rows.rows[2][4] == "1");
  CHECK(read.tables[0].rows.rows[2][5] == "1");
}
