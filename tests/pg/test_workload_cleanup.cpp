// The cleanup of each workload's tables (TPC-C's, sysbench's, pgbench's,
// the ingest's) refuses while objects of others depend on the kit's tables:
// it names each, exits 1 and drops nothing; --cascade drops them with the
// kit's tables and says so. Tables the kit did not make stay.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/workload_table.hpp"

namespace {

using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using Args = std::vector<std::string>;

Args line(const std::string& verb, const std::string& workload, const std::string& conninfo,
          const Args& more = {}) {
  Args args = {verb, "--workload", workload, "--conn", conninfo};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

long long relations_named(const std::string& conninfo, const std::string& names) {
  return scalar(conninfo, "select count(*) from pg_class where relname in (" + names + ")");
}

// `tpcc cleanup` of w's load in the database of conninfo.
Args cleanup_line(const tpcc::test::Workload& w, const std::string& conninfo,
                  const Args& more = {}) {
  Args args = {"cleanup", "--conn", conninfo};
  args.insert(args.end(), w.load.begin(), w.load.end());
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// What a workload's row adds: the sizes of its load beyond the table's,
// the table the view depends on, the kit's tables of that load, and a table
// of others named like the kit's, which stays.
struct CleanupRow {
  Args more;
  std::string table;
  std::string kit_tables;
  std::string lookalike;
};

CleanupRow cleanup_row(const std::string& workload) {
  if (workload == "oltp_read_write") {
    return {{},
            "sbtest1",
            "'sbtest1', 'sbtest1_id_seq', 'tpcc_sysbench_tables', 'tpcc_sysbench_chunks'",
            "sbtest9"};
  }
  if (workload == "pgbench") {
    return {{"--partitions", "2"},
            "pgbench_accounts",
            "'pgbench_accounts', 'pgbench_accounts_1', 'pgbench_accounts_2', 'pgbench_branches', "
            "'pgbench_tellers', 'pgbench_history', 'tpcc_pgbench_tables', 'tpcc_pgbench_chunks'",
            "pgbench_notes"};
  }
  if (workload == "ingest") {
    return {{},
            "tpcc_ingest_1",
            "'tpcc_ingest_1', 'tpcc_ingest_2', 'tpcc_ingest_tables'",
            "tpcc_ingest_7"};
  }
  return {{},
          "bmsql_warehouse",
          "'bmsql_warehouse', 'bmsql_district', 'bmsql_customer', 'bmsql_item', 'bmsql_stock', "
          "'bmsql_config'",
          "bmsql_custom"};
}

// Cleanup refuses while `view` depends on `table`, then drops both with
// --cascade; `others` (comma-separated quoted names) are never touched.
void check_refusal_then_cascade(const std::string& db, const tpcc::test::Workload& w,
                                const std::string& table, const std::string& kit_tables,
                                const std::string& others) {
  scalar(db, "create view my_view as select count(*) from " + table + "; select 1");
  const long long kit_before = relations_named(db, kit_tables);
  REQUIRE(kit_before > 0);

  std::string output;
  const int status = run_tpcc(cleanup_line(w, db), &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("refusing, nothing dropped: 1 object(s)") != std::string::npos);
  CHECK(output.find("  view public.my_view (depends on table public." + table + ")") !=
        std::string::npos);
  CHECK(output.find("--cascade") != std::string::npos);
  CHECK(relations_named(db, kit_tables) == kit_before);
  CHECK(relations_named(db, "'my_view'") == 1);

  std::string cascade_output;
  CHECK(run_tpcc(cleanup_line(w, db, {"--cascade"}), &cascade_output) == 0);
  INFO(cascade_output);
  CHECK(cascade_output.find("--cascade also dropped 1 object(s) of others:") != std::string::npos);
  CHECK(cascade_output.find("  view public.my_view ") != std::string::npos);
  CHECK(relations_named(db, kit_tables) == 0);
  CHECK(relations_named(db, "'my_view'") == 0);
  CHECK(relations_named(db, others) == 2);
}

}  // namespace

TEST_CASE(
    "sysbench cleanup without dependents drops its tables and their serial sequences, and lists "
    "nothing",
    "[cleanup][sysbench]") {
  const std::string db = tpcc::test::create_database("tpcc_cleanup_sbtest_own");
  std::string output;
  REQUIRE(run_tpcc(line("prepare", "oltp_read_write", db, {"--tables", "2", "--table-size", "100"}),
                   &output) == 0);
  output.clear();
  CHECK(run_tpcc(line("cleanup", "oltp_read_write", db), &output) == 0);
  INFO(output);
  CHECK(output.find("cleanup: dropped 2 sbtest table(s) tpcc prepared") != std::string::npos);
  CHECK(output.find("--cascade") == std::string::npos);
  CHECK(scalar(db, "select count(*) from pg_class where relname like 'sbtest%'") == 0);
}

TEST_CASE(
    "pgbench cleanup lists a partition of others attached to pgbench_accounts: it is not the "
    "kit's",
    "[cleanup][pgbench]") {
  const std::string db = tpcc::test::create_database("tpcc_cleanup_pgbench_partition");
  std::string output;
  REQUIRE(run_tpcc(line("prepare", "pgbench", db,
                        {"--scale", "1", "--partitions", "2", "--partition-method", "hash"}),
                   &output) == 0);
  // A third hash partition cannot be added to a modulus-2 set; a default one can't
  // either for hash: detach the kit's second and attach one of the user's.
  scalar(db,
         "alter table pgbench_accounts detach partition pgbench_accounts_2; "
         "create table my_accounts (like pgbench_accounts); "
         "alter table pgbench_accounts attach partition my_accounts "
         "for values with (modulus 2, remainder 1); select 1");
  output.clear();
  CHECK(run_tpcc(line("cleanup", "pgbench", db), &output) == 1);
  INFO(output);
  CHECK(output.find("  table public.my_accounts (depends on table public.pgbench_accounts)") !=
        std::string::npos);
  CHECK(relations_named(db, "'pgbench_accounts', 'my_accounts'") == 2);
}

TEST_CASE(
    "cleanup of every workload refuses while a view of others depends on one of its tables, and "
    "drops it with --cascade",
    "[cleanup]") {
  for (const tpcc::test::Workload& w : tpcc::test::workload_table("tpcc_cleanup_view")) {
    DYNAMIC_SECTION(w.name) {
      const CleanupRow row = cleanup_row(w.name);
      const std::string db = tpcc::test::create_database(w.prefix + "_" + w.suffix);
      Args prepare = {"prepare", "--conn", db};
      for (const Args* part : {&w.load, &w.sizes, &row.more}) {
        prepare.insert(prepare.end(), part->begin(), part->end());
      }
      std::string output;
      REQUIRE(run_tpcc(prepare, &output) == 0);
      // Not the kit's: a table named like its own, and a table of the user's.
      scalar(db, "create table " + row.lookalike +
                     " (id int); create table my_notes (x int); "
                     "select 1");
      check_refusal_then_cascade(db, w, row.table, row.kit_tables,
                                 "'" + row.lookalike + "', 'my_notes'");
    }
  }
}
