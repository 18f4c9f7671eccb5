// tpcc cleanup drops what prepare created and nothing else: objects of
// others that depend on the kit's make it refuse, naming each, unless
// --cascade; tables that only look like the kit's are never touched.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "schema/schema.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace {

using tpcc::test::run_tpcc;
using tpcc::test::scalar;

constexpr const char* kUserObjects =
    "create view my_view as select count(*) from bmsql_warehouse; "
    "create materialized view my_mv as select w_id from bmsql_warehouse; "
    "create table my_audit (w_id int references bmsql_warehouse (w_id)); "
    "select 1";

long long kit_tables(const std::string& conninfo) {
  return scalar(conninfo,
                "select count(*) from pg_class where relkind in ('r', 'p') and relname in "
                "('bmsql_config', 'bmsql_warehouse', 'bmsql_district', 'bmsql_customer', "
                "'bmsql_history', 'bmsql_new_order', 'bmsql_oorder', 'bmsql_order_line', "
                "'bmsql_item', 'bmsql_stock')");
}

long long relations_named(const std::string& conninfo, const std::string& names) {
  return scalar(conninfo, "select count(*) from pg_class where relname in (" + names + ")");
}

long long foreign_keys_of_my_audit(const std::string& conninfo) {
  return scalar(conninfo,
                "select count(*) from pg_constraint where contype = 'f' "
                "and conrelid = 'my_audit'::regclass");
}

}  // namespace

TEST_CASE(
    "cleanup refuses while a view, a materialized view or a foreign key of others depends on "
    "a kit table, naming each and changing nothing",
    "[cleanup]") {
  // A table that only looks like the kit's neither blocks prepare nor goes
  // with cleanup.
  const std::string db = tpcc::test::create_database("tpcc_cleanup_dependents");
  scalar(db, "create table bmsql_custom (x int); select 1");
  std::string output;
  REQUIRE(run_tpcc({"prepare", "--conn", db, "--warehouses", "1", "--no-check"}, &output) == 0);
  scalar(db, kUserObjects);

  output.clear();
  const int status = run_tpcc({"cleanup", "--conn", db}, &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("refusing, nothing dropped: 3 object(s)") != std::string::npos);
  CHECK(output.find("  view public.my_view (depends on table public.bmsql_warehouse)") !=
        std::string::npos);
  CHECK(output.find("  materialized view public.my_mv (depends on table public.bmsql_warehouse)") !=
        std::string::npos);
  CHECK(output.find("  table constraint my_audit_w_id_fkey on public.my_audit (depends on ") !=
        std::string::npos);
  CHECK(output.find("--cascade") != std::string::npos);
  CHECK(kit_tables(db) == 10);
  CHECK(scalar(db, "select count(*) from pg_proc where proname like 'tpcc\\_%'") == 5);
  CHECK(relations_named(db, "'my_view', 'my_mv', 'my_audit', 'bmsql_custom'") == 4);
  CHECK(foreign_keys_of_my_audit(db) == 1);

  // --cascade: the user asked for it, and is told what went.
  std::string cascade_output;
  CHECK(tpcc::test::run_tpcc({"cleanup", "--conn", db, "--cascade"}, &cascade_output) == 0);
  INFO(cascade_output);
  CHECK(cascade_output.find("--cascade also dropped 3 object(s) of others:") != std::string::npos);
  CHECK(cascade_output.find("  view public.my_view ") != std::string::npos);
  CHECK(kit_tables(db) == 0);
  CHECK(relations_named(db, "'my_view', 'my_mv'") == 0);
  CHECK(relations_named(db, "'my_audit', 'bmsql_custom'") == 2);  // only the foreign key went
  CHECK(foreign_keys_of_my_audit(db) == 0);
}

