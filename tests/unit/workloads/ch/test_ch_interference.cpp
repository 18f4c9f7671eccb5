// --ch-baseline's split (workloads/ch/metrics/ch_interference.hpp): the
// measured interval lines within the baseline are TPC-C alone, the rest
// mixed; each part's tpmC and tpmTOTAL over its own seconds and the mixed
// over the alone. The console's block, result.json's ch.interference and
// the figures read back from it (a repeated set summarises the ratio).
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/run.hpp"
#include "report/results/figures_json.hpp"
#include "report/results/result_json.hpp"
#include "tests/unit/report/sample_runs.hpp"
#include "tests/unit/report/verdict_of.hpp"
#include "workloads/ch/metrics/ch_interference.hpp"
#include "workloads/ch/report/ch_summary.hpp"

namespace {

using Catch::Detail::Approx;
using Json = nlohmann::json;
using tpcc::IntervalThroughput;

IntervalThroughput line(double seconds, std::int64_t new_orders, std::int64_t transactions) {
  IntervalThroughput l;
  l.seconds = seconds;
  l.new_orders = new_orders;
  l.transactions = transactions;
  return l;
}

const tpcc::WorkloadFigure* headline_named(const tpcc::WorkloadFigures& f,
                                           const std::string& name) {
  for (const tpcc::WorkloadFigure& figure : f.headline) {
    if (figure.name == name) return &figure;
  }
  return nullptr;
}

// A TPC-C result.json with a mixed run's ch block, its split or not.
Json mixed_result(const std::optional<tpcc::ChInterference>& interference) {
  tpcc::test::Run run = tpcc::test::sample(400);
  tpcc::ChFigures ch;
  ch.on = "primary";
  ch.streams = 1;
  ch.seconds = 60;
  ch.queries = 30;
  ch.qphh = tpcc::ch_qphh(ch.queries, ch.seconds);
  ch.interference = interference;
  run.info.ch = ch;
  return Json::parse(
      tpcc::result_json(tpcc::Config{}, run.info, run.stats,
                        tpcc::test::verdict_of(tpcc::Config{}, run.info, run.stats)));
}

}  // namespace

TEST_CASE("ch interference: the lines within the baseline are alone, the rest mixed",
          "[ch][interference]") {
  // Four lines of 2 s, the baseline the first two.
  const std::vector<IntervalThroughput> lines = {line(2, 20, 50), line(2, 22, 50), line(2, 10, 30),
                                                 line(2, 12, 30)};
  const tpcc::ChInterference split = tpcc::split_interference(lines, 4);
  CHECK(split.alone_seconds == Approx(4));
  CHECK(split.mixed_seconds == Approx(4));
  CHECK(split.tpmc_alone == Approx((20 + 22) * 60.0 / 4));
  CHECK(split.tpmc_mixed == Approx((10 + 12) * 60.0 / 4));
  CHECK(split.tpm_total_alone == Approx(100 * 60.0 / 4));
  CHECK(split.tpm_total_mixed == Approx(60 * 60.0 / 4));
  REQUIRE(split.ratio);
  CHECK(*split.ratio == Approx(22.0 / 42.0));
  REQUIRE(split.total_ratio);
  CHECK(*split.total_ratio == Approx(60.0 / 100.0));
}

TEST_CASE("ch interference: each part over its own seconds, a cut last line mixed",
          "[ch][interference]") {
  const std::vector<IntervalThroughput> lines = {line(5, 50, 100), line(5, 50, 100),
                                                 line(5, 30, 70), line(1.5, 9, 21)};
  const tpcc::ChInterference split = tpcc::split_interference(lines, 10);
  CHECK(split.alone_seconds == Approx(10));
  CHECK(split.mixed_seconds == Approx(6.5));
  CHECK(split.tpmc_mixed == Approx(39 * 60.0 / 6.5));
  REQUIRE(split.ratio);
  CHECK(*split.ratio == Approx((39 / 6.5) / (100 / 10.0)));
}

TEST_CASE("ch interference: a line ending on the baseline by a rounding is alone",
          "[ch][interference]") {
  // Ten lines of 0.1 s: their sum misses 0.5 by a rounding at the fifth.
  std::vector<IntervalThroughput> lines(10, line(0.1, 1, 2));
  const tpcc::ChInterference split = tpcc::split_interference(lines, 0.5);
  CHECK(split.alone_seconds == Approx(0.5));
  CHECK(split.mixed_seconds == Approx(0.5));
}

