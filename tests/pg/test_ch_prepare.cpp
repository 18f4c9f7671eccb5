// tpcc prepare --ch: CH-benCHmark's tables on a fresh load and added to a
// TPC-C load made without them, only what is missing on a second prepare,
// each table whole or absent when the prepare is killed, a table of others
// of the same name refused before anything is made; tpcc check covers them
// (and fails once their contents are not CH's); tpcc cleanup drops them and
// leaves a table of others.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"

namespace {

using Args = std::vector<std::string>;
using tpcc::test::execute;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;

int tpcc_verb(const std::string& verb, const std::string& conninfo, const Args& more,
              std::string* output) {
  Args args = {verb, "--conn", conninfo};
  args.insert(args.end(), more.begin(), more.end());
  return run_tpcc(args, output);
}

long long ch_tables_present(const std::string& conninfo) {
  return scalar(conninfo,
                "select count(*) from pg_class where relname in ('bmsql_supplier', "
                "'bmsql_nation', 'bmsql_region')");
}

}  // namespace

TEST_CASE("prepare --ch on a fresh database: TPC-C's load, then CH's three tables, checked",
          "[ch]") {
  const std::string db = tpcc::test::create_database("tpcc_ch_fresh");
  std::string output;
  REQUIRE(tpcc_verb("prepare", db, {"--warehouses", "1", "--ch"}, &output) == 0);
  INFO(output);
  CHECK(output.find("ch: bmsql_region (5 rows), bmsql_nation (62), bmsql_supplier (10000): 3 "
                    "created, 0 already prepared") != std::string::npos);
  CHECK(scalar(db, "select count(*) from bmsql_supplier") == 10000);
  CHECK(scalar(db, "select count(*) from bmsql_nation") == 62);
  CHECK(scalar(db, "select count(*) from bmsql_region") == 5);
  CHECK(scalar(db, "select count(*) from tpcc_ch_tables") == 3);
  // prepare's own check ran the CH checks too.
  CHECK(output.find("PASS  bmsql_supplier  every stock row's supplier") != std::string::npos);
  CHECK(output.find(" of 14 CH checks hold") != std::string::npos);
}

TEST_CASE(
    "prepare --ch on a TPC-C load adds what is missing, check fails on contents not CH's, "
    "cleanup drops the kit's",
    "[ch]") {
  const std::string db = tpcc::test::prepared_database("tpcc_ch_added", 1);
  std::string output;
  // Nothing of CH's before --ch, and check says nothing of it.
  REQUIRE(tpcc_verb("check", db, {}, &output) == 0);
  CHECK(output.find("CH checks") == std::string::npos);
  REQUIRE(tpcc_verb("prepare", db, {"--warehouses", "1", "--ch", "--no-check"}, &output) == 0);
  INFO(output);
  CHECK(output.find("3 created, 0 already prepared") != std::string::npos);
  const long long suppliers = scalar(db, "select sum(su_suppkey::bigint) from bmsql_supplier");

  // A recorded table dropped since is made again, alike; the others stay.
  execute(db, "drop table bmsql_supplier; update bmsql_nation set n_comment = 'kept'");
  REQUIRE(tpcc_verb("prepare", db, {"--warehouses", "1", "--ch", "--no-check"}, &output) == 0);
  CHECK(output.find("1 created, 2 already prepared") != std::string::npos);
  CHECK(scalar(db, "select sum(su_suppkey::bigint) from bmsql_supplier") == suppliers);
  CHECK(scalar(db, "select count(*) from bmsql_nation where n_comment = 'kept'") == 62);

  REQUIRE(tpcc_verb("check", db, {}, &output) == 0);
  CHECK(output.find("14 of 14 CH checks hold") != std::string::npos);
  {
    // Germany moved to Asia: the nations are not CH's.
    tpcc::test::CommittedChange moved(db,
                                      "update bmsql_nation set n_regionkey = 3 where "
                                      "n_nationkey = 54",
                                      "update bmsql_nation set n_regionkey = 5 where "
                                      "n_nationkey = 54");
    CHECK(tpcc_verb("check", db, {}, &output) == 1);
    CHECK(output.find("FAIL  bmsql_nation  names and regions as CH-benCHmark defines them "
                      "(found: 61)") != std::string::npos);
  }
  {
    // A supplier gone: a stock row without its supplier, and a count off the record.
    tpcc::test::CommittedChange gone(
        db,
        "create table ch_saved as select * from bmsql_supplier where su_suppkey = 7; "
        "delete from bmsql_supplier where su_suppkey = 7",
        "insert into bmsql_supplier select * from ch_saved; drop table ch_saved");
    CHECK(tpcc_verb("check", db, {}, &output) == 1);
    CHECK(output.find("FAIL  bmsql_supplier  every stock row's supplier (mod(s_w_id * s_i_id, "
                      "10000)) is here (found: 10)") != std::string::npos);
    CHECK(output.find("FAIL  bmsql_supplier  10000 rows as recorded (found: 9999 rows)") !=
          std::string::npos);
  }
  REQUIRE(tpcc_verb("check", db, {}, &output) == 0);

  REQUIRE(tpcc_verb("cleanup", db, {}, &output) == 0);
  CHECK(output.find("cleanup: dropped 3 CH table(s) tpcc prepared") != std::string::npos);
  CHECK(ch_tables_present(db) == 0);
  CHECK(scalar(db, "select count(*) from pg_class where relname = 'tpcc_ch_tables'") == 0);
  CHECK(scalar(db, "select count(*) from pg_class where relname = 'bmsql_stock'") == 0);
}