TEST_CASE("cleanup refuses while a view of others depends on the drivers' start barrier table",
          "[cleanup][drivers]") {
  const std::string db = tpcc::test::create_database("tpcc_cleanup_barrier");
  std::string output;
  REQUIRE(run_tpcc({"prepare", "--conn", db, "--warehouses", "1", "--no-check"}, &output) == 0);
  // The table as tpcc run --driver creates it.
  for (const std::string& statement : tpcc::sql_file_statements("driver_barrier.sql")) {
    scalar(db, statement + "; select 1");
  }
  scalar(db, "create view my_barrier_view as select run_id from tpcc_driver_barrier; select 1");

  output.clear();
  const int status = run_tpcc({"cleanup", "--conn", db}, &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(
      output.find("  view public.my_barrier_view (depends on table public.tpcc_driver_barrier)") !=
      std::string::npos);
  CHECK(kit_tables(db) == 10);
  CHECK(relations_named(db, "'tpcc_driver_barrier', 'my_barrier_view'") == 2);
}

TEST_CASE(
    "cleanup drops a load with partitions and foreign keys without CASCADE and leaves "
    "bmsql_custom",
    "[cleanup]") {
  const std::string db = tpcc::test::create_database("tpcc_cleanup_own");
  std::string output;
  REQUIRE(run_tpcc({"prepare", "--conn", db, "--warehouses", "1", "--no-check", "--partitions", "2",
                    "--foreign-keys"},
                   &output) == 0);
  scalar(db, "create table bmsql_custom (x int); select 1");
  output.clear();
  const int status = run_tpcc({"cleanup", "--conn", db}, &output);
  INFO(output);
  CHECK(status == 0);
  CHECK(output.find("cleanup: dropped 10 of 10 tpcc tables") != std::string::npos);
  CHECK(output.find("--cascade") == std::string::npos);
  CHECK(scalar(db, "select count(*) from pg_class where relname like 'bmsql%'") == 1);
  CHECK(relations_named(db, "'bmsql_custom'") == 1);
  CHECK(scalar(db, "select count(*) from pg_proc where proname like 'tpcc\\_%'") == 0);
}

TEST_CASE(
    "cleanup with a props file saved with a byte-order mark and CRLF goes to the database its "
    "conn names, never to PGDATABASE's",
    "[cleanup][props]") {
  // The PG* environment points at a database that holds a load: a cleanup
  // that fell back to it would drop the wrong tables.
  const std::string victim_name = "tpcc_cleanup_bom_victim";
  const std::string victim = tpcc::test::prepared_database(victim_name, 1);
  REQUIRE(kit_tables(victim) == 10);
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  const std::string target = "host=" + server.socket_dir() +
                             " port=" + std::to_string(server.port()) + " dbname=no_such_db";
  const tpcc::EnvChanges env = {{"PGDATABASE", victim_name}};

  const std::string bom = tpcc::test::scratch_dir("bom.props");
  std::ofstream(bom, std::ios::binary) << "\xEF\xBB\xBF"
                                       << "conn=" << target << "\r\nterminals=2\r\n";
  std::string output;
  const int status = run_tpcc({"cleanup", bom}, &output, env);
  INFO(output);
  CHECK(status != 0);
  CHECK(output.find("byte-order mark") != std::string::npos);
  CHECK(output.find("no_such_db") != std::string::npos);
  CHECK(output.find("unknown key") == std::string::npos);
  CHECK(kit_tables(victim) == 10);

  // A key that only looks like conn (a zero-width space before it): exit 2,
  // naming the line, and still nothing dropped.
  const std::string hidden = tpcc::test::scratch_dir("hidden.props");
  std::ofstream(hidden, std::ios::binary) << "\xE2\x80\x8B"
                                          << "conn=" << target << "\r\nterminals=2\r\n";
  std::string refused;
  CHECK(run_tpcc({"cleanup", hidden}, &refused, env) == 2);
  INFO(refused);
  CHECK(refused.find(hidden + ":1: key '\\xE2\\x80\\x8Bconn' is not 'conn'") != std::string::npos);
  CHECK(refused.find("does not fall back to the PG* environment") != std::string::npos);
  CHECK(kit_tables(victim) == 10);
}

TEST_CASE(
    "a destructive verb given a props file that names no conn refuses, exit 2, naming the "
    "unknown keys; the PG* environment's database keeps its tables",
    "[cleanup][props]") {
  const std::string victim_name = "tpcc_cleanup_connection_victim";
  const std::string victim = tpcc::test::prepared_database(victim_name, 1);
  REQUIRE(kit_tables(victim) == 10);
  const tpcc::EnvChanges env = {{"PGDATABASE", victim_name}};
  // "connection" for conn: the file's target is another database.
  const std::string props = tpcc::test::scratch_dir("connection.props");
  std::ofstream(props) << "# the staging server\nterminals=2\nconnection=dbname=staging\n";

  std::string output;
  CHECK(run_tpcc({"cleanup", props}, &output, env) == 2);
  INFO(output);
  CHECK(output.find("'tpcc cleanup' needs conn: props file '" + props + "' names no conn") !=
        std::string::npos);
  CHECK(output.find("unknown key 'connection' (" + props + ":3); did you mean conn?") !=
        std::string::npos);
  CHECK(kit_tables(victim) == 10);

  // The other verbs that drop: the same refusal before anything is done.
  const std::string dir = tpcc::test::scratch_dir("connection_refused");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"snapshot", props},
        {"run", props, "--restore", "--duration", "1", "--result-dir", dir},
        {"sweep", props, "--vary", "terminals=1,2", "--duration", "1", "--result-dir", dir}}) {
    std::string refused;
    CHECK(run_tpcc(args, &refused, env) == 2);
    INFO(refused);
    CHECK(refused.find("needs conn: props file") != std::string::npos);
    CHECK(refused.find("unknown key 'connection'") != std::string::npos);
  }
  CHECK(scalar(tpcc::test::server_conninfo(), "select count(*) from pg_database where datname = '" +
                                                  victim_name + "_tpcc_snapshot'") == 0);
  CHECK(kit_tables(victim) == 10);

  // A verb that drops nothing still takes the environment's database, the
  // unknown key a warning: BenchmarkSQL files carry keys of other drivers.
  std::string checked;
  CHECK(run_tpcc({"check", props}, &checked, env) == 0);
  CHECK(checked.find("unknown key 'connection' ignored; did you mean conn?") != std::string::npos);

  // --conn on the command line names the target: the props file may lack it.
  std::string given;
  CHECK(run_tpcc({"cleanup", props, "--conn", victim}, &given, env) == 0);
  CHECK(kit_tables(victim) == 0);
}
