// tpcc run --ch-streams: CH-benCHmark's analytic streams beside TPC-C's
// terminals on one clock, on the primary and (--ch-on standby) on a hot
// standby. TPC-C's figures are its five transactions alone (tpmTOTAL from
// their counts, no query among them); result.json's "ch" counts every
// query, says where the streams ran, and its QphH is the queries times
// 3600 over the measured seconds; the console shows the streams' interval
// lines and final block, report.html their per-query table. Refusals: the
// streams on standbys without one, and without CH's tables.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/ch_fixture.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_ch_mixed";
constexpr const char* kStandbyName = "tpcc_ch_mixed_standby";

// TPC-C's figures hold its five transactions only, and its tpmTOTAL is
// their completed count over the measured minutes: no query among them.
void check_tpcc_side(const Json& result) {
  CHECK(result.at("workload") == "tpcc");
  CHECK(result.at("tpmC").get<double>() > 0);
  const std::set<std::string> five = {"new_order", "payment", "order_status", "delivery",
                                      "stock_level"};
  long long completed = 0;
  for (const auto& [name, type] : result.at("transactions").items()) {
    INFO(name);
    CHECK(five.count(name) == 1);
    completed += type.at("completed").get<long long>();
  }
  const double minutes = result.at("measured_seconds").get<double>() / 60.0;
  CHECK(result.at("tpmTOTAL").get<double>() == Approx(completed / minutes).epsilon(0.01));
}

// The streams' block: where they ran, every query counted, QphH from the
// counts and the measured seconds (the run's own).
void check_ch_block(const Json& result, const std::string& on, int streams) {
  REQUIRE(result.contains("ch"));
  const Json& ch = result.at("ch");
  CHECK(ch.at("on") == on);
  CHECK(ch.at("streams").get<int>() == streams);
  REQUIRE(ch.at("per_query").size() == 22);
  long long queries = 0;
  for (const Json& q : ch.at("per_query")) {
    INFO(q.at("query").get<std::string>());
    CHECK(q.at("errors").get<long long>() == 0);
    queries += q.at("count").get<long long>();
  }
  CHECK(queries > 0);
  CHECK(ch.at("queries").get<long long>() == queries);
  const double seconds = ch.at("seconds").get<double>();
  CHECK(seconds == Approx(result.at("measured_seconds").get<double>()).margin(0.01));
  CHECK(ch.at("qphh").get<double>() == Approx(queries * 3600.0 / seconds).epsilon(0.001));
}

}  // namespace

TEST_CASE(
    "tpcc run --ch-streams: analytic streams beside TPC-C's terminals, on the primary and on a "
    "standby, counted apart",
    "[ch][standby]") {
  const tpcc::test::ChStandbyPair servers(kStandbyName, kDatabase, 1);
  const std::string primary = servers.primary();
  const tpcc::test::TempDir scratch;
  std::string output;

  {  // on the primary
    const fs::path dir = scratch.path() / "primary";
    tpcc::test::ChRun run{primary, dir};
    run.warmup = 2;
    run.duration = 20;
    run.report_interval = 5;
    const int status = tpcc::test::run_tpcc(run.args(), &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(output.find("] ch: queries/s:") != std::string::npos);
    CHECK(output.find("stream(s) on the primary, not counted in tpmC") != std::string::npos);
    const Json result = tpcc::test::read_result(dir.string());
    check_tpcc_side(result);
    check_ch_block(result, "primary", 1);
    const std::string page = tpcc::test::read_text(dir / "report.html");
    CHECK(page.find("ch on the primary: QphH") != std::string::npos);
    CHECK(page.find("recovery conflicts") != std::string::npos);
    // tpcc report DIR draws the same page from the files.
    std::string redrawn;
    CHECK(tpcc::test::run_tpcc({"report", dir.string()}, &redrawn) == 0);
    CHECK(tpcc::test::read_text(dir / "report.html") == page);
  }

  {  // on the standby
    const fs::path dir = scratch.path() / "standby";
    tpcc::test::ChRun run{primary, dir};
    run.duration = 20;
    run.report_interval = 5;
    run.standby = servers.standby();
    output.clear();
    const int status = tpcc::test::run_tpcc(run.args(), &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(output.find("] ch on standby 1: queries/s:") != std::string::npos);
    const Json result = tpcc::test::read_result(dir.string());
    check_tpcc_side(result);
    check_ch_block(result, "standby", 1);
  }
}

TEST_CASE(
    "tpcc run --ch-streams: refused on standbys without one, and without CH's tables (exit 2)",
    "[ch]") {
  const std::string db = tpcc::test::prepared_database("tpcc_ch_mixed_refused", 1);
  std::string output;
  CHECK(tpcc::test::run_tpcc({"run", "--conn", db, "--terminals", "1", "--ch-streams", "1",
                              "--ch-on", "standby", "--duration", "2"},
                             &output) == 2);
  CHECK(output.find("--ch-on") != std::string::npos);
  CHECK(output.find("--standby-conn") != std::string::npos);
  output.clear();
  const int status = tpcc::test::run_tpcc(
      {"run", "--conn", db, "--terminals", "1", "--ch-streams", "1", "--duration", "2"}, &output);
  INFO(output);
  CHECK(status == 2);
  CHECK(output.find("--ch-streams: bmsql_region is missing") != std::string::npos);
  CHECK(output.find("run tpcc prepare --ch") != std::string::npos);
}
