// The figures of a sysbench oltp, pgbench or ingest run as their page and
// tpcc report --compare read them back (report/results/workload_result_json,
// report/views/compare): from result.json and intervals.csv as
// the kit writes them, from figures made by hand.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "config/config.hpp"
#include "config/errors.hpp"
#include "metrics/run.hpp"
#include "report/results/figures_json.hpp"
#include "report/results/result_json.hpp"
#include "report/results/workload_result_json.hpp"
#include "report/views/compare.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/report/workload_runs.hpp"
#include "workloads/sysbench/report/sysbench_intervals.hpp"

namespace {

using Json = nlohmann::json;
using tpcc::test::config_of;
using tpcc::test::result_of;
using tpcc::test::stats_of;
using tpcc::test::ten_seconds;

tpcc::ResultDir run_of(int events) {
  return tpcc::test::workload_run(tpcc::WorkloadKind::SysbenchOltp, events);
}

}  // namespace

TEST_CASE("workload figures: an oltp run's tps, qps by kind and latency from result.json",
          "[workload_figures]") {
  const tpcc::WorkloadFigures f =
      tpcc::result_figures(result_of(tpcc::WorkloadKind::SysbenchOltp, 100));
  CHECK(f.workload == "oltp_read_write");
  CHECK(tpcc::figure_value(f, "tps") == Approx(10.0));
  CHECK(tpcc::figure_value(f, "qps") == Approx(200.0));
  CHECK(tpcc::figure_value(f, "read qps") == Approx(140.0));
  CHECK(tpcc::figure_value(f, "write qps") == Approx(40.0));
  CHECK(tpcc::figure_value(f, "other qps") == Approx(20.0));
  CHECK(tpcc::figure_value(f, "latency p95 ms") == Approx(2.0).epsilon(0.05));
  CHECK(tpcc::figure_value(f, "transactions") == Approx(100.0));
  // No such figure: none, not 0.
  CHECK_FALSE(tpcc::figure_value(f, "tpmC").has_value());
}

TEST_CASE("workload figures: pgbench's tps, latency and per-script table, ingest's null figures",
          "[workload_figures]") {
  const tpcc::WorkloadFigures p = tpcc::result_figures(result_of(tpcc::WorkloadKind::Pgbench, 50));
  CHECK(p.workload == "pgbench");
  CHECK(tpcc::figure_value(p, "tps") == Approx(5.0));
  CHECK(tpcc::figure_value(p, "latency avg ms") == Approx(2.0).epsilon(0.05));
  REQUIRE(p.tables.size() == 1);
  REQUIRE(p.tables[0].rows.rows.size() == 1);
  CHECK(p.tables[0].rows.rows[0][0] == "tpcb-like");
  CHECK(p.tables[0].rows.rows[0][4] == "5.00");
  // An ingest run that ended before its figures were counted: no headline.
  const tpcc::WorkloadFigures i = tpcc::result_figures(result_of(tpcc::WorkloadKind::Ingest, 0));
  CHECK(i.headline.empty());
}

TEST_CASE("workload figures: with --percentile 0 an oltp run has no percentile figure",
          "[workload_figures]") {
  tpcc::Config config = config_of(tpcc::WorkloadKind::SysbenchOltp);
  config.sysbench_percentile = 0;
  const tpcc::WorkloadFigures f = tpcc::result_figures(
      Json::parse(tpcc::result_json(config, ten_seconds(), stats_of(10),
                                    tpcc::test::verdict_of(config, ten_seconds(), stats_of(10)))));
  CHECK(tpcc::figure_value(f, "latency avg ms").has_value());
  for (const tpcc::WorkloadFigure& figure : f.headline) {
    CHECK(figure.name.find("p0") == std::string::npos);
  }
}

TEST_CASE("workload figures: a malformed result.json throws", "[workload_figures]") {
  Json j = result_of(tpcc::WorkloadKind::SysbenchOltp, 10);
  j.erase("sysbench");
  CHECK_THROWS_AS(tpcc::result_figures(j), Json::exception);
}

TEST_CASE("workload intervals: intervals.csv read back by its header's names",
          "[workload_figures]") {
  std::vector<tpcc::IntervalSample> samples(2);
  for (tpcc::IntervalSample& sample : samples) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  samples[0].end_seconds = 1;
  samples[0].length_seconds = 1;
  samples[0].warmup = true;
  samples[0].stats = stats_of(30);
  samples[1].end_seconds = 2;
  samples[1].length_seconds = 1;
  samples[1].stats = stats_of(40);
  const std::string csv = tpcc::sysbench_intervals_csv(samples, {}, 2, 99, true);
  const tpcc::WorkloadPoints read = tpcc::read_workload_intervals_csv(csv, "intervals.csv");
  CHECK(read.percentile == 99);
  REQUIRE(read.points.size() == 2);
  CHECK(read.points[0].warmup);
  CHECK_FALSE(read.points[1].warmup);
  CHECK(read.points[1].end_seconds == Approx(2.0));
  CHECK(read.points[1].tps == Approx(40.0));
  CHECK(read.points[1].qps == Approx(800.0));
  CHECK(read.points[1].latency_ms == Approx(2.0).epsilon(0.05));
  // A TPC-C intervals.csv, or a value that is not a number, is named.
  CHECK_THROWS_AS(tpcc::read_workload_intervals_csv("elapsed_s,warmup,tpmC\n", "x.csv"),
                  tpcc::UsageError);
  std::string broken = csv;
  broken.replace(broken.rfind(",40.00,"), 7, ",40.0x,");
  CHECK_THROWS_AS(tpcc::read_workload_intervals_csv(broken, "x.csv"), tpcc::UsageError);
}

TEST_CASE("workload compare: each figure side by side with its ratio to the first run's",
          "[workload_figures]") {
  const std::vector<tpcc::ComparedFigure> figures =
      tpcc::compared_figures({run_of(100), run_of(150)});
  const auto tps = std::find_if(figures.begin(), figures.end(),
                                [](const tpcc::ComparedFigure& f) { return f.name == "tps"; });
  REQUIRE(tps != figures.end());
  REQUIRE(tps->values.size() == 2);
  CHECK(*tps->values[0] == Approx(10.0));
  CHECK(*tps->values[1] == Approx(15.0));
  CHECK(*tps->ratios[1] == Approx(1.5));
  // A run without a figure the first has: none, and no ratio.
  tpcc::ResultDir bare = run_of(100);
  bare.workload.headline.clear();
  const std::vector<tpcc::ComparedFigure> with_bare = tpcc::compared_figures({run_of(100), bare});
  CHECK_FALSE(with_bare.front().values[1].has_value());
  CHECK_FALSE(with_bare.front().ratios[1].has_value());
}
