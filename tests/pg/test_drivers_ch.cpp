// Two drivers of one mixed run (tpcc run --driver I/2 --ch-streams 1) on a
// W=2 load with CH's tables, and tpcc report --merge of their results
// (docs/several-drivers.md): the merged result.json's "ch" holds both
// drivers' streams, each query's counts summed, QphH from the summed
// queries, the percentiles the worst driver's, and names the drivers.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/driver_runs.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace tpcc::test {
namespace {

using Json = nlohmann::json;

DriverRun ch_driver(const std::string& db, const std::string& number, const std::string& dir) {
  return {db, number, "ch-together", dir, 2, 60, {"--ch-streams", "1"}};
}

}  // namespace

TEST_CASE("drivers: report --merge merges the drivers' analytic streams into one ch block",
          "[drivers][ch]") {
  const std::string db = create_database("tpcc_drivers_ch");
  std::string output;
  REQUIRE(run_tpcc({"prepare", "--conn", db, "--warehouses", "2", "--ch", "--no-check"}, &output) ==
          0);
  const std::string first = scratch_dir("ch-driver1");
  const std::string second = scratch_dir("ch-driver2");
  const DriverPairOutcome runs =
      run_driver_pair(ch_driver(db, "1/2", first), ch_driver(db, "2/2", second), "ch-driver");
  INFO(runs.first_log);
  INFO(runs.second_log);
  REQUIRE(runs.first_status == 0);
  REQUIRE(runs.second_status == 0);

  const std::string out = scratch_dir("ch-merged");
  const int merged_status = run_tpcc({"report", "--merge", first, second, "--out", out}, &output);
  INFO(output);
  REQUIRE(merged_status == 0);
  CHECK(output.find("merged: the streams of driver(s) 1, 2 of 2") != std::string::npos);

  const Json a = read_result(first).at("ch");
  const Json b = read_result(second).at("ch");
  const Json merged = read_result(out).at("ch");
  CHECK(merged.at("streams") == a.at("streams").get<int>() + b.at("streams").get<int>());
  CHECK(merged.at("merged").at("drivers") == Json::array({1, 2}));
  const long long queries = a.at("queries").get<long long>() + b.at("queries").get<long long>();
  CHECK(merged.at("queries").get<long long>() == queries);
  CHECK(queries > 0);
  const double seconds = (a.at("seconds").get<double>() + b.at("seconds").get<double>()) / 2;
  CHECK(merged.at("qphh").get<double>() == Approx(queries * 3600.0 / seconds).epsilon(0.001));
  const Json& per_query = merged.at("per_query");
  REQUIRE(per_query.size() == a.at("per_query").size());
  for (std::size_t i = 0; i < per_query.size(); ++i) {
    const Json& qa = a.at("per_query").at(i);
    const Json& qb = b.at("per_query").at(i);
    const Json& q = per_query.at(i);
    INFO(q.at("query"));
    CHECK(q.at("count").get<long long>() ==
          qa.at("count").get<long long>() + qb.at("count").get<long long>());
    CHECK(q.at("errors").get<long long>() ==
          qa.at("errors").get<long long>() + qb.at("errors").get<long long>());
    CHECK(q.at("latency_ms").at("max").get<double>() ==
          std::max(qa.at("latency_ms").at("max").get<double>(),
                   qb.at("latency_ms").at("max").get<double>()));
  }
  // Freshness: both drivers' samples, the worse p99.
  CHECK(merged.at("freshness_ms").at("samples").get<long long>() ==
        a.at("freshness_ms").at("samples").get<long long>() +
            b.at("freshness_ms").at("samples").get<long long>());
  CHECK(merged.at("freshness_ms").at("p99").get<double>() ==
        std::max(a.at("freshness_ms").at("p99").get<double>(),
                 b.at("freshness_ms").at("p99").get<double>()));
}

}  // namespace tpcc::test
