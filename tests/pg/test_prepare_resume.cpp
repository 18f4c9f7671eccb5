// tpcc prepare run again: a killed load resumes to the same rows, and a
// load of other settings is refused. (Ctrl-C during a load:
// test_prepare.cpp.)
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/prepare_support.hpp"

using tpcc::test::create_database;
using tpcc::test::prepare_output;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::table_digests;

namespace {

// Kills `tpcc prepare` after `seconds`, resumes it, and compares every row
// with an uninterrupted load of the same seed. Wherever the kill lands (data,
// indexes, analyze), the resumed database must equal the whole one.
void check_resume_after_kill(const std::string& name, double seconds, bool expect_partial_data) {
  const std::vector<std::string> flags = {"--warehouses", "4", "--seed", "4242", "--no-check"};
  auto prepare_args = [&](const std::string& db) {
    std::vector<std::string> args = {"prepare", "--conn", db};
    args.insert(args.end(), flags.begin(), flags.end());
    return args;
  };
  static const std::string whole = [&] {
    const std::string db = create_database("tpcc_resume_whole");
    prepare_output(prepare_args(db), 0);
    return db;
  }();
  const std::string resumed = create_database(name);

  std::string output;
  const int killed = tpcc::test::run_tpcc_killed_after(prepare_args(resumed), seconds, &output);
  INFO(output);
  REQUIRE(killed == 137);
  const bool schema_created =
      scalar(resumed, "select count(*) from pg_class where relname = 'bmsql_warehouse'") == 1;
  const long long loaded_before =
      schema_created ? scalar(resumed, "select count(*) from bmsql_warehouse") : 0;
  if (expect_partial_data) CHECK(loaded_before < 4);
  // A half load passes every condition; check says it is incomplete.
  if (schema_created) {
    std::string check_output;
    CHECK(run_tpcc({"check", "--conn", resumed}, &check_output) == 1);
    INFO(check_output);
    CHECK(check_output.find("load incomplete: ") != std::string::npos);
    CHECK(check_output.find("run tpcc prepare again to resume") != std::string::npos);
  }
  // Only whole warehouses are left: every warehouse present has all its stock.
  if (schema_created) {
    CHECK(scalar(resumed, "select count(*) from bmsql_stock") == loaded_before * 100000);
  }

  const std::string second = prepare_output(prepare_args(resumed), 0);
  if (schema_created) {
    CHECK(second.find("resuming: " + std::to_string(loaded_before) + " of 4") != std::string::npos);
  }
  CHECK(table_digests(resumed) == table_digests(whole));
  CHECK(scalar(resumed, "select count(*) from pg_indexes where tablename like 'bmsql%'") == 12);
}

}  // namespace

TEST_CASE("a load killed while loading rows resumes to the same rows", "[prepare][resume]") {
  check_resume_after_kill("tpcc_resume_early", 0.7, true);
}

TEST_CASE("a load killed after its rows (indexes, analyze) resumes to the same database",
          "[prepare][resume]") {
  check_resume_after_kill("tpcc_resume_late", 2.2, false);
}

TEST_CASE("prepare refuses to mix loads", "[prepare][resume]") {
  const std::string db = create_database("tpcc_refuse");
  prepare_output({"prepare", "--conn", db, "--warehouses", "1", "--no-check"}, 0);
  std::string output = prepare_output({"prepare", "--conn", db, "--warehouses", "2"}, 2);
  CHECK(output.find("--warehouses") != std::string::npos);
  output = prepare_output({"prepare", "--conn", db, "--warehouses", "1", "--seed", "99"}, 2);
  CHECK(output.find("--seed") != std::string::npos);

  const std::string other = create_database("tpcc_refuse_other");
  scalar(other, "create table bmsql_warehouse (w_id int, something_else text); select 1");
  output = prepare_output({"prepare", "--conn", other, "--warehouses", "1"}, 2);
  // Each table is named: the one there and the ones missing.
  CHECK(output.find("table bmsql_warehouse has columns (w_id,something_else)") !=
        std::string::npos);
  CHECK(output.find("exist but bmsql_config, bmsql_customer,") != std::string::npos);
  CHECK(scalar(other, "select count(*) from pg_class where relname like 'bmsql%'") == 1);
}
