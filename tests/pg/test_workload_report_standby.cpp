// report.html of an oltp run with a hot standby: the standbys' table with
// the standby's figures as result.json holds them, and the standby's own
// section (its replication lag), on a real primary + standby pair.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "report/views/format.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/standby_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;
using Json = nlohmann::json;
using tpcc::fixed;

constexpr const char* kDatabase = "tpcc_workload_report_standby";

const Args kOltp = {"--workload", "oltp_read_write", "--tables", "1", "--table-size", "1000"};

std::string page_of(const std::string& dir) {
  std::ifstream in(fs::path(dir) / "report.html", std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("workload report: an oltp run's page has each standby's side",
          "[workload_report_standby]") {
  tpcc::test::StandbyPair pair("tpcc_workload_report_standby", kDatabase);
  const std::string primary = pair.primary_database();
  Args prepare = {"prepare", "--conn", primary};
  prepare.insert(prepare.end(), kOltp.begin(), kOltp.end());
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(prepare, &output) == 0);
  pair.wait_for_replay(60);

  const std::string dir = tpcc::test::scratch_dir("workload_report_standby");
  Args run = {"run",
              "--conn",
              primary,
              "--terminals",
              "2",
              "--duration",
              "4",
              "--report-interval",
              "1",
              "--standby-conn",
              pair.standby_database(),
              "--standby-terminals",
              "2",
              "--result-dir",
              dir};
  run.insert(run.end(), kOltp.begin(), kOltp.end());
  output.clear();
  REQUIRE(tpcc::test::run_tpcc(run, &output) == 0);
  INFO(output);

  const Json standby = tpcc::test::read_result(dir).at("standbys").at(0);
  const Json& figures = standby.at("sysbench");
  const std::string page = page_of(dir);
  CHECK(page.find("<h2>Standbys (read-only side)</h2>") != std::string::npos);
  // The standby's row: number, target, test, terminals, tps, qps.
  const std::string row = "<tr><td>1</td><td>" + standby.at("target").get<std::string>() +
                          "</td><td>oltp_read_only</td><td>2</td><td>" +
                          fixed(figures.at("tps").get<double>(), 2) + "</td><td>" +
                          fixed(figures.at("qps").get<double>(), 2) + "</td>";
  CHECK(page.find(row) != std::string::npos);
  CHECK(page.find("<h2>Standby 1 (") != std::string::npos);
  CHECK(page.find("Replication lag, p50 / p99 / max of " +
                  std::to_string(standby.at("replication_lag").at("samples").get<int>()) +
                  " samples") != std::string::npos);
  CHECK(page.find("tpmC") == std::string::npos);
}
