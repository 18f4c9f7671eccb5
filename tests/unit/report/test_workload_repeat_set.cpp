// Repeated sets of another workload than TPC-C: the set's figures are the
// workload's throughput and latency (oltp: tps, qps, the run's percentile;
// pgbench: tps, the average latency; ingest: rows/s, MB/s), in the set's
// result.json, its console table and its page, and two sets are compared
// by them.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/console/repeat_table.hpp"
#include "report/html/html_report.hpp"
#include "report/results/repeat_set_json.hpp"
#include "report/views/repeat_set.hpp"
#include "tests/unit/report/workload_runs.hpp"

namespace {

using Catch::Detail::Approx;
using tpcc::WorkloadKind;
using tpcc::test::workload_run;

std::vector<tpcc::ResultDir> set_of(WorkloadKind kind, const std::vector<int>& events) {
  std::vector<tpcc::ResultDir> runs;
  for (const int e : events) runs.push_back(workload_run(kind, e));
  return runs;
}

std::vector<std::string> names_of(const std::vector<tpcc::RepeatedFigure>& figures) {
  std::vector<std::string> names;
  for (const tpcc::RepeatedFigure& f : figures) names.push_back(f.name);
  return names;
}

}  // namespace

TEST_CASE("workload repeat set: each workload's set figures, none of TPC-C's", "[report][repeat]") {
  using Names = std::vector<std::string>;
  CHECK(names_of(tpcc::repeated_figures(set_of(WorkloadKind::SysbenchOltp, {100, 120}))) ==
        Names{"tps", "qps", "latency p95 ms"});
  CHECK(names_of(tpcc::repeated_figures(set_of(WorkloadKind::Pgbench, {100, 120}))) ==
        Names{"tps", "latency avg ms"});
  CHECK(names_of(tpcc::repeated_figures(set_of(WorkloadKind::Ingest, {100, 120}))) ==
        Names{"rows/s", "MB/s"});
}

TEST_CASE("workload repeat set: an oltp set's tps with its mean, spread and interval",
          "[report][repeat]") {
  // 100, 120 and 140 events over 10 s: 10, 12 and 14 tps.
  const auto figures = tpcc::repeated_figures(set_of(WorkloadKind::SysbenchOltp, {100, 120, 140}));
  REQUIRE(figures.front().name == "tps");
  REQUIRE(figures.front().spread);
  const tpcc::Spread& tps = *figures.front().spread;
  CHECK(tps.mean == Approx(12.0));
  CHECK(tps.min == Approx(10.0));
  CHECK(tps.max == Approx(14.0));
  CHECK(tps.stddev == Approx(2.0));
  REQUIRE(tps.ci_low);
  CHECK(*tps.ci_low < 10.0);
  CHECK(*tps.ci_high > 14.0);
  // qps: 20 statements per event.
  CHECK(figures[1].spread->mean == Approx(240.0));
}

TEST_CASE("workload repeat set: the ingest set's rows/s and MB/s", "[report][repeat]") {
  // 100 and 300 batches of 100 rows of 1000 bytes over 10 s.
  const auto figures = tpcc::repeated_figures(set_of(WorkloadKind::Ingest, {100, 300}));
  REQUIRE(figures.size() == 2);
  CHECK(figures[0].spread->mean == Approx(2000.0));
  CHECK(figures[1].spread->mean == Approx(2.0));
}

TEST_CASE("workload repeat set: result.json, the console table and the page show the figures",
          "[report][repeat]") {
  const auto runs = set_of(WorkloadKind::Pgbench, {100, 120});
  const auto figures = tpcc::repeated_figures(runs);
  const auto j =
      nlohmann::json::parse(tpcc::repeat_set_json({{"run-1", 0}, {"run-2", 0}}, figures, 0));
  REQUIRE(j.at("figures").size() == 2);
  CHECK(j.at("figures")[0].at("name") == "tps");
  CHECK(j.at("figures")[0].at("mean").get<double>() == Approx(11.0));
  CHECK(j.at("figures")[0].at("ci95").size() == 2);
  CHECK(j.dump().find("tpmC") == std::string::npos);
  std::ostringstream console;
  tpcc::print_repeat_set(console, figures);
  CHECK(console.str().find("latency avg ms") != std::string::npos);
  CHECK(console.str().find("tpmC") == std::string::npos);
  tpcc::RepeatSetPage page;
  page.runs = runs;
  page.exit_statuses = {0, 0};
  page.figures = figures;
  const std::string html = tpcc::html_repeat_set(page);
  CHECK(html.find("<th>tps</th>") != std::string::npos);
  CHECK(html.find("<td>12.00</td>") != std::string::npos);  // run 2's tps
  CHECK(html.find("tpmC") == std::string::npos);
}

TEST_CASE("workload repeat set: two oltp sets compared by each figure's ratio",
          "[report][repeat]") {
  const auto a = set_of(WorkloadKind::SysbenchOltp, {100, 102, 98});
  const auto b = set_of(WorkloadKind::SysbenchOltp, {150, 153, 147});
  const auto figures = tpcc::compared_sets(a, b);
  REQUIRE(figures.size() == 3);
  CHECK(figures[0].name == "tps");
  CHECK(*figures[0].ratio.ratio == Approx(1.5));
  CHECK(tpcc::noise_verdict(figures[0].ratio) == "beyond noise");
  // The latency of every event is 2 ms in both: within noise, or no
  // interval where both sets have no spread at all.
  CHECK(*figures[2].ratio.ratio == Approx(1.0));
}
