// pgbench's -r on tpcc's engine (--report-per-command): each command of
// rw.sql with its average latency and failures after the final block, in
// pgbench 15's layout, and per command in result.json; a statement that
// fails is counted at that statement; and -r from pgbench's own line.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using Json = nlohmann::json;
using tpcc::test::count_matches;
using tpcc::test::pgbench_line;
using tpcc::test::run_tpcc;

// "         0.123           0  UPDATE pgbench_accounts ...": a statement's line.
const std::regex kStatementLine(R"( +(\d+\.\d{3}) +(\d+)  (.*))");

struct StatementLine {
  double average_ms = 0;
  std::string failures;
  std::string command;
};

// The statement lines of the output, in order.
std::vector<StatementLine> statement_lines(const std::string& output) {
  std::vector<StatementLine> found;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, kStatementLine)) {
      found.push_back({std::stod(m[1]), m[2], m[3]});
    }
  }
  return found;
}

}  // namespace

TEST_CASE("pgbench -r: each command's average latency and failures", "[pgbench_per_command]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_per_command");
  const std::string rw = tpcc::test::write_script("rw.sql", tpcc::test::kReadWriteScript);
  const std::string dir = tpcc::test::scratch_dir("pgbench_per_command");
  std::string output;
  const int status =
      run_tpcc(pgbench_line("run", conninfo,
                            {"--file", rw, "--define", "scale=1", "--define", "range=50000",
                             "--terminals", "2", "--duration", "2", "--warmup", "0", "--progress",
                             "0", "--report-per-command", "--result-dir", dir}),
               &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("(without initial connection time)\nstatement latencies in milliseconds "
                    "and failures:\n") != std::string::npos);
  const std::vector<StatementLine> lines = statement_lines(output);
  REQUIRE(lines.size() == 11);  // rw.sql's 4 \set and 7 SQL commands
  CHECK(lines[0].command == "\\set aid random_gaussian(1, :range, 10.0)");
  CHECK(lines[5].command ==
        "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;");
  for (std::size_t i = 4; i < lines.size(); ++i) {  // the SQL lines took time
    CHECK(lines[i].average_ms > 0);
    CHECK(lines[i].failures == "0");
  }

  const Json result = tpcc::test::read_result(dir);
  const Json& commands = result.at("pgbench").at("scripts").at(0).at("commands");
  REQUIRE(commands.size() == 11);
  const auto transactions = result.at("pgbench").at("transactions").get<long long>();
  CHECK(commands.at(4).at("command") == "BEGIN;");
  for (std::size_t i = 4; i < commands.size(); ++i) {
    CHECK(commands.at(i).at("average_ms").get<double>() > 0);
    // Every transaction ran every statement (those in flight at the end too).
    CHECK(commands.at(i).at("runs").get<long long>() >= transactions);
  }
}

TEST_CASE("pgbench -r: a failing statement's failures, and -r on pgbench's own line",
          "[pgbench_per_command]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_per_command_fail");
  const std::string failing = tpcc::test::write_script("failing.sql",
                                                       "\\set n random(0, 1)\n"
                                                       "SELECT 1;\n"
                                                       "SELECT 1 / :n;\n");
  const std::string dir = tpcc::test::scratch_dir("pgbench_per_command_fail");
  std::string output;
  run_tpcc({"pgbench", "-r", "-c", "2", "-t", "100", "-M", "prepared", "-f", failing, "--conn",
            conninfo, "--result-dir", dir},
           &output);
  INFO(output);
  const std::vector<StatementLine> lines = statement_lines(output);
  REQUIRE(lines.size() == 3);
  CHECK(lines[1].failures == "0");  // SELECT 1 never fails
  const Json result = tpcc::test::read_result(dir);
  const auto failed = result.at("pgbench").at("failed").get<long long>();
  CHECK(failed > 0);  // n = 0 about half the time: division by zero
  CHECK(lines[2].failures == std::to_string(failed));
  const Json& commands = result.at("pgbench").at("scripts").at(0).at("commands");
  CHECK(commands.at(2).at("failures") == failed);
  CHECK(commands.at(1).at("failures") == 0);
}

TEST_CASE("pgbench -r: a script in another encoding than UTF-8 still leaves its results",
          "[pgbench_per_command][utf8]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_per_command_latin1");
  // A Latin-1 script: the UTF-8 server refuses its statement (a failure,
  // counted), and the files keep the text with U+FFFD. (A file name that is
  // not UTF-8 is refused as --file's value.)
  const std::string latin1 =
      tpcc::test::write_script("latin1.sql", "SELECT 1;\nSELECT 'caf\xe9' AS x;\n");
  const std::string dir = tpcc::test::scratch_dir("pgbench_per_command_latin1");
  std::string output;
  run_tpcc({"pgbench", "-r", "-c", "1", "-t", "5", "-f", latin1, "--conn", conninfo, "--result-dir",
            dir},
           &output);
  INFO(output);
  CHECK(output.find("json.exception") == std::string::npos);
  const Json result = tpcc::test::read_result(dir);
  const Json& script = result.at("pgbench").at("scripts").at(0);
  CHECK(script.at("commands").at(1).at("command").get<std::string>().find("caf\xEF\xBF\xBD") !=
        std::string::npos);
  CHECK(result.at("pgbench").at("failed").get<long long>() > 0);
}
