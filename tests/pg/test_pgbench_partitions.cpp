// pgbench_accounts partitioned (--partitions, --partition-method): prepare
// makes the partitions real pgbench -i --partitions makes (method, names,
// bounds, storage, keys and the rows each holds, compared with pgbench's
// when it is installed), refuses a load of other partitioning, a tpcb-like
// run on them leaves check passing, check fails on a partition detached or
// a row deleted by hand, and cleanup drops the partitions with the parent.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

using tpcc::test::pgbench_line;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;

// What \d+ pgbench_accounts shows of the partitioning: the strategy, each
// partition's name, bound, storage options and rows, and the indexes.
std::string partition_facts(const std::string& conninfo) {
  pqxx::connection conn(conninfo);
  pqxx::nontransaction tx(conn);
  std::string out = "strategy ";
  for (const auto& row : tx.exec("select partstrat, partnatts from pg_partitioned_table "
                                 "where partrelid = 'pgbench_accounts'::regclass")) {
    out += row[0].c_str() + std::string(" ") + row[1].c_str() + "\n";
  }
  for (const auto& row :
       tx.exec("select c.relname, pg_get_expr(c.relpartbound, c.oid), "
               "coalesce(array_to_string(c.reloptions, ','), '') from pg_inherits i "
               "join pg_class c on c.oid = i.inhrelid "
               "where i.inhparent = 'pgbench_accounts'::regclass order by c.relname")) {
    const std::string name = row[0].c_str();
    out += name + " " + row[1].c_str() + " " + row[2].c_str() + " rows " +
           tx.exec("select count(*) from " + tx.quote_name(name))[0][0].c_str() + "\n";
  }
  for (const auto& row : tx.exec("select tablename, indexname, indexdef from pg_indexes "
                                 "where tablename like 'pgbench\\_accounts%' order by 1, 2")) {
    for (const auto& field : row) out += field.c_str() + std::string(" ");
    out += "\n";
  }
  return out;
}

// Prepares scale 1 with 3 partitions of METHOD into its own database, and
// compares them with real pgbench's; the database's conninfo.
std::string compare_with_pgbench(const std::string& method) {
  const std::string ours = tpcc::test::create_database("tpcc_pgb_part_" + method);
  std::string output;
  REQUIRE(run_tpcc(pgbench_line("prepare", ours,
                                {"--scale", "1", "--fillfactor", "95", "--partitions", "3",
                                 "--partition-method", method}),
                   &output) == 0);
  INFO(output);
  CHECK(output.find("FAIL") == std::string::npos);
  CHECK(output.find("PASS  pgbench_accounts  partitioned by " + method +
                    " into 3 partitions as pgbench's") != std::string::npos);
  CHECK(scalar(ours,
               "select count(*) from pg_inherits "
               "where inhparent = 'pgbench_accounts'::regclass") == 3);

  const std::string pgbench = tpcc::test::find_pgbench();
  if (pgbench.empty()) {
    WARN("pgbench is not installed: the comparison with pgbench -i --partitions is skipped");
    return ours;
  }
  const std::string database = "tpcc_pgb_part_theirs_" + method;
  const std::string theirs = tpcc::test::create_database(database);
  std::string their_output;
  REQUIRE(tpcc::test::real_pgbench_init(
              pgbench, database,
              {"-s", "1", "-F", "95", "--partitions", "3", "--partition-method", method},
              &their_output) == 0);
  INFO(their_output);
  const std::string facts = partition_facts(ours);
  CHECK(facts.find("pgbench_accounts_3") != std::string::npos);
  CHECK(facts == partition_facts(theirs));
  return ours;
}

// Two clients, 100 tpcb-like transactions each, on the partitioned tables;
// the run's output.
std::string run_tpcb_like(const std::string& conninfo, const std::string& method) {
  std::string output;
  const int status =
      run_tpcc(pgbench_line("run", conninfo,
                            {"--builtin", "tpcb-like", "--terminals", "2", "--txns-per-terminal",
                             "100", "--progress", "0", "--result-dir",
                             tpcc::test::scratch_dir("pgbench_partitions_" + method)}),
               &output);
  INFO(output);
  REQUIRE(status == 0);
  return output;
}

}  // namespace

