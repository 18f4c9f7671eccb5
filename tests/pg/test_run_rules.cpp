// The run-rules verdicts of real runs against the throwaway PostgreSQL: the
// server's checkpoints judged by 5.5.2.2 (a forced one inside the measured
// interval, and none), and the exit status of --spec. The checkpoint cases
// read the server's cluster-wide counters, so this file runs alone
// (tests/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
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

constexpr const char* kDatabase = "tpcc_run_rules";
constexpr int kWarehouses = 2;

}  // namespace

TEST_CASE("5.5.2.2 a CHECKPOINT during the measured interval is counted and passes the rule",
          "[run_rules]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("checkpoint");
  std::string output;
  std::future<int> run = std::async(std::launch::async, [&] {
    return tpcc::test::run_tpcc(
        {"run", "--conn", conn, "--terminals", "4", "--warmup", "1", "--duration", "8",
         "--report-interval", "1", "--rules", "full", "--result-dir", dir},
        &output);
  });
  // Inside the measured interval whatever the machine's load: once
  // intervals.csv has its first measured row (",0," after the elapsed
  // seconds), about 7 s of it remain.
  const auto measuring = [&dir] {
    std::ifstream csv(std::filesystem::path(dir) / "intervals.csv");
    std::string line;
    while (std::getline(csv, line)) {
      const auto comma = line.find(',');
      if (comma != std::string::npos && line.compare(comma, 3, ",0,") == 0) return true;
    }
    return false;
  };
  for (int waited = 0; !measuring() && waited < 600; ++waited) {
    REQUIRE(run.wait_for(std::chrono::milliseconds(100)) == std::future_status::timeout);
  }
  tpcc::test::execute_outside_transaction(tpcc::test::server_conninfo(), "checkpoint");
  const int status = run.get();
  INFO(output);
  REQUIRE(status == 0);
  const Json result = read_result(dir);
  const Json& checkpoints = result.at("run_rules").at("checkpoints");
  INFO(checkpoints.dump());
  CHECK(checkpoints.at("in_interval").get<int>() >= 1);
  CHECK(checkpoints.at("at_end").at("requested").get<int>() >
        checkpoints.at("at_start").at("requested").get<int>());
  // The throwaway server's checkpoint_timeout (pgserver/local_server.cpp).
  CHECK(checkpoints.at("at_end").at("checkpoint_timeout_s") == 1800.0);
  const Json rule = find_rule(result, "5.5.2.2", "checkpoints");
  CHECK(rule.at("verdict") == "pass");
  // --rules full: the whole table, though the run is not a run of record.
  CHECK(output.find("5.5.2.2  checkpoints in the") != std::string::npos);
}

TEST_CASE("5.5.2.2 without a checkpoint in a short measured interval the rule fails",
          "[run_rules]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  // A checkpoint now, so that none is due during the next few seconds
  // (checkpoint_timeout 30 min, and this load is far from max_wal_size).
  tpcc::test::execute_outside_transaction(tpcc::test::server_conninfo(), "checkpoint");
  const std::string dir = scratch_dir("no_checkpoint");
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"run", "--conn", conn, "--terminals", "2", "--duration", "3", "--result-dir", dir}, &output);
  INFO(output);
  // Without --spec the verdict informs only.
  REQUIRE(status == 0);
  const Json result = read_result(dir);
  CHECK(result.at("run_rules").at("checkpoints").at("in_interval") == 0);
  CHECK(find_rule(result, "5.5.2.2", "checkpoints").at("verdict") == "fail");
  CHECK(result.at("run_rules").at("all_pass") == false);
  CHECK(result.at("exit_status") == 0);
  // Not a run of record: the summary's short block, not the table, which
  // result.json keeps whole.
  const std::size_t rules = result.at("run_rules").at("rules").size();
  CHECK(output.find("Run rules: " + std::to_string(rules - 3) + " of " + std::to_string(rules) +
                    " not judged: not a run of record (no --spec, no keying and think times);\n"
                    "  --rules full prints them all\n") != std::string::npos);
  CHECK(output.find("  5.5      PASS  server reachable throughout the measurement: 0.0 s") !=
        std::string::npos);
  CHECK(output.find("  2.4.2.3  PASS  transactions failed other than New-Order rollbacks: 0 "
                    "error(s)") != std::string::npos);
  CHECK(output.find("5.5.2.2  checkpoints in the") == std::string::npos);
  CHECK(output.find("rule(s) fail") == std::string::npos);
}

TEST_CASE("tpcc run --spec: a run that breaks a rule exits 1 and names the rules", "[run_rules]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("spec");
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"run", "--conn", conn, "--spec", "--warmup", "1", "--duration", "10", "--result-dir", dir},
      &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("run failed (--spec): ") != std::string::npos);
  CHECK(output.find("5.5 measurement interval") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("exit_status") == 1);
  CHECK(result.at("run_rules").at("all_pass") == false);
  CHECK(find_rule(result, "5.5", "measurement interval").at("verdict") == "fail");
}

TEST_CASE("2.7.2 tpcc run --spec --delivery sync fails the deferred Delivery rule", "[run_rules]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("spec_sync");
  std::string output;
  const int status = tpcc::test::run_tpcc({"run", "--conn", conn, "--spec", "--delivery", "sync",
                                           "--warmup", "1", "--duration", "3", "--result-dir", dir},
                                          &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("2.7.2 Delivery deferred") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(find_rule(result, "2.7.2", "Delivery deferred").at("verdict") == "fail");
  // The 23-card deck of 5.2.4.2 that --spec deals.
  CHECK(result.at("mix").at("payment").get<double>() == Approx(1000.0 / 23));
}
