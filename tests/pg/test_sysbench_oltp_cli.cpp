// sysbench's oltp_read_write command lines from the POC guide, run with
// only the program name changed (scaled down: 2 tables of 100,000 rows, 4
// threads, 20 s): prepare, then one run in which a pg_basebackup standby
// runs oltp_read_only on the primary's clock (the guide's second sysbench
// client), then check and cleanup. Each side has its own figures and the
// standby its replication lag.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/standby_fixture.hpp"

namespace {

using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_oltp_cli";
constexpr const char* kStandbyName = "tpcc_oltp_standby";

// sysbench 1.0's interval line, and the standby's beside it.
const std::regex kPrimaryLine(
    R"(\[ \d+s \] thds: 4 tps: \d+\.\d\d qps: \d+\.\d\d \(r/w/o: \d+\.\d\d/\d+\.\d\d/\d+\.\d\d\) )"
    R"(lat \(ms,95%\): \d+\.\d\d err/s: \d+\.\d\d reconn/s: \d+\.\d\d)");
const std::regex kStandbyLine(
    R"(\[ \d+s \] standby 1: thds: 2 tps: \d+\.\d\d qps: \d+\.\d\d \(r/w/o: \d+\.\d\d/0\.00/)"
    R"(\d+\.\d\d\) lat \(ms,95%\): \d+\.\d\d err/s: \d+\.\d\d reconn/s: \d+\.\d\d lag: .*)");

int count_matches(const std::string& output, const std::regex& shape) {
  std::istringstream lines(output);
  int n = 0;
  for (std::string line; std::getline(lines, line);) n += std::regex_match(line, shape) ? 1 : 0;
  return n;
}

// The guide's line for `command`, with the test server's connection.
std::vector<std::string> oltp_line(int port, const std::string& command,
                                   const std::vector<std::string>& extra = {}) {
  std::vector<std::string> argv = {"oltp_read_write",
                                   "--db-driver=pgsql",
                                   "--pgsql-host=127.0.0.1",
                                   "--pgsql-port=" + std::to_string(port),
                                   "--pgsql-user=postgres",
                                   std::string("--pgsql-db=") + kDatabase,
                                   "--tables=2",
                                   "--table-size=100000",
                                   "--threads=4"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.push_back(command);
  return argv;
}

}  // namespace

TEST_CASE(
    "sysbench oltp_read_write's lines with the program name changed: prepare, a run with "
    "the standby's oltp_read_only on one clock, check, cleanup",
    "[sysbench_oltp_cli]") {
  tpcc::test::StandbyPair pair(kStandbyName, kDatabase);
  const int port = pair.primary().port();
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(oltp_line(port, "prepare"), &output) == 0);
  const std::string primary = pair.primary_database();
  CHECK(tpcc::test::scalar(primary, "select count(*) from sbtest2") == 100000);
  pair.wait_for_replay(60);

  const std::string dir = tpcc::test::scratch_dir("oltp_cli_run");
  output.clear();
  const int status = tpcc::test::run_tpcc(
      oltp_line(port, "run",
                {"--time=20", "--report-interval=1", "--standby-conn", pair.standby_database(),
                 "--standby-terminals", "2", "--result-dir", dir}),
      &output);
  INFO(output);
  REQUIRE(status == 0);
  // One line a second for each side, in sysbench's shape.
  CHECK(count_matches(output, kPrimaryLine) >= 15);
  CHECK(count_matches(output, kStandbyLine) >= 15);
  CHECK(output.find("primary, oltp_read_write on 4 thread(s):\nSQL statistics:") !=
        std::string::npos);
  CHECK(output.find("oltp_read_only on 2 thread(s):\nSQL statistics:") != std::string::npos);

  const Json result = tpcc::test::read_result(dir);
  CHECK(result.at("workload") == "oltp_read_write");
  CHECK(result.at("exit_status") == 0);
  CHECK_FALSE(result.contains("tpmC"));
  const Json& figures = result.at("sysbench");
  const auto events = figures.at("transactions").get<std::int64_t>();
  CHECK(events > 0);
  CHECK(figures.at("tables") == 2);
  // oltp_read_write's event: 10 point selects and 4 ranges, 2 updates and a
  // delete and an insert, BEGIN and COMMIT; exact when no event restarted.
  if (figures.at("ignored_errors") == 0) {
    CHECK(figures.at("queries").at("read") == 14 * events);
    CHECK(figures.at("queries").at("write") == 4 * events);
    CHECK(figures.at("queries").at("other") == 2 * events);
  }
  REQUIRE(result.at("standbys").size() == 1);
  const Json& standby = result.at("standbys").at(0);
  CHECK(standby.at("workload") == "oltp_read_only");
  CHECK(standby.at("terminals") == 2);
  const auto standby_events = standby.at("sysbench").at("transactions").get<std::int64_t>();
  CHECK(standby_events > 0);
  CHECK(standby.at("sysbench").at("queries").at("write") == 0);
  CHECK(standby.at("sysbench").at("queries").at("read") == 14 * standby_events);
  CHECK(standby.at("replication_lag").at("application_name") == kStandbyName);
  CHECK(standby.at("replication_lag").at("samples").get<int>() >= 10);
  // intervals.csv: each side's figures per interval, the standby's last.
  int primary_rows = 0;
  int standby_rows = 0;
  int lag_rows = 0;
  for (const auto& row : tpcc::test::read_intervals(dir)) {
    if (std::stod(row.at("tps")) > 0) ++primary_rows;
    if (row.at("standby1_threads") == "2" && std::stod(row.at("standby1_tps")) > 0) {
      ++standby_rows;
    }
    if (!row.at("standby1_replay_lag_ms").empty() || !row.at("standby1_bytes_behind").empty()) {
      ++lag_rows;
    }
  }
  CHECK(primary_rows >= 15);
  CHECK(standby_rows >= 15);
  CHECK(lag_rows >= 10);

  output.clear();
  CHECK(tpcc::test::run_tpcc(oltp_line(port, "check"), &output) == 0);
  output.clear();
  CHECK(tpcc::test::run_tpcc(oltp_line(port, "cleanup"), &output) == 0);
  CHECK(tpcc::test::scalar(primary, "select count(*) from pg_class where relname like 'sbtest%'") ==
        0);
}
