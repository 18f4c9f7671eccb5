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
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/standby_fixture.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_ch_mixed";
constexpr const char* kStandbyName = "tpcc_ch_mixed_standby";

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

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
  tpcc::test::StandbyPair pair(kStandbyName, kDatabase);
  const std::string primary = pair.primary_database();
  const std::string standby = pair.standby_database();
  std::string output;
  REQUIRE(tpcc::test::run_tpcc({"prepare", "--conn", primary, "--warehouses", "1", "--ch", "--seed",
                                "11", "--no-check"},
                               &output) == 0);
  pair.wait_for_replay(60);
  const tpcc::test::TempDir scratch;

  {  // on the primary
    const fs::path dir = scratch.path() / "primary";
    output.clear();
    const int status = tpcc::test::run_tpcc(
        {"run", "--conn", primary, "--terminals", "2", "--ch-streams", "1", "--warmup", "2",
         "--duration", "20", "--report-interval", "5", "--result-dir", dir.string()},
        &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(output.find("] ch: queries/s:") != std::string::npos);
    CHECK(output.find("stream(s) on the primary, not counted in tpmC") != std::string::npos);
    const Json result = tpcc::test::read_result(dir.string());
    check_tpcc_side(result);
    check_ch_block(result, "primary", 1);
    const std::string page = read_text(dir / "report.html");
    CHECK(page.find("ch on the primary: QphH") != std::string::npos);
    CHECK(page.find("recovery conflicts") != std::string::npos);
    // tpcc report DIR draws the same page from the files.
    std::string redrawn;
    CHECK(tpcc::test::run_tpcc({"report", dir.string()}, &redrawn) == 0);
    CHECK(read_text(dir / "report.html") == page);
  }

  {  // on the standby
    const fs::path dir = scratch.path() / "standby";
    output.clear();
    const int status = tpcc::test::run_tpcc(
        {"run", "--conn", primary, "--terminals", "2", "--standby-conn", standby,
         "--standby-terminals", "1", "--ch-streams", "1", "--ch-on", "standby", "--duration", "20",
         "--report-interval", "5", "--result-dir", dir.string()},
        &output);
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
