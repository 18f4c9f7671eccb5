// pgbench's scripts on a primary and its standby on one clock: rw.sql on the
// primary and ro.sql on a pg_basebackup standby (the PolarDB pair, with -D
// scale and range), each side's progress lines, final block and
// result.json figures with the standby's replication lag; a write forced
// onto the standby fails there as the server refuses it; a builtin that
// writes is refused before the run; and the same run from pgbench's own
// command line.
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/standby_fixture.hpp"

namespace {

using Json = nlohmann::json;
using tpcc::test::count_matches;
using tpcc::test::pgbench_line;
using tpcc::test::run_tpcc;

constexpr const char* kDatabase = "tpcc_pgb_standby";
constexpr const char* kStandbyName = "tpcc_pgb_standby";
// SQLSTATE read_only_sql_transaction: a write on a hot standby.
constexpr const char* kReadOnlyTransaction = "25006";

const std::regex kPrimaryLine(
    R"(progress: \d+\.\d s, \d+\.\d tps, lat \d+\.\d{3} ms stddev \d+\.\d{3}, \d+ failed)");
const std::regex kStandbyLine(
    R"(standby 1: progress: \d+\.\d s, \d+\.\d tps, lat \d+\.\d{3} ms stddev \d+\.\d{3}, )"
    R"(\d+ failed, lag: .*)");

// The PolarDB scripts' run: rw.sql on the primary, `standby_script` on the
// standby, 4 s.
std::vector<std::string> polardb_run(const std::string& primary, const std::string& standby,
                                     const std::string& standby_script, const std::string& dir) {
  return pgbench_line("run", primary,
                      {"--file",
                       tpcc::test::write_script("rw.sql", tpcc::test::kReadWriteScript),
                       "--standby-conn",
                       standby,
                       "--standby-file",
                       standby_script,
                       "--standby-terminals",
                       "2",
                       "--define",
                       "scale=1",
                       "--define",
                       "range=50000",
                       "--terminals",
                       "4",
                       "--duration",
                       "4",
                       "--warmup",
                       "0",
                       "--report-interval",
                       "1",
                       "--result-dir",
                       dir});
}

}  // namespace

TEST_CASE("pgbench on a primary and its standby on one clock: rw.sql and ro.sql",
          "[pgbench_standby]") {
  tpcc::test::StandbyPair pair(kStandbyName, kDatabase);
  const std::string primary = pair.primary_database();
  const std::string standby = pair.standby_database();
  std::string output;
  REQUIRE(run_tpcc(pgbench_line("prepare", primary, {"--scale", "1"}), &output) == 0);
  pair.wait_for_replay(60);
  const std::string ro = tpcc::test::write_script("ro.sql", tpcc::test::kReadOnlyScript);

  {  // each side completes transactions, reported with the standby's lag
    const std::string dir = tpcc::test::scratch_dir("pgbench_standby_polardb");
    output.clear();
    const int status = run_tpcc(polardb_run(primary, standby, ro, dir), &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(count_matches(output, kPrimaryLine) >= 3);
    CHECK(count_matches(output, kStandbyLine) >= 3);
    CHECK(output.find("primary, 4 client(s):\ntransaction type: ") != std::string::npos);
    CHECK(output.find("), 2 client(s):\ntransaction type: " + ro + "\n") != std::string::npos);
    CHECK(output.find("replication lag over ") != std::string::npos);

    const Json result = tpcc::test::read_result(dir);
    const Json& figures = result.at("pgbench");
    CHECK(figures.at("transactions").get<long long>() > 0);
    CHECK(figures.at("failed") == 0);
    REQUIRE(result.at("standbys").size() == 1);
    const Json& side = result.at("standbys").at(0);
    CHECK(side.at("workload") == "pgbench");
    CHECK(side.at("terminals") == 2);
    const auto reads = side.at("pgbench").at("transactions").get<long long>();
    CHECK(reads > 0);
    CHECK(side.at("pgbench").at("failed") == 0);
    CHECK(side.at("pgbench").at("tps").get<double>() > 0);
    CHECK(side.at("pgbench").at("scripts").at(0).at("script") == ro);
    CHECK(side.at("pgbench").at("scripts").at(0).at("transactions") == reads);
    CHECK(side.at("replication_lag").at("application_name") == kStandbyName);
    CHECK(side.at("replication_lag").at("samples").get<int>() >= 2);
    // The primary's rw.sql wrote history rows; the standby's ro.sql none.
    CHECK(tpcc::test::scalar(primary, "select count(*) from pgbench_history") >=
          figures.at("transactions").get<long long>());
  }

  {  // a write forced onto the standby fails there, as the server refuses it
    const std::string dir = tpcc::test::scratch_dir("pgbench_standby_write");
    const std::string update = tpcc::test::write_script(
        "standby_update.sql",
        "\\set aid random(1, 100000)\n"
        "UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid;\n");
    output.clear();
    const int status = run_tpcc(polardb_run(primary, standby, update, dir), &output);
    INFO(output);
    // A read-only transaction's refusal is an error retrying cannot fix:
    // the run stops at once on it, as on any side of a run.
    CHECK(status == 3);
    CHECK(output.find("standby 1: 25006 cannot execute UPDATE in a read-only transaction") !=
          std::string::npos);
    const Json result = tpcc::test::read_result(dir);
    const Json& side = result.at("standbys").at(0);
    CHECK(side.at("pgbench").at("transactions") == 0);
    CHECK(side.at("pgbench").at("failed").get<long long>() > 0);
    CHECK(side.at("first_error").at("sqlstate") == kReadOnlyTransaction);
  }

  {  // a builtin that writes is refused for the standby, naming the flag
    output.clear();
    const int status = run_tpcc(
        pgbench_line("run", primary,
                     {"--standby-conn", standby, "--standby-builtin", "simple-update", "--duration",
                      "2", "--result-dir", tpcc::test::scratch_dir("pgbench_standby_refused")}),
        &output);
    INFO(output);
    CHECK(status == 2);
    CHECK(output.find("--standby-builtin simple-update: a standby takes no writes") !=
          std::string::npos);
  }

  {  // pgbench's own command line takes the standby options after its own
    const std::string dir = tpcc::test::scratch_dir("pgbench_standby_line");
    output.clear();
    const int status = run_tpcc({"pgbench",
                                 "-c",
                                 "2",
                                 "-T",
                                 "3",
                                 "-M",
                                 "prepared",
                                 "-P",
                                 "1",
                                 "-f",
                                 tpcc::test::write_script("rw.sql", tpcc::test::kReadWriteScript),
                                 "-D",
                                 "scale=1",
                                 "-D",
                                 "range=50000",
                                 "--conn",
                                 primary,
                                 "--standby-conn",
                                 standby,
                                 "--standby-file",
                                 ro,
                                 "--result-dir",
                                 dir},
                                &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(count_matches(output, kStandbyLine) >= 2);
    const Json result = tpcc::test::read_result(dir);
    CHECK(result.at("standbys").at(0).at("pgbench").at("transactions").get<long long>() > 0);
    CHECK(result.at("standbys").at(0).at("pgbench").at("failed") == 0);
  }
}
