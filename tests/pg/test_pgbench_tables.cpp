// pgbench's tables on tpcc: prepare --workload pgbench makes the tables
// pgbench -i makes (columns, types, storage, keys and rows compared with
// real pgbench's, when it is installed), check judges the row counts and
// the balances and fails on a balance changed by hand, a prepare refuses
// tables it did not create, a removed range is loaded again, and cleanup
// drops only what tpcc created.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

using tpcc::test::find_pgbench;
using tpcc::test::pgbench_line;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::scalar_text;

// The pgbench tables' columns (name, type, nullability, default), storage
// options and indexes, one line each.
std::string table_definitions(const std::string& conninfo) {
  pqxx::connection conn(conninfo);
  pqxx::nontransaction tx(conn);
  std::string out;
  for (const auto& row :
       tx.exec("select table_name, column_name, data_type, "
               "coalesce(character_maximum_length, 0), is_nullable, "
               "coalesce(column_default, '') from information_schema.columns "
               "where table_name like 'pgbench\\_%' order by table_name, ordinal_position")) {
    for (const auto& field : row) out += field.c_str() + std::string(" ");
    out += "\n";
  }
  for (const auto& row : tx.exec("select relname, coalesce(array_to_string(reloptions, ','), '') "
                                 "from pg_class where relname like 'pgbench\\_%' order by 1")) {
    out += row[0].c_str() + std::string(" ") + row[1].c_str() + "\n";
  }
  for (const auto& row : tx.exec("select tablename, indexname, indexdef from pg_indexes "
                                 "where tablename like 'pgbench\\_%' order by 1, 2")) {
    for (const auto& field : row) out += field.c_str() + std::string(" ");
    out += "\n";
  }
  return out;
}

// A digest of a table's rows, in key order.
std::string rows_digest(const std::string& conninfo, const std::string& table,
                        const std::string& key) {
  return scalar_text(conninfo, "select md5(coalesce(string_agg(t::text, '|' order by " + key +
                                   "), '')) from " + table + " t");
}

}  // namespace