TEST_CASE(
    "prepare --ch refuses a bmsql_region tpcc did not make, before making anything, "
    "cleanup leaves it",
    "[ch]") {
  const std::string db = tpcc::test::prepared_database("tpcc_ch_others", 1);
  execute(db, "create table bmsql_region (r_regionkey int, r_name text)");
  std::string output;
  CHECK(tpcc_verb("prepare", db, {"--warehouses", "1", "--ch", "--no-check"}, &output) == 2);
  INFO(output);
  CHECK(output.find("--ch: bmsql_region exists and tpcc did not create it") != std::string::npos);
  CHECK(ch_tables_present(db) == 1);
  CHECK(scalar(db, "select count(*) from pg_class where relname = 'tpcc_ch_tables'") == 0);
  REQUIRE(tpcc_verb("cleanup", db, {}, &output) == 0);
  CHECK(scalar(db, "select count(*) from pg_class where relname = 'bmsql_region'") == 1);

  // On an empty database the refusal comes before TPC-C's load too.
  const std::string empty = tpcc::test::create_database("tpcc_ch_others_empty");
  execute(empty, "create table bmsql_supplier (su_suppkey int)");
  CHECK(tpcc_verb("prepare", empty, {"--warehouses", "1", "--ch"}, &output) == 2);
  CHECK(output.find("--ch: bmsql_supplier exists and tpcc did not create it") != std::string::npos);
  CHECK(scalar(empty, "select count(*) from pg_class where relname ~ '^bmsql_'") == 1);
}

TEST_CASE(
    "prepare --ch killed at any moment leaves each CH table whole and recorded, or absent "
    "and unrecorded, the next prepare finishes",
    "[ch]") {
  const std::string db = tpcc::test::prepared_database("tpcc_ch_killed", 1);
  for (const double seconds : {0.15, 0.3, 0.5, 0.8}) {
    std::string output;
    const Args args = {"prepare", "--conn", db, "--warehouses", "1", "--ch", "--no-check"};
    tpcc::test::run_tpcc_killed_after(args, seconds, &output);
    INFO(seconds << " s: " << output);
    for (const std::string table : {"bmsql_region", "bmsql_nation", "bmsql_supplier"}) {
      const bool there =
          scalar(db, "select count(*) from pg_class where relname = '" + table + "'") == 1;
      const bool recorded =
          scalar(db, "select count(*) from pg_class where relname = 'tpcc_ch_tables'") == 1 &&
          scalar(db, "select count(*) from tpcc_ch_tables where table_name = '" + table + "'") == 1;
      CHECK(there == recorded);
      if (there) {
        CHECK(
            scalar(db, "select count(*) from " + table) ==
            scalar(db, "select row_count from tpcc_ch_tables where table_name = '" + table + "'"));
      }
    }
    execute(db, "drop table if exists bmsql_supplier, bmsql_nation, bmsql_region, tpcc_ch_tables");
  }
  std::string output;
  REQUIRE(tpcc_verb("prepare", db, {"--warehouses", "1", "--ch"}, &output) == 0);
  CHECK(output.find("14 of 14 CH checks hold") != std::string::npos);
}
