// pgbench's scripts on tpcc's engine: the three builtins, custom scripts
// (the PolarDB ro.sql / rw.sql pair, unchanged, with -D scale and range)
// weighted in one run, pgbench's progress lines and final block, result.json's
// figures, check after a tpcb-like run (and its failure once a balance is
// changed by hand), and a script error's exit 2 naming file:line:column.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::count_matches;
using tpcc::test::kReadOnlyScript;
using tpcc::test::kReadWriteScript;
using tpcc::test::pgbench_line;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::write_script;

const std::regex kProgressLine(
    R"(progress: \d+\.\d s, \d+\.\d tps, lat \d+\.\d{3} ms stddev \d+\.\d{3}, \d+ failed)");

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("pgbench run: the PolarDB scripts unchanged, weighted, with -D scale and range",
          "[pgbench_run]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_polardb");
  const std::string ro = write_script("ro.sql", kReadOnlyScript);
  const std::string rw = write_script("rw.sql", kReadWriteScript);
  const std::string dir = tpcc::test::scratch_dir("pgbench_run_polardb");
  std::string output;
  const int status =
      run_tpcc(pgbench_line("run", conninfo,
                            {"--file", ro + "@3", "--file", rw, "--define", "scale=1", "--define",
                             "range=50000", "--terminals", "4", "--duration", "4", "--warmup", "0",
                             "--report-interval", "1", "--result-dir", dir}),
               &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(count_matches(output, kProgressLine) >= 3);
  CHECK(output.find("transaction type: multiple scripts\n") != std::string::npos);
  CHECK(output.find("number of clients: 4\n") != std::string::npos);
  CHECK(output.find("query mode: prepared\n") != std::string::npos);
  CHECK(output.find("SQL script 1: " + ro + "\n - weight: 3 (targets 75.0% of total)") !=
        std::string::npos);
  CHECK(output.find("SQL script 2: " + rw + "\n - weight: 1 (targets 25.0% of total)") !=
        std::string::npos);

  const Json result = Json::parse(slurp(fs::path(dir) / "result.json"));
  CHECK(result.at("workload") == "pgbench");
  const Json& figures = result.at("pgbench");
  const auto processed = figures.at("transactions").get<long long>();
  CHECK(processed > 0);
  CHECK(figures.at("failed") == 0);
  CHECK(figures.at("tps").get<double>() > 0);
  CHECK(figures.at("latency_ms").at("average").get<double>() > 0);
  CHECK(figures.at("latency_ms").at("stddev").get<double>() >= 0);
  REQUIRE(figures.at("scripts").size() == 2);
  const auto ro_done = figures.at("scripts").at(0).at("transactions").get<long long>();
  const auto rw_done = figures.at("scripts").at(1).at("transactions").get<long long>();
  CHECK(ro_done + rw_done == processed);
  CHECK(ro_done > rw_done);  // weight 3 against 1
  // Each rw transaction added a history row, ro none; a transaction in
  // flight at the end (one per terminal at most) commits after the
  // measured interval.
  const long long history = scalar(conninfo, "select count(*) from pgbench_history");
  CHECK(history >= rw_done);
  CHECK(history <= rw_done + 4);
  // rw.sql moves the four balances together: check still holds.
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 0);
}

