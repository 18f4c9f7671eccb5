// Tables tpcc did not make: pgbench's own (a real `pgbench -i`), run as
// they are with their scale counted from pgbench_branches, checked
// read-only and left by cleanup; and a script file on the user's own
// tables, with no pgbench table at all.
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

// What the four tables are, to compare before and after: each one's
// relfilenode (a rewrite or a drop and create changes it), columns and rows.
std::string tables_state(const std::string& conninfo) {
  return tpcc::test::scalar_text(
             conninfo,
             "select string_agg(c.relname || ' ' || c.relfilenode || ' ' || "
             "(select string_agg(attname || ':' || format_type(atttypid, atttypmod), ',' order by "
             "attnum) "
             "from pg_attribute where attrelid = c.oid and attnum > 0 and not attisdropped), '; ' "
             "order by c.relname) from pg_class c where c.relname like 'pgbench\\_%' and c.relkind "
             "= 'r'") +
         " | " + std::to_string(scalar(conninfo, "select count(*) from pgbench_accounts")) + " " +
         std::to_string(scalar(conninfo, "select count(*) from pgbench_branches"));
}

}  // namespace

TEST_CASE("pgbench found tables: pgbench -i's tables run as they are, checked read-only, kept",
          "[pgbench_found_tables]") {
  const std::string pgbench = tpcc::test::find_pgbench();
  if (pgbench.empty()) {
    WARN("pgbench is not installed: the run on pgbench -i's own tables is skipped");
    return;
  }
  const std::string conninfo = tpcc::test::create_database("tpcc_pgb_found");
  std::string output;
  REQUIRE(tpcc::test::real_pgbench_init(pgbench, "tpcc_pgb_found", {"-s", "1"}, &output) == 0);
  const std::string before = tables_state(conninfo);

  const std::string dir = tpcc::test::scratch_dir("pgbench_found_run");
  const int status = run_tpcc(
      {"pgbench", "-S", "-c", "2", "-T", "2", "--conn", conninfo, "--result-dir", dir}, &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("transaction type: <builtin: select only>\nscaling factor: 1\n") !=
        std::string::npos);
  const Json result = tpcc::test::read_result(dir);
  CHECK(result.at("pgbench").at("transactions").get<long long>() > 0);
  CHECK(result.at("pgbench").at("failed") == 0);

  // check reads them: pgbench's columns, keys, rows and balances hold.
  CHECK(run_tpcc(pgbench_line("check", conninfo), &output) == 0);
  CHECK(output.find("PASS  pgbench_*  pgbench 15's columns (tables pgbench -i made, not tpcc "
                    "prepare)") != std::string::npos);
  CHECK(output.find("PASS  pgbench_accounts  100000 rows (scale 1)") != std::string::npos);
  // cleanup drops only what tpcc made: none of these.
  CHECK(run_tpcc(pgbench_line("cleanup", conninfo), &output) == 0);
  CHECK(output.find("dropped 0 pgbench table(s)") != std::string::npos);
  // None of it touched the tables or left a record of tpcc's.
  CHECK(tables_state(conninfo) == before);
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname like 'tpcc\\_%'") == 0);

  // The scale is pgbench_branches' count, as pgbench reads it.
  tpcc::test::execute(conninfo, "insert into pgbench_branches (bid, bbalance) values (2, 0)");
  CHECK(run_tpcc({"pgbench", "-S", "-t", "5", "--conn", conninfo, "--result-dir",
                  tpcc::test::scratch_dir("pgbench_found_scale2")},
                 &output) == 0);
  CHECK(output.find("scaling factor: 2\n") != std::string::npos);
  tpcc::test::execute(conninfo, "delete from pgbench_branches where bid = 2");

  // Tables of that name whose columns are not pgbench's are refused, named.
  tpcc::test::execute(conninfo, "alter table pgbench_tellers add column note text");
  CHECK(run_tpcc({"pgbench", "-S", "-t", "5", "--conn", conninfo, "--result-dir",
                  tpcc::test::scratch_dir("pgbench_found_refused")},
                 &output) == 2);
  CHECK(output.find("pgbench_tellers was not made by tpcc prepare and its columns") !=
        std::string::npos);
  tpcc::test::execute(conninfo, "alter table pgbench_tellers drop column note");
}

TEST_CASE("pgbench found tables: a script file on the user's own tables, no pgbench table at all",
          "[pgbench_found_tables]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_pgb_own_tables");
  tpcc::test::execute(conninfo,
                      "create table my_items (id int primary key, v int not null);"
                      "insert into my_items select g, 0 from generate_series(1, 100) g");
  const std::string script =
      tpcc::test::write_script("own.sql",
                               "\\set id random(1, 100)\n"
                               "SELECT v FROM my_items WHERE id = :id;\n"
                               "UPDATE my_items SET v = v + 1 WHERE id = :id;\n");
  const std::string dir = tpcc::test::scratch_dir("pgbench_own_tables");
  std::string output;
  const int status = run_tpcc(
      {"pgbench", "-c", "2", "-T", "2", "-f", script, "--conn", conninfo, "--result-dir", dir},
      &output);
  INFO(output);
  REQUIRE(status == 0);
  const Json result = tpcc::test::read_result(dir);
  const long long done = result.at("pgbench").at("transactions").get<long long>();
  CHECK(done > 0);
  CHECK(result.at("pgbench").at("failed") == 0);
  // Each transaction added one.
  CHECK(scalar(conninfo, "select sum(v) from my_items") >= done);
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname like 'pgbench\\_%'") == 0);
  // Without -s and without pgbench's tables, :scale is pgbench's default.
  CHECK(output.find("scaling factor: 1\n") != std::string::npos);
}
