// tpcc report --merge's "ch" (workloads/ch/metrics/ch_merge.hpp): the
// drivers' per-query counts summed, QphH from the summed queries over the
// drivers' mean seconds, the percentiles the worst driver's, the drivers
// with streams named, streams on different servers refused; and the block
// read back from result.json as it was written (report/ch_json.hpp).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/errors.hpp"
#include "workloads/ch/metrics/ch_merge.hpp"
#include "workloads/ch/report/ch_json.hpp"

namespace {

using tpcc::ChDriverBlock;
using tpcc::ChFigures;
using tpcc::ChQueryFigures;

ChQueryFigures query(const std::string& name, std::int64_t count, std::int64_t errors, double p50,
                     double p90, double max) {
  ChQueryFigures q;
  q.name = name;
  q.count = count;
  q.rows = count * 3;
  q.errors = errors;
  q.recovery_conflicts = errors;
  q.cancels = 0;
  q.p50_ms = p50;
  q.p90_ms = p90;
  q.max_ms = max;
  return q;
}

// One driver's streams on the primary over `seconds`.
ChFigures driver_figures(int streams, double seconds, std::vector<ChQueryFigures> queries,
                         double freshness_p99) {
  ChFigures f;
  f.on = "primary";
  f.streams = streams;
  f.seconds = seconds;
  for (const ChQueryFigures& q : queries) f.queries += q.count;
  f.qphh = tpcc::ch_qphh(f.queries, seconds);
  f.p50_ms = queries.front().p50_ms;
  f.p90_ms = queries.front().p90_ms;
  f.max_ms = queries.front().max_ms;
  f.per_query = std::move(queries);
  tpcc::ChFreshness fresh;
  fresh.samples = f.queries;
  fresh.p50_ms = freshness_p99 / 2;
  fresh.p99_ms = freshness_p99;
  fresh.max_ms = freshness_p99 + 1;
  f.freshness = fresh;
  tpcc::ChServerFigures primary;
  primary.name = "primary";
  primary.freshness = fresh;
  f.servers.push_back(primary);
  return f;
}

const ChFigures& first_driver() {
  static const ChFigures f = driver_figures(
      1, 10.0, {query("Q1", 4, 0, 100, 200, 250), query("Q2", 3, 1, 50, 80, 90)}, 12.0);
  return f;
}

const ChFigures& second_driver() {
  static const ChFigures f = driver_figures(
      2, 10.1, {query("Q1", 6, 2, 120, 150, 400), query("Q2", 5, 0, 40, 90, 95)}, 30.0);
  return f;
}

}  // namespace

TEST_CASE("ch merge: counts summed, QphH over the mean seconds, the worst driver's percentiles",
          "[ch][merge]") {
  const auto merged = tpcc::merge_ch_figures(
      {{1, "d1", first_driver()}, {2, "d2", second_driver()}, {3, "d3", std::nullopt}});
  REQUIRE(merged);
  CHECK(merged->streams == first_driver().streams + second_driver().streams);
  CHECK(merged->queries == first_driver().queries + second_driver().queries);
  const double seconds = (first_driver().seconds + second_driver().seconds) / 2;
  CHECK(merged->seconds == Approx(seconds));
  CHECK(merged->qphh == Approx(static_cast<double>(merged->queries) * 3600 / seconds));
  REQUIRE(merged->per_query.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    const ChQueryFigures& a = first_driver().per_query[i];
    const ChQueryFigures& b = second_driver().per_query[i];
    const ChQueryFigures& m = merged->per_query[i];
    INFO(m.name);
    CHECK(m.name == a.name);
    CHECK(m.count == a.count + b.count);
    CHECK(m.rows == a.rows + b.rows);
    CHECK(m.errors == a.errors + b.errors);
    CHECK(m.recovery_conflicts == a.recovery_conflicts + b.recovery_conflicts);
    CHECK(m.p50_ms == std::max(a.p50_ms, b.p50_ms));
    CHECK(m.p90_ms == std::max(a.p90_ms, b.p90_ms));
    CHECK(m.max_ms == std::max(a.max_ms, b.max_ms));
  }
  REQUIRE(merged->freshness);
  CHECK(merged->freshness->samples ==
        first_driver().freshness->samples + second_driver().freshness->samples);
  CHECK(merged->freshness->p99_ms == second_driver().freshness->p99_ms);
  REQUIRE(merged->servers.size() == 1);
  CHECK(merged->servers.front().freshness->p99_ms == second_driver().freshness->p99_ms);
  // Driver 3 ran no streams: named by its absence.
  CHECK(merged->merged_drivers == std::vector<int>{1, 2});
  CHECK(merged->merge_rule == tpcc::kChMergeRule);
}

TEST_CASE("ch merge: none without streams, and streams on the primary and on standbys refused",
          "[ch][merge]") {
  CHECK_FALSE(tpcc::merge_ch_figures({{1, "d1", std::nullopt}, {2, "d2", std::nullopt}}));
  ChFigures on_standby = second_driver();
  on_standby.on = "standby";
  try {
    tpcc::merge_ch_figures({{1, "results/one", first_driver()}, {2, "results/two", on_standby}});
    FAIL("merged streams of different servers");
  } catch (const tpcc::UsageError& e) {
    const std::string message = e.what();
    CHECK(message.find("results/one") != std::string::npos);
    CHECK(message.find("results/two") != std::string::npos);
    CHECK(message.find("on the standby") != std::string::npos);
  }
}

TEST_CASE("ch merge: result.json's ch block reads back as it was written, merged block included",
          "[ch][merge]") {
  ChFigures f = *tpcc::merge_ch_figures({{1, "d1", first_driver()}, {2, "d2", second_driver()}});
  f.session_settings = {"citus.enable_repartition_joins = on"};
  const nlohmann::json written = tpcc::ch_figures_json(f);
  CHECK(written.at("merged").at("drivers") == nlohmann::json::array({1, 2}));
  CHECK(written.at("merged").at("rule") == tpcc::kChMergeRule);
  CHECK(written.at("session_settings") ==
        nlohmann::json::array({"citus.enable_repartition_joins = on"}));
  const ChFigures read = tpcc::ch_figures_from_json(written);
  CHECK(read.on == f.on);
  CHECK(read.streams == f.streams);
  CHECK(read.queries == f.queries);
  CHECK(read.session_settings == f.session_settings);
  REQUIRE(read.per_query.size() == f.per_query.size());
  CHECK(read.per_query[1].errors == f.per_query[1].errors);
  CHECK(read.per_query[1].p90_ms == Approx(f.per_query[1].p90_ms));
  REQUIRE(read.freshness);
  CHECK(read.freshness->samples == f.freshness->samples);
  // Written again, the block is the same (the merged note is the merge's,
  // not read back).
  nlohmann::json again = tpcc::ch_figures_json(read);
  again["merged"] = written.at("merged");
  CHECK(again == written);
}
