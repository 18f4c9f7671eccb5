// tpcc run paced against the throwaway PostgreSQL: --rate with fixed and
// Poisson arrivals, and 5.2.5's keying and think times; the schedule lag of
// a paced run, and none in an unpaced one.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using Json = nlohmann::json;
using tpcc::test::find_rule;
using tpcc::test::loaded_database;
using tpcc::test::read_result;
using tpcc::test::scratch_dir;

constexpr const char* kDatabase = "tpcc_run_pacing";
constexpr int kWarehouses = 2;

}  // namespace

TEST_CASE("tpcc run --rate caps transactions per minute over all terminals", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("rate");
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"run", "--conn", conn, "--terminals", "4", "--connections", "2", "--rate", "600",
       "--arrivals", "fixed", "--duration", "6", "--result-dir", dir},
      &output);
  INFO(output);
  REQUIRE(status == 0);
  // 600 per minute over 6 s: 60 transactions, give or take the ones in
  // flight at the edges.
  const Json result = read_result(dir);
  CHECK(result.at("arrivals") == "fixed");
  CHECK(result.at("tpmTOTAL").get<double>() == Approx(600).margin(60));
}

TEST_CASE("tpcc run --rate: Poisson arrivals by default, at the rate on average", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("rate_poisson");
  std::string output;
  const int status =
      tpcc::test::run_tpcc({"run", "--conn", conn, "--terminals", "4", "--connections", "2",
                            "--rate", "3000", "--duration", "6", "--result-dir", dir},
                           &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("at most 3000 transactions per minute (poisson arrivals)") !=
        std::string::npos);
  // 300 arrivals expected in 6 s; a Poisson count's standard deviation is
  // about 17 of them (6%), so 25% is four of them and more.
  const Json result = read_result(dir);
  CHECK(result.at("arrivals") == "poisson");
  CHECK(result.at("tpmTOTAL").get<double>() == Approx(3000).epsilon(0.25));
}

TEST_CASE("tpcc run with 5.2.5 keying and think times paces the terminals", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("keying");
  std::string output;
  // Times scaled by 0.01: a New-Order cycle is 0.18 s keying + 0.12 s mean
  // think, so 20 terminals complete roughly 20 / 0.3 s = 4000 per minute at
  // most, far below the unpaced rate.
  const int status = tpcc::test::run_tpcc(
      {"run", "--conn", conn, "--terminals", "20", "--connections", "4", "--keying-think",
       "--think-multiplier", "0.01", "--duration", "5", "--result-dir", dir},
      &output);
  INFO(output);
  REQUIRE(status == 0);
  const Json result = read_result(dir);
  CHECK(result.at("tpmTOTAL").get<double>() > 1000);
  CHECK(result.at("tpmTOTAL").get<double>() < 8000);
  // 5.2.5.7: the delays the pacing drew, measured and judged: keying at
  // 0.18 s is under the 18 s minimum.
  const Json& no = result.at("transactions").at("new_order");
  INFO(no.dump());
  CHECK(no.at("keying_time").at("count").get<int>() > 0);
  CHECK(no.at("keying_time").at("mean_s").get<double>() == Approx(0.18).margin(1e-9));
  CHECK(no.at("think_time").at("count").get<int>() > 0);
  CHECK(no.at("think_time").at("mean_s").get<double>() > 0.05);  // exponential, mean 0.12 s
  CHECK(no.at("think_time").at("mean_s").get<double>() < 0.3);
  const Json rule = find_rule(result, "5.2.5.7", "New-Order");
  CHECK(rule.at("verdict") == "fail");
  CHECK(rule.at("value").get<std::string>().rfind("keying 0.18 s", 0) == 0);
  // How late the scheduler and the 4 connections took the transactions:
  // every one sent was due, and lagged 0 or more.
  const Json& lag = result.at("schedule").at("lag_ms");
  INFO(lag.dump());
  REQUIRE(lag.is_object());
  CHECK(lag.at("p50").get<double>() >= 0);
  CHECK(lag.at("p50").get<double>() <= lag.at("p99").get<double>());
  CHECK(lag.at("p99").get<double>() <= lag.at("max").get<double>() * 1.01);
  CHECK(output.find("schedule lag (sent after due): p50 ") != std::string::npos);
}

TEST_CASE("tpcc run: an unpaced run has no schedule to lag behind", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("unpaced_lag");
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(
              {"run", "--conn", conn, "--terminals", "2", "--duration", "2", "--result-dir", dir},
              &output) == 0);
  CHECK(read_result(dir).at("schedule").at("lag_ms").is_null());
  CHECK(output.find("schedule lag") == std::string::npos);
}
