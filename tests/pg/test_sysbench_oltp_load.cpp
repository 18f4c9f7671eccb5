// How sysbench's prepare loads the sbtest tables on tpcc: with a table for
// every load worker each table is created, loaded with COPY FREEZE and
// indexed in one transaction; with fewer, the workers share the tables'
// ranges of ids. Both give the same rows, and a load killed in the middle
// of its whole tables leaves each one complete or absent. Check counts
// repeated ids only where no primary key rules them out.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"

namespace {

using tpcc::test::create_database;
using tpcc::test::scalar;
using tpcc::test::scalar_text;

constexpr int kTables = 2;
constexpr long long kRows = 120000;

std::vector<std::string> oltp_line(const std::string& verb, const std::string& db) {
  return {verb,
          "--conn",
          db,
          "--workload",
          "oltp_read_write",
          "--tables",
          std::to_string(kTables),
          "--table-size",
          std::to_string(kRows)};
}

std::vector<std::string> prepare_line(const std::string& db, int workers) {
  std::vector<std::string> line = oltp_line("prepare", db);
  line.push_back("--load-workers");
  line.push_back(std::to_string(workers));
  return line;
}

// A digest of the table's rows, in id order.
std::string rows_digest(const std::string& db, int table) {
  return scalar_text(db,
                     "select md5(string_agg(id || ',' || k || ',' || c || ',' || pad, '|' "
                     "order by id)) from sbtest" +
                         std::to_string(table));
}

// Pages of the table the visibility map does not mark all-visible.
long long pages_not_all_visible(const std::string& db, int table) {
  return scalar(db, "select relpages - relallvisible from pg_class where relname = 'sbtest" +
                        std::to_string(table) + "'");
}

}  // namespace

TEST_CASE(
    "sysbench oltp load: whole tables frozen with a table per worker, the same rows as range by "
    "range, and a kill leaves each whole table complete or absent",
    "[sysbench_oltp_load]") {
  const std::string whole = create_database("tpcc_sb_load_whole");
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(prepare_line(whole, kTables), &output) == 0);
  INFO(output);
  CHECK(output.find("2 of them each created, loaded (COPY FREEZE) and indexed in one "
                    "transaction") != std::string::npos);
  CHECK(output.find("10 of 10 sbtest checks hold") != std::string::npos);

  // One worker more than tables: ranges, and no table frozen by its load.
  const std::string ranged = create_database("tpcc_sb_load_ranged");
  output.clear();
  REQUIRE(tpcc::test::run_tpcc(prepare_line(ranged, kTables + 1), &output) == 0);
  CHECK(output.find("COPY FREEZE") == std::string::npos);
  CHECK(output.find("creating table sbtest2") != std::string::npos);
  for (int table = 1; table <= kTables; ++table) {
    CHECK(rows_digest(whole, table) == rows_digest(ranged, table));
    // COPY FREEZE marks every page all-visible (ANALYZE counted them).
    CHECK(scalar(whole, "select relpages from pg_class where relname = 'sbtest" +
                            std::to_string(table) + "'") > 0);
    CHECK(pages_not_all_visible(whole, table) == 0);
  }

  // Killed while loading: each whole table is there complete, or not at all.
  const std::string killed = create_database("tpcc_sb_load_killed");
  output.clear();
  REQUIRE(tpcc::test::run_tpcc_killed_after(prepare_line(killed, kTables), 0.4, &output) == 137);
  const long long present = scalar(
      killed, "select count(*) from pg_class where relname ~ '^sbtest[0-9]+$' and relkind = 'r'");
  INFO("sbtest tables after the kill: " << present);
  if (present > 0) {
    CHECK(scalar(killed, "select count(*) from tpcc_sysbench_tables where complete") == present);
    CHECK(scalar(killed, "select count(*) from tpcc_sysbench_tables") == present);
  }
  for (int table = 1; table <= kTables; ++table) {
    const std::string name = "sbtest" + std::to_string(table);
    if (scalar(killed, "select count(*) from pg_class where relname = '" + name + "'") == 1) {
      CHECK(scalar(killed, "select count(*) from " + name) == kRows);
    }
  }
  output.clear();
  REQUIRE(tpcc::test::run_tpcc(prepare_line(killed, kTables), &output) == 0);
  INFO(output);
  CHECK(output.find("10 of 10 sbtest checks hold") != std::string::npos);
  for (int table = 1; table <= kTables; ++table) {
    CHECK(rows_digest(killed, table) == rows_digest(whole, table));
  }

  // The primary key keeps ids unique: without it they are counted.
  tpcc::test::execute(whole,
                      "alter table sbtest1 drop constraint sbtest1_pkey; "
                      "insert into sbtest1 select * from sbtest1 where id = 7");
  output.clear();
  CHECK(tpcc::test::run_tpcc(oltp_line("check", whole), &output) == 1);
  CHECK(output.find("FAIL  sbtest1  primary key on id (no id twice)") != std::string::npos);
  CHECK(output.find("FAIL  sbtest1  no id twice (found: 1 row(s) repeat an id)") !=
        std::string::npos);
}