TEST_CASE("pgbench partitions by range: pgbench's, a run, check, refusals, cleanup",
          "[pgbench_partitions]") {
  const std::string conninfo = compare_with_pgbench("range");
  std::string output;
  // Another partitioning of the recorded tables is refused, naming the flag.
  CHECK(run_tpcc(pgbench_line("prepare", conninfo, {"--fillfactor", "95", "--partitions", "2"}),
                 &output) == 2);
  CHECK(output.find("--partitions 2: pgbench_") != std::string::npos);
  CHECK(run_tpcc(
            pgbench_line("prepare", conninfo,
                         {"--fillfactor", "95", "--partitions", "3", "--partition-method", "hash"}),
            &output) == 2);
  CHECK(output.find("--partition-method hash: pgbench_") != std::string::npos);
  CHECK(run_tpcc(pgbench_line("prepare", conninfo, {"--fillfactor", "95"}), &output) == 2);
  CHECK(output.find("--partitions 0: pgbench_") != std::string::npos);

  // pgbench's final block names the partitioning it finds.
  CHECK(run_tpcb_like(conninfo, "range")
            .find("scaling factor: 1\npartition method: range\npartitions: 3\n") !=
        std::string::npos);
  CHECK(scalar(conninfo, "select count(*) from pgbench_history") == 200);
  REQUIRE(run_tpcc(pgbench_line("check", conninfo), &output) == 0);
  CHECK(output.find("PASS  pgbench_accounts_3  33332 rows") != std::string::npos);

  // A row deleted from one partition: its count fails.
  tpcc::test::execute(conninfo, "delete from pgbench_accounts_2 where aid = 40000");
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 1);
  CHECK(output.find("FAIL  pgbench_accounts_2  33334 rows (found: 33333 rows)") !=
        std::string::npos);
  // A partition detached: not pgbench's partitioning.
  tpcc::test::execute(conninfo, "alter table pgbench_accounts detach partition pgbench_accounts_3");
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 1);
  CHECK(output.find("FAIL  pgbench_accounts  partitioned by range into 3 partitions as "
                    "pgbench's (found: pgbench_accounts_3 missing)") != std::string::npos);
  tpcc::test::execute(conninfo,
                      "alter table pgbench_accounts attach partition pgbench_accounts_3 "
                      "for values from (66669) to (maxvalue)");

  REQUIRE(run_tpcc(pgbench_line("cleanup", conninfo), &output) == 0);
  CHECK(output.find("dropped 4 pgbench table(s) tpcc prepared") != std::string::npos);
  CHECK(scalar(conninfo,
               "select count(*) from pg_class where relname like 'pgbench\\_%' "
               "or relname like 'tpcc\\_pgbench%'") == 0);
}

TEST_CASE("pgbench partitions by hash: pgbench's, a run, check, a partition's bound changed",
          "[pgbench_partitions]") {
  const std::string conninfo = compare_with_pgbench("hash");
  std::string output;
  CHECK(run_tpcb_like(conninfo, "hash").find("partition method: hash\npartitions: 3\n") !=
        std::string::npos);
  REQUIRE(run_tpcc(pgbench_line("check", conninfo), &output) == 0);
  CHECK(output.find("FAIL") == std::string::npos);

  // A partition's rows moved to a partition of another name: the names and
  // bounds are no longer pgbench's.
  tpcc::test::execute(conninfo,
                      "alter table pgbench_accounts detach partition pgbench_accounts_2;"
                      "alter table pgbench_accounts_2 rename to pgbench_accounts_x;"
                      "alter table pgbench_accounts attach partition pgbench_accounts_x "
                      "for values with (modulus 3, remainder 1)");
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 1);
  CHECK(output.find("pgbench_accounts_2 missing; pgbench_accounts_x FOR VALUES WITH (modulus 3, "
                    "remainder 1) (not pgbench's)") != std::string::npos);
  // A partition not named as the kit names its own is not the kit's:
  // cleanup names it and drops nothing; --cascade drops it too.
  CHECK(run_tpcc(pgbench_line("cleanup", conninfo), &output) == 1);
  CHECK(output.find("  table public.pgbench_accounts_x (depends on table "
                    "public.pgbench_accounts)") != std::string::npos);
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname = 'pgbench_accounts_x'") ==
        1);
  REQUIRE(run_tpcc(pgbench_line("cleanup", conninfo, {"--cascade"}), &output) == 0);
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname like 'pgbench\\_%'") == 0);
}

TEST_CASE("pgbench partitions: refusals as pgbench's", "[pgbench_partitions]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_pgb_part_refusals");
  std::string output;
  CHECK(run_tpcc(pgbench_line("prepare", conninfo, {"--partition-method", "hash"}), &output) == 2);
  CHECK(output.find("--partition-method") != std::string::npos);
  CHECK(run_tpcc(pgbench_line("prepare", conninfo, {"--partitions", "-1"}), &output) == 2);
  CHECK(output.find("--partitions") != std::string::npos);
  // A partition's name taken by a table tpcc did not create: refused before
  // anything is made.
  tpcc::test::execute(conninfo, "create table pgbench_accounts_2 (x int)");
  CHECK(run_tpcc(pgbench_line("prepare", conninfo, {"--partitions", "2"}), &output) == 2);
  CHECK(output.find("pgbench_accounts_2 exists and tpcc did not create it") != std::string::npos);
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname = 'pgbench_accounts'") == 0);
}
