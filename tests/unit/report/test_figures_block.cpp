// result.json's "figures" block: each workload's headline figures and its
// types' latencies written as one block and read back in one place
// (report/results/figures_json), a result without the block read from the
// workload's own keys as the block would have held them, and report
// --compare, repeated sets and sweeps driven by the block alone.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/results/figures_json.hpp"
#include "report/results/result_json.hpp"
#include "report/results/result_read.hpp"
#include "report/views/compare.hpp"
#include "report/views/repeat_set.hpp"
#include "report/views/sweep_view.hpp"
#include "tests/unit/report/sample_runs.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "tests/unit/report/workload_runs.hpp"

namespace {

using Catch::Detail::Approx;
using Json = nlohmann::json;
using tpcc::WorkloadKind;

Json tpcc_result(std::int64_t new_orders) {
  const tpcc::test::Run run = tpcc::test::sample(new_orders);
  return Json::parse(
      tpcc::result_json(tpcc::Config{}, run.info, run.stats,
                        tpcc::test::verdict_of(tpcc::Config{}, run.info, run.stats)));
}

std::vector<std::string> keys_of(const tpcc::WorkloadFigures& f) {
  std::vector<std::string> keys;
  for (const tpcc::WorkloadFigure& figure : f.headline) keys.push_back(figure.key);
  return keys;
}

// The block read back is the figures it was written from, figure by figure.
void check_same(const tpcc::WorkloadFigures& a, const tpcc::WorkloadFigures& b) {
  REQUIRE(a.headline.size() == b.headline.size());
  for (std::size_t k = 0; k < a.headline.size(); ++k) {
    const tpcc::WorkloadFigure& x = a.headline[k];
    const tpcc::WorkloadFigure& y = b.headline[k];
    CHECK(x.key == y.key);
    CHECK(x.name == y.name);
    CHECK(x.value == y.value);
    CHECK(x.unit == y.unit);
    CHECK(x.better == y.better);
    CHECK(x.decimals == y.decimals);
    CHECK(x.of_set == y.of_set);
    CHECK(x.swept == y.swept);
    CHECK(x.tail == y.tail);
  }
  REQUIRE(a.types.size() == b.types.size());
  for (std::size_t k = 0; k < a.types.size(); ++k) {
    CHECK(a.types[k].name == b.types[k].name);
    CHECK(a.types[k].count == b.types[k].count);
  }
}

tpcc::ResultDir run_with(std::vector<tpcc::WorkloadFigure> headline,
                         std::vector<tpcc::TypeLatency> types = {}) {
  tpcc::ResultDir r;
  r.stats = tpcc::RunStats(1);
  r.workload.workload = "made-up";
  r.workload.headline = std::move(headline);
  r.workload.types = std::move(types);
  return r;
}

std::vector<std::string> names_of(const std::vector<tpcc::ComparedFigure>& figures) {
  std::vector<std::string> names;
  for (const tpcc::ComparedFigure& f : figures) names.push_back(f.name);
  return names;
}

}  // namespace

TEST_CASE("figures block: a TPC-C run's tpmC, tpmTOTAL, efficiency and five types, read back",
          "[figures]") {
  const Json j = tpcc_result(400);
  REQUIRE(j.contains("figures"));
  // Every key users' scripts read is kept beside the block.
  CHECK(j.at("tpmC").get<double>() == Approx(400.0));
  const Json& first = j.at("figures").at("headline").at(0);
  CHECK(first.at("key") == "tpmC");
  CHECK(first.at("unit") == "tpm");
  CHECK(first.at("better") == "higher");
  CHECK(first.at("value").get<double>() == Approx(400.0));
  const tpcc::WorkloadFigures f = tpcc::result_figures(j);
  CHECK(keys_of(f) == std::vector<std::string>{"tpmC", "tpmTOTAL", "efficiency", "errors",
                                               "retries", "measured_seconds"});
  CHECK(*tpcc::figure_value(f, "tpmTOTAL") == Approx(800.0));
  // Not paced by the spec's keying and think times: no efficiency.
  CHECK_FALSE(tpcc::figure_value(f, "efficiency %").has_value());
  REQUIRE(f.types.size() == 5);
  CHECK(f.types[0].name == "New-Order");
  CHECK(f.types[0].count == 400);
  CHECK(*f.types[0].p90_ms == Approx(3.0).epsilon(0.05));
  CHECK(*f.types[1].p99_ms == Approx(1.0).epsilon(0.05));
  // Nothing was timed for Delivery: no percentile, not 0.
  CHECK(f.types[3].count == 0);
  CHECK_FALSE(f.types[3].p90_ms.has_value());
}

TEST_CASE("figures block: each workload's block reads back as its figures, flags and units",
          "[figures]") {
  for (const WorkloadKind kind :
       {WorkloadKind::SysbenchOltp, WorkloadKind::Pgbench, WorkloadKind::Ingest}) {
    const Json j = tpcc::test::result_of(kind, 100);
    REQUIRE(j.contains("figures"));
    const tpcc::WorkloadFigures read = tpcc::result_figures(j);
    check_same(read, tpcc::figures_of_own_keys(j));
    REQUIRE_FALSE(read.headline.empty());
    CHECK(read.headline.front().better == tpcc::Better::Higher);
    CHECK(read.headline.front().of_set);
    CHECK(read.headline.front().swept);
    CHECK(tpcc::tail_figure(read) != nullptr);
  }
  // The types' percentiles come from the statistics: the oltp test's event
  // at 2 ms, in the block only.
  const tpcc::WorkloadFigures oltp =
      tpcc::result_figures(tpcc::test::result_of(WorkloadKind::SysbenchOltp, 100));
  REQUIRE(oltp.types.size() == 1);
  CHECK(oltp.types[0].name == "oltp_read_write");
  CHECK(oltp.types[0].count == 100);
  CHECK(*oltp.types[0].p90_ms == Approx(2.0).epsilon(0.05));
  const tpcc::WorkloadFigures pgbench =
      tpcc::result_figures(tpcc::test::result_of(WorkloadKind::Pgbench, 50));
  CHECK(tpcc::tail_figure(pgbench)->name == "latency p99 ms");
  REQUIRE(pgbench.types.size() == 1);
  CHECK(pgbench.types[0].name == "tpcb-like");
  CHECK(*pgbench.types[0].max_ms == Approx(2.0).epsilon(0.05));
}