TEST_CASE("pgbench run: the three builtins; check after tpcb-like, and a balance changed by hand",
          "[pgbench_run]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_builtins");
  for (const std::string mode : {"prepared", "extended", "simple"}) {
    std::string output;
    const int status =
        run_tpcc(pgbench_line("run", conninfo,
                              {"--builtin", "tpcb-like", "--terminals", "2", "--txns-per-terminal",
                               "50", "--query-mode", mode, "--progress", "0", "--result-dir",
                               tpcc::test::scratch_dir("pgbench_tpcb_" + mode)}),
                 &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(output.find("transaction type: <builtin: TPC-B (sort of)>\n") != std::string::npos);
    CHECK(output.find("query mode: " + mode + "\n") != std::string::npos);
    CHECK(output.find("number of transactions per client: 50\n") != std::string::npos);
    CHECK(output.find("number of transactions actually processed: 100/100\n") != std::string::npos);
  }
  std::string output;
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 0);
  INFO(output);
  // One history row per tpcb-like transaction of the last run: each run
  // empties the history first, as pgbench does without -n, and check's
  // balances count what was carried out of it.
  CHECK(scalar(conninfo, "select count(*) from pgbench_history") == 100);
  CHECK(output.find("(with ") != std::string::npos);

  for (const std::string builtin : {"select-only", "simple-update"}) {
    const int status =
        run_tpcc(pgbench_line("run", conninfo,
                              {"--builtin", builtin, "--terminals", "2", "--txns-per-terminal",
                               "20", "--progress", "0", "--result-dir",
                               tpcc::test::scratch_dir("pgbench_" + builtin)}),
                 &output);
    INFO(output);
    CHECK(status == 0);
    CHECK(output.find("number of transactions actually processed: 40/40\n") != std::string::npos);
  }
  // simple-update moves accounts and history only: the branches' and
  // tellers' sums no longer follow, as under pgbench.
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 1);
  // Put them back in line, then break one by hand.
  tpcc::test::execute(conninfo,
                      "update pgbench_branches set bbalance = (select sum(abalance) from "
                      "pgbench_accounts); update pgbench_tellers set tbalance = 0;"
                      "update pgbench_tellers set tbalance = (select sum(abalance) from "
                      "pgbench_accounts) where tid = 1");
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 0);
  tpcc::test::execute(conninfo,
                      "update pgbench_accounts set abalance = abalance + 1 where aid = 9");
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 1);
  CHECK(output.find("FAIL  pgbench_*  sum(abalance) = sum(bbalance)") != std::string::npos);
  tpcc::test::execute(conninfo,
                      "update pgbench_accounts set abalance = abalance - 1 where aid = 9");
}

TEST_CASE("pgbench run: a script error exits 2 naming file:line:column; bad flags name the flag",
          "[pgbench_run]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_errors");
  const std::string bad =
      write_script("bad.sql", "\\set aid random(1, 10)\n\\set bid random(1, \n");
  std::string output;
  CHECK(run_tpcc(pgbench_line("run", conninfo, {"--file", bad, "--duration", "1"}), &output) == 2);
  CHECK(output.find(bad + ":2:") != std::string::npos);
  CHECK(run_tpcc(pgbench_line("run", conninfo, {"--builtin", "nosuch", "--duration", "1"}),
                 &output) == 2);
  CHECK(output.find("--builtin nosuch") != std::string::npos);
  CHECK(run_tpcc(pgbench_line("run", conninfo, {"--define", "1x=3", "--duration", "1"}), &output) ==
        2);
  CHECK(output.find("--define 1x=3: invalid variable name") != std::string::npos);
  CHECK(run_tpcc(pgbench_line("run", conninfo, {"--file", bad + "@x", "--duration", "1"}),
                 &output) == 2);
  CHECK(output.find("invalid weight specification: @x") != std::string::npos);
  // Another workload does not take pgbench's options.
  CHECK(run_tpcc({"run", "--conn", conninfo, "--builtin", "tpcb-like"}, &output) == 2);
  CHECK(output.find("--builtin") != std::string::npos);
}

TEST_CASE("pgbench run: pgbench's own command line after tpcc pgbench, -i and a run",
          "[pgbench_run]") {
  tpcc::test::create_database("tpcc_pgb_line");
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  const std::vector<std::string> where = {
      "-h", server.socket_dir(), "-p", std::to_string(server.port()), "-U", "postgres"};
  std::vector<std::string> init = {"pgbench", "-i", "-s", "2", "-q"};
  init.insert(init.end(), where.begin(), where.end());
  init.push_back("tpcc_pgb_line");
  std::string output;
  REQUIRE(run_tpcc(init, &output) == 0);
  INFO(output);
  CHECK(output.find("PASS  pgbench_accounts  200000 rows (scale 2)") != std::string::npos);

  std::vector<std::string> run = {"pgbench", "-c", "3", "-j", "2", "-t", "30", "-S", "-n"};
  run.insert(run.end(), where.begin(), where.end());
  run.insert(run.end(), {"--result-dir", tpcc::test::scratch_dir("pgbench_line"), "tpcc_pgb_line"});
  REQUIRE(run_tpcc(run, &output) == 0);
  CHECK(output.find("transaction type: <builtin: select only>\nscaling factor: 2\nquery mode: "
                    "simple\nnumber of clients: 3\nnumber of threads: 2\n") != std::string::npos);
  CHECK(output.find("number of transactions actually processed: 90/90\n") != std::string::npos);
  CHECK(count_matches(output, kProgressLine) == 0);  // no -P: no progress lines

  std::vector<std::string> unknown = {"pgbench", "-Z"};
  unknown.insert(unknown.end(), where.begin(), where.end());
  CHECK(run_tpcc(unknown, &output) == 2);
  CHECK(output.find("-Z: not a pgbench option tpcc takes") != std::string::npos);
}
