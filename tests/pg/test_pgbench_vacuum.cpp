// pgbench's steps before a run: pgbench_branches and pgbench_tellers
// vacuumed and pgbench_history emptied unless -n, pgbench_accounts too with
// -v; the history's sum carried into the kit's record so that check's
// balances hold; a database without pgbench's tables runs a script of its
// own with the steps' errors printed and ignored, as pgbench does.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

using tpcc::test::run_tpcc;
using tpcc::test::scalar;

constexpr const char* kStartingVacuum = "starting vacuum...end.\n";
constexpr const char* kVacuumAccounts = "starting vacuum pgbench_accounts...end.\n";

// `tpcc pgbench` with one client running exactly `transactions` of
// tpcb-like, and MORE before the connection string; its status.
int run_tpcb(const std::string& conninfo, int transactions, const std::vector<std::string>& more,
             std::string* output) {
  output->clear();
  std::vector<std::string> args = {"pgbench", "-c", "1", "-t", std::to_string(transactions)};
  args.insert(args.end(), more.begin(), more.end());
  args.push_back(conninfo);
  return run_tpcc(args, output);
}

long long history_rows(const std::string& conninfo) {
  return scalar(conninfo, "select count(*) from pgbench_history");
}

}  // namespace

TEST_CASE("pgbench vacuum: history emptied before each run unless -n, the balances still hold",
          "[pgbench_vacuum]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_vacuum");
  std::string output;
  REQUIRE(run_tpcb(conninfo, 7, {}, &output) == 0);
  CHECK(output.find(kStartingVacuum) != std::string::npos);
  CHECK(output.find(kVacuumAccounts) == std::string::npos);
  CHECK(history_rows(conninfo) == 7);

  // -n keeps the first run's rows.
  REQUIRE(run_tpcb(conninfo, 5, {"-n"}, &output) == 0);
  CHECK(output.find("starting vacuum") == std::string::npos);
  CHECK(history_rows(conninfo) == 12);

  // Emptied again, and -v vacuums the accounts too.
  REQUIRE(run_tpcb(conninfo, 4, {"-v"}, &output) == 0);
  INFO(output);
  CHECK(output.find(kStartingVacuum) != std::string::npos);
  CHECK(output.find(kVacuumAccounts) != std::string::npos);
  CHECK(history_rows(conninfo) == 4);

  // The 12 rows emptied still count in the money check.
  output.clear();
  CHECK(run_tpcc(tpcc::test::pgbench_line("check", conninfo), &output) == 0);
  CHECK(output.find("carried when a run emptied it") != std::string::npos);
  CHECK(output.find("FAIL") == std::string::npos);
}

TEST_CASE("pgbench vacuum: a script on the user's own tables runs, the steps' errors ignored",
          "[pgbench_vacuum]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_pgb_vacuum_own");
  tpcc::test::execute(conninfo, "create table notes (id serial primary key, body text)");
  const std::string script =
      tpcc::test::write_script("own_insert.sql", "insert into notes (body) values ('x');\n");
  std::string output;
  REQUIRE(run_tpcc({"pgbench", "-c", "1", "-t", "3", "-f", script, conninfo}, &output) == 0);
  INFO(output);
  CHECK(output.find("starting vacuum...pgbench: error: ") != std::string::npos);
  CHECK(output.find("relation \"pgbench_branches\" does not exist") != std::string::npos);
  CHECK(output.find("(ignoring this error and continuing anyway)") != std::string::npos);
  CHECK(output.find("\nend.\n") != std::string::npos);
  CHECK(scalar(conninfo, "select count(*) from notes") == 3);
}