TEST_CASE("figures block: a result without it reads as the block would have held it", "[figures]") {
  for (const WorkloadKind kind :
       {WorkloadKind::SysbenchOltp, WorkloadKind::Pgbench, WorkloadKind::Ingest}) {
    Json j = tpcc::test::result_of(kind, 100);
    const tpcc::WorkloadFigures with = tpcc::result_figures(j);
    j.erase("figures");
    check_same(tpcc::result_figures(j), with);
  }
  Json j = tpcc_result(400);
  const tpcc::WorkloadFigures with = tpcc::result_figures(j);
  j.erase("figures");
  const tpcc::WorkloadFigures without = tpcc::result_figures(j);
  check_same(without, with);
  // TPC-C's result.json holds each type's percentiles: those too.
  for (std::size_t k = 0; k < with.types.size(); ++k) {
    CHECK(without.types[k].p90_ms == with.types[k].p90_ms);
    CHECK(without.types[k].p99_ms == with.types[k].p99_ms);
  }
}

TEST_CASE("figures block: report --compare reads a TPC-C run's figures from the block",
          "[figures]") {
  const tpcc::test::TempDir scratch;
  const std::string a =
      tpcc::test::write_run(scratch, "a", tpcc::Config{}, tpcc::test::sample(400));
  const std::string b =
      tpcc::test::write_run(scratch, "b", tpcc::Config{}, tpcc::test::sample(600));
  // The block, not the histograms nor the old keys, gives the compared tpmC.
  Json j = Json::parse(std::ifstream(b + "/result.json"));
  j["figures"]["headline"][0]["value"] = 900.0;
  std::ofstream(b + "/result.json") << j.dump(2);
  const std::vector<tpcc::ComparedFigure> figures = tpcc::compared_figures(
      {tpcc::read_result_dir(a, "--compare", true), tpcc::read_result_dir(b, "--compare", true)});
  REQUIRE(figures.front().name == "tpmC");
  CHECK(*figures.front().values[1] == Approx(900.0));
  CHECK(*figures.front().ratios[1] == Approx(2.25));
  const std::vector<std::string> names = names_of(figures);
  CHECK(std::find(names.begin(), names.end(), "New-Order p90 ms") != names.end());
  CHECK(std::find(names.begin(), names.end(), "Payment p99 ms") != names.end());
}

TEST_CASE("figures block: compare, repeated sets and sweeps loop over any workload's block",
          "[figures]") {
  using tpcc::Better;
  // A workload the report has never heard of: its figures say what each is.
  const auto rate = [](double v) {
    return tpcc::summarised(tpcc::headline_figure("ops", "ops/s", v, "1/s", Better::Higher, 1));
  };
  const auto count = [](double v) {
    return tpcc::headline_figure("ops_total", "ops", v, "", Better::Neither, 0);
  };
  const auto wait = [](double v) {
    tpcc::WorkloadFigure f = tpcc::headline_figure("wait_ms", "wait ms", v, "ms", Better::Lower, 2);
    f.of_set = true;  // a set weighs it, a sweep does not show it
    return f;
  };
  const std::vector<tpcc::TypeLatency> types = {{"get", 10, 1.0, 2.0, 3.0, 4.0},
                                                {"put", 5, 5.0, 6.0, 7.0, 8.0}};
  const std::vector<tpcc::ResultDir> runs = {run_with({rate(100), count(10), wait(1)}, types),
                                             run_with({rate(150), count(15), wait(2)}, types)};
  const std::vector<tpcc::ComparedFigure> compared = tpcc::compared_figures(runs);
  CHECK(names_of(compared) == std::vector<std::string>{"ops/s", "ops", "wait ms", "get p90 ms",
                                                       "put p90 ms", "get p99 ms", "put p99 ms"});
  CHECK(*compared[0].ratios[1] == Approx(1.5));
  CHECK(*compared[4].values[1] == Approx(6.0));
  // A repeated set: the figures marked for it, and the types' percentiles.
  std::vector<std::string> set;
  for (const tpcc::RepeatedFigure& f : tpcc::repeated_figures(runs)) set.push_back(f.name);
  CHECK(set == std::vector<std::string>{"ops/s", "wait ms", "get p90 ms", "put p90 ms",
                                        "get p99 ms", "put p99 ms"});
  // A sweep's columns: the figures marked for it, then each type's p90.
  std::vector<std::string> swept;
  for (const tpcc::RepeatedFigure& f : tpcc::sweep_point_figures(runs)) swept.push_back(f.name);
  CHECK(swept == std::vector<std::string>{"ops/s", "get p90 ms", "put p90 ms"});
  // With one type its latencies are the headline's: no per-type rows.
  const std::vector<tpcc::ResultDir> one = {run_with({rate(100)}, {types[0]})};
  CHECK(names_of(tpcc::compared_figures(one)) == std::vector<std::string>{"ops/s"});
}
