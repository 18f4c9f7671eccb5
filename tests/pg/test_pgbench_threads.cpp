// pgbench's threads (--jobs): the terminals dealt to N threads, each
// running its terminals in fibers over one wait for all their sockets.
// Every transaction runs and check passes with 8 terminals on 2 threads and
// on 1 (pgbench's default), and a --duration stop writes result.json.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using Json = nlohmann::json;
using tpcc::test::pgbench_line;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;

}  // namespace

TEST_CASE("pgbench threads: 8 terminals on 2 threads and on 1 run every transaction, check passes",
          "[pgbench_threads]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_threads");
  for (const std::string jobs : {"2", "1"}) {
    for (const std::string mode : {"prepared", "simple"}) {
      INFO("--jobs " << jobs << " --query-mode " << mode);
      std::string output;
      const int status = run_tpcc(
          pgbench_line("run", conninfo,
                       {"--builtin", "tpcb-like", "--terminals", "8", "--jobs", jobs,
                        "--txns-per-terminal", "25", "--query-mode", mode, "--progress", "0",
                        "--result-dir", tpcc::test::scratch_dir("pgbench_threads_" + jobs + mode)}),
          &output);
      INFO(output);
      REQUIRE(status == 0);
      CHECK(output.find("number of threads: " + jobs + "\n") != std::string::npos);
      CHECK(output.find("number of transactions actually processed: 200/200\n") !=
            std::string::npos);
      // Each run empties the history first: one row per transaction of it.
      CHECK(scalar(conninfo, "select count(*) from pgbench_history") == 200);
      CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 0);
    }
  }
}

TEST_CASE("pgbench threads: a --duration run on 2 threads stops and writes result.json",
          "[pgbench_threads]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_threads_end");
  const std::string dir = tpcc::test::scratch_dir("pgbench_threads_end");
  std::string output;
  const int status = run_tpcc(
      pgbench_line("run", conninfo,
                   {"--builtin", "select-only", "--terminals", "8", "--jobs", "2", "--duration",
                    "2", "--warmup", "0", "--progress", "0", "--result-dir", dir}),
      &output);
  INFO(output);
  REQUIRE(status == 0);
  const Json result = tpcc::test::read_result(dir);
  CHECK(result.at("exit_status").get<int>() == 0);
  CHECK_FALSE(result.at("interrupted").get<bool>());
  CHECK(result.at("pgbench").at("transactions").get<long long>() > 0);
  CHECK(result.at("pgbench").at("failed") == 0);
}
