// CH-benCHmark's mixed run as a user makes it (docs/ch.md "Mixed runs",
// "Interference", "Freshness"): a W=2 load with CH's tables, a hot standby
// from pg_basebackup, then one tpcc run with TPC-C's terminals on the
// primary and two analytic streams on the standby, TPC-C alone for a
// baseline first. Within the measured interval every one of the 22 queries
// completes on the standby, and those CH's data answer return rows; the
// console and result.json give tpmC alone and beside the streams, QphH,
// the per-query table and the standby's freshness; tpcc check holds after.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "tests/pg/ch_fixture.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using Catch::Detail::Approx;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_ch_acceptance";
constexpr const char* kStandbyName = "tpcc_ch_acceptance_standby";
constexpr int kWarehouses = 2;
constexpr int kStreams = 2;
// TPC-C alone for the first 10 s, then the streams for 60 s: on a 2-core
// machine a stream's pass of the 22 at W=2 beside TPC-C took about 18 s
// (the sum of the queries' p50) with this test alone, and 44 s beside two
// other database tests (30 queries of two streams in 30 s, two queries not
// reached): 60 s lets each stream finish its whole order even then.
constexpr int kInterval = 5;
constexpr int kBaseline = 10;
constexpr int kDuration = 70;
// Queries that return no rows on this load after TPC-C has run: Q22 (every
// customer has an order); Q20's rows depend on the seed and the run, and
// are not judged.
const std::set<std::string> kWithoutRows = {"Q22"};
const std::set<std::string> kNotJudged = {"Q20"};

void check_per_query(const Json& ch) {
  REQUIRE(ch.at("per_query").size() == 22);
  long long queries = 0;
  for (const Json& q : ch.at("per_query")) {
    const std::string name = q.at("query").get<std::string>();
    INFO(name);
    CHECK(q.at("count").get<long long>() >= 1);
    CHECK(q.at("errors").get<long long>() == 0);
    if (kWithoutRows.count(name) > 0) {
      CHECK(q.at("rows").get<long long>() == 0);
    } else if (kNotJudged.count(name) == 0) {
      CHECK(q.at("rows").get<long long>() > 0);
    }
    queries += q.at("count").get<long long>();
  }
  CHECK(ch.at("queries").get<long long>() == queries);
  CHECK(ch.at("qphh").get<double>() ==
        Approx(queries * 3600.0 / ch.at("seconds").get<double>()).epsilon(0.001));
}

void check_freshness(const Json& freshness) {
  CHECK(freshness.at("samples").get<long long>() > 0);
  CHECK(freshness.at("p50").get<double>() >= 0);
  CHECK(freshness.at("p99").get<double>() >= freshness.at("p50").get<double>());
  CHECK(freshness.at("max").get<double>() >= freshness.at("p99").get<double>());
}

}  // namespace

TEST_CASE(
    "ch acceptance: W=2, two streams on a pg_basebackup standby beside TPC-C on the primary, "
    "every query run, tpmC alone and mixed, freshness, consistent after",
    "[ch][standby][acceptance]") {
  tpcc::test::ChStandbyPair servers(kStandbyName, kDatabase, kWarehouses);
  // As a standby for analytic queries is set: its snapshots hold the
  // primary's vacuum back rather than hold its replay back (30 s by
  // default) and then cancel the queries and end the sessions in the way.
  tpcc::test::set_on_standby(servers.pair().standby().conninfo(), {{"hot_standby_feedback", "on"}});
  const tpcc::test::TempDir scratch;
  const fs::path dir = scratch.path() / "mixed";
  tpcc::test::ChRun run{servers.primary(), dir};
  run.streams = kStreams;
  run.warmup = 0;
  run.baseline = kBaseline;
  run.duration = kDuration;
  run.report_interval = kInterval;
  run.standby = servers.standby();
  run.standby_terminals.reset();  // as many as --terminals, as a user gets them
  std::string output;
  const int status = tpcc::test::run_tpcc(run.args(), &output);
  INFO(output);
  REQUIRE(status == 0);

  // The console: the streams' block, its table, the freshness, the split.
  CHECK(output.find("stream(s) on the standby, not counted in tpmC") != std::string::npos);
  CHECK(output.find("    QphH:  ") != std::string::npos);
  CHECK(output.find("    query   count       rows  errors") != std::string::npos);
  for (int query = 1; query <= 22; ++query) {
    CHECK(output.find("\n    Q" + std::to_string(query) + " ") != std::string::npos);
  }
  CHECK(output.find("    freshness on standby 1: p50 ") != std::string::npos);
  CHECK(output.find("    tpmC alone: ") != std::string::npos);
  CHECK(output.find("with " + std::to_string(kStreams) + " analytic stream(s): ") !=
        std::string::npos);

  const Json result = tpcc::test::read_result(dir.string());
  CHECK(result.at("warehouses").get<int>() == kWarehouses);
  CHECK(result.at("tpmC").get<double>() > 0);
  const Json& ch = result.at("ch");
  CHECK(ch.at("on") == "standby");
  CHECK(ch.at("streams").get<int>() == kStreams);
  check_per_query(ch);
  // QphH counts the mixed part only.
  CHECK(ch.at("seconds").get<double>() ==
        Approx(result.at("measured_seconds").get<double>() - kBaseline).margin(0.5));
  const Json& split = ch.at("interference");
  CHECK(split.at("tpmc_alone").get<double>() > 0);
  CHECK(split.at("tpmc_mixed").get<double>() > 0);
  CHECK(split.at("ratio").is_number());
  REQUIRE(ch.at("standbys").size() == 1);
  check_freshness(ch.at("standbys")[0].at("freshness_ms"));
  check_freshness(ch.at("freshness_ms"));

  // TPC-C's consistency conditions and CH's checks hold after the run.
  output.clear();
  const int checked = tpcc::test::run_tpcc({"check", "--conn", servers.primary()}, &output);
  INFO(output);
  CHECK(checked == 0);
  CHECK(output.find(" CH checks hold") != std::string::npos);
}