TEST_CASE("ch interference: no ratio without a mixed part or a New-Order alone",
          "[ch][interference]") {
  // Interrupted within the baseline: nothing mixed.
  const tpcc::ChInterference early = tpcc::split_interference({line(2, 5, 9)}, 4);
  CHECK(early.alone_seconds == Approx(2));
  CHECK(early.mixed_seconds == 0);
  CHECK_FALSE(early.ratio);
  CHECK_FALSE(early.total_ratio);
  const tpcc::ChInterference none_alone =
      tpcc::split_interference({line(2, 0, 3), line(2, 4, 6)}, 2);
  CHECK_FALSE(none_alone.ratio);
  REQUIRE(none_alone.total_ratio);
  CHECK(*none_alone.total_ratio == Approx(2.0));
}

TEST_CASE("ch interference: the lines are the measured ones, every type's completed counted",
          "[ch][interference]") {
  tpcc::IntervalSample warmup;
  warmup.warmup = true;
  warmup.length_seconds = 2;
  warmup.stats = tpcc::RunStats(tpcc::kTxnTypes);
  warmup.stats.txn[tpcc::kNewOrder].committed = 7;
  tpcc::IntervalSample measured = warmup;
  measured.warmup = false;
  measured.stats.txn[tpcc::kNewOrder].rolled_back = 1;  // 5.4.2: counted
  measured.stats.txn[tpcc::kPayment].committed = 9;
  const std::vector<IntervalThroughput> lines = tpcc::measured_throughput({warmup, measured});
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].new_orders == 8);
  CHECK(lines[0].transactions == 17);
}

TEST_CASE("ch interference: the console's block, whole", "[ch][interference]") {
  tpcc::ChFigures f;
  f.streams = 2;
  f.interference = tpcc::split_interference(
      {line(2, 20, 50), line(2, 22, 50), line(2, 10, 30), line(2, 12, 30)}, 4);
  CHECK(tpcc::ch_interference_block(f) ==
        "interference: TPC-C alone for the measured interval's first 4.0 s, then beside the "
        "streams (the tpmC above is the whole interval's)\n"
        "    tpmC alone: 630.0 (4.0 s), with 2 analytic stream(s): 330.0 (4.0 s): 52.4 % of "
        "alone\n"
        "    tpmTOTAL alone: 1500.0 (4.0 s), with 2 analytic stream(s): 900.0 (4.0 s): 60.0 % of "
        "alone\n");
  f.interference = tpcc::split_interference({line(2, 5, 9)}, 4);
  CHECK_THAT(tpcc::ch_interference_block(f), Catch::Contains("no ratio"));
  f.interference.reset();
  CHECK(tpcc::ch_interference_block(f).empty());
}

TEST_CASE(
    "ch interference: result.json's ch.interference, read back as figures a set summarises and "
    "a table",
    "[ch][interference]") {
  const tpcc::ChInterference split = tpcc::split_interference(
      {line(2, 20, 50), line(2, 22, 50), line(2, 10, 30), line(2, 12, 30)}, 4);
  const Json j = mixed_result(split);
  const Json& block = j.at("ch").at("interference");
  CHECK(block.at("baseline_seconds").get<double>() == Approx(4));
  CHECK(block.at("tpmc_alone").get<double>() == Approx(split.tpmc_alone));
  CHECK(block.at("tpmc_mixed").get<double>() == Approx(split.tpmc_mixed));
  CHECK(block.at("ratio").get<double>() == Approx(*split.ratio).margin(1e-4));
  CHECK(block.at("tpm_total_ratio").get<double>() == Approx(*split.total_ratio).margin(1e-4));

  const tpcc::WorkloadFigures figures = tpcc::result_figures(j);
  // TPC-C's throughput first, as before.
  CHECK(figures.headline.front().name == "tpmC");
  const tpcc::WorkloadFigure* percent = headline_named(figures, "tpmC % of alone");
  REQUIRE(percent != nullptr);
  CHECK(*percent->value == Approx(*split.ratio * 100).margin(0.01));
  CHECK(percent->of_set);
  // The streams' QphH: a sweep's column; never the latency capacity holds.
  const tpcc::WorkloadFigure* qphh = headline_named(figures, "QphH");
  REQUIRE(qphh != nullptr);
  CHECK(qphh->swept);
  CHECK(tpcc::tail_figure(figures) == nullptr);
  CHECK(std::any_of(figures.tables.begin(), figures.tables.end(), [](const auto& t) {
    return t.title.find("Interference") != std::string::npos;
  }));

  const tpcc::WorkloadFigures plain = tpcc::result_figures(mixed_result(std::nullopt));
  CHECK(headline_named(plain, "QphH") != nullptr);
  CHECK(headline_named(plain, "tpmC % of alone") == nullptr);
  CHECK(mixed_result(std::nullopt).at("ch").contains("interference") == false);
}