TEST_CASE("pgbench prepare: pgbench -i's tables and rows, check, and a balance changed by hand",
          "[pgbench_tables]") {
  const std::string ours = tpcc::test::create_database("tpcc_pgb_ours");
  std::string output;
  REQUIRE(run_tpcc(pgbench_line("prepare", ours, {"--scale", "2", "--fillfactor", "90"}),
                   &output) == 0);
  INFO(output);
  CHECK(output.find("FAIL") == std::string::npos);
  CHECK(output.find("PASS  pgbench_accounts  200000 rows (scale 2)") != std::string::npos);
  CHECK(scalar(ours, "select count(*) from pgbench_branches") == 2);
  CHECK(scalar(ours, "select count(*) from pgbench_tellers where bid = 2") == 10);
  CHECK(scalar(ours, "select count(*) from pgbench_accounts where bid = 2") == 100000);
  CHECK(scalar(ours, "select count(*) from pgbench_history") == 0);

  // Again: nothing to load.
  REQUIRE(run_tpcc(pgbench_line("prepare", ours, {"--scale", "2", "--fillfactor", "90"}),
                   &output) == 0);
  CHECK(output.find("nothing to load") != std::string::npos);
  // Another scale is refused: the tables were made with 2.
  CHECK(run_tpcc(pgbench_line("prepare", ours, {"--scale", "3", "--fillfactor", "90"}), &output) ==
        2);
  CHECK(output.find("--scale 3: pgbench_") != std::string::npos);

  // A balance changed by hand: the sums no longer agree.
  CHECK(run_tpcc(pgbench_line("check", ours), &output) == 0);
  tpcc::test::execute(ours, "update pgbench_tellers set tbalance = tbalance + 7 where tid = 3");
  CHECK(run_tpcc(pgbench_line("check", ours), &output) == 1);
  CHECK(output.find(
            "FAIL  pgbench_*  sum(abalance) = sum(bbalance) = sum(tbalance) = sum(history.delta) "
            "(found: 0, 0, 7, 0)") != std::string::npos);
  // An account's balance changed by hand: its table's sum is the odd one.
  tpcc::test::execute(ours,
                      "update pgbench_tellers set tbalance = 0 where tid = 3;"
                      "update pgbench_accounts set abalance = -5 where aid = 9");
  CHECK(run_tpcc(pgbench_line("check", ours), &output) == 1);
  CHECK(output.find("sum(history.delta) (found: -5, 0, 0, 0)") != std::string::npos);
  // A row gone: the count fails.
  tpcc::test::execute(ours,
                      "update pgbench_accounts set abalance = 0 where aid = 9;"
                      "delete from pgbench_accounts where aid = 5");
  CHECK(run_tpcc(pgbench_line("check", ours), &output) == 1);
  CHECK(output.find("FAIL  pgbench_accounts  200000 rows (scale 2) (found: 199999 rows)") !=
        std::string::npos);

  const std::string pgbench = tpcc::test::find_pgbench();
  if (pgbench.empty()) {
    WARN("pgbench is not installed: the comparison with pgbench -i is skipped");
    return;
  }
  const std::string theirs = tpcc::test::create_database("tpcc_pgb_theirs");
  const std::string fresh = tpcc::test::create_database("tpcc_pgb_fresh");
  REQUIRE(run_tpcc(pgbench_line("prepare", fresh, {"--scale", "2", "--fillfactor", "90"}),
                   &output) == 0);
  const int status =
      tpcc::test::real_pgbench_init(pgbench, "tpcc_pgb_theirs", {"-s", "2", "-F", "90"}, &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(table_definitions(fresh) == table_definitions(theirs));
  CHECK(rows_digest(fresh, "pgbench_branches", "bid") ==
        rows_digest(theirs, "pgbench_branches", "bid"));
  CHECK(rows_digest(fresh, "pgbench_tellers", "tid") ==
        rows_digest(theirs, "pgbench_tellers", "tid"));
  CHECK(rows_digest(fresh, "pgbench_accounts", "aid") ==
        rows_digest(theirs, "pgbench_accounts", "aid"));
  CHECK(scalar(theirs, "select count(*) from pgbench_history") == 0);

  // Tables pgbench made are not tpcc's: prepare refuses them, cleanup leaves them.
  CHECK(run_tpcc(pgbench_line("prepare", theirs), &output) == 2);
  CHECK(output.find("the table exists and tpcc did not create it") != std::string::npos);
  CHECK(run_tpcc(pgbench_line("cleanup", theirs), &output) == 0);
  CHECK(output.find("dropped 0 pgbench table(s)") != std::string::npos);
  CHECK(scalar(theirs, "select count(*) from pgbench_accounts") == 200000);
}

TEST_CASE(
    "pgbench prepare: a range removed with its record is loaded again; cleanup drops the "
    "kit's tables",
    "[pgbench_tables]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_pgb_resume");
  std::string output;
  REQUIRE(run_tpcc(pgbench_line("prepare", conninfo, {"--scale", "3", "--no-check"}), &output) ==
          0);
  // As a killed prepare leaves it: the accounts incomplete, the second
  // branch's range and its record gone, no key yet.
  tpcc::test::execute(conninfo,
                      "alter table pgbench_accounts drop constraint pgbench_accounts_pkey;"
                      "delete from pgbench_accounts where bid = 2;"
                      "delete from tpcc_pgbench_chunks where table_name = 'pgbench_accounts' "
                      "and first_id = 100001;"
                      "update tpcc_pgbench_tables set complete = false "
                      "where table_name = 'pgbench_accounts'");
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 2);
  CHECK(output.find("pgbench_accounts: its prepare did not finish") != std::string::npos);
  REQUIRE(run_tpcc(pgbench_line("prepare", conninfo, {"--scale", "3"}), &output) == 0);
  INFO(output);
  CHECK(output.find("resuming pgbench_accounts: 2 range(s) of ids already loaded") !=
        std::string::npos);
  CHECK(output.find("loading 100000 rows") != std::string::npos);
  CHECK(output.find("FAIL") == std::string::npos);
  CHECK(scalar(conninfo, "select count(*) from pgbench_accounts") == 300000);

  tpcc::test::execute(conninfo, "create table pgbench_extra (x int)");
  REQUIRE(run_tpcc(pgbench_line("cleanup", conninfo), &output) == 0);
  CHECK(output.find("dropped 4 pgbench table(s) tpcc prepared") != std::string::npos);
  CHECK(scalar(conninfo,
               "select count(*) from pg_class where relname like 'pgbench\\_%' "
               "or relname like 'tpcc\\_pgbench%'") == 1);
}
