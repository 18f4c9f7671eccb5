// tpcc prepare / cleanup against a real server: options, resume after a
// killed load, refusal to mix loads, and cleanup leaving nothing behind.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <thread>

#include <pqxx/pqxx>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace {

using tpcc::test::create_database;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::scalar_text;

long long tpcc_relations(const std::string& conninfo) {
  return scalar(conninfo,
                "select count(*) from pg_class where relname like 'bmsql%' "
                "and relnamespace = 'public'::regnamespace");
}

// A digest of every table's rows, without the load-time timestamps (two
// loads started at different times differ only there).
std::map<std::string, std::string> table_digests(const std::string& conninfo) {
  pqxx::connection conn(conninfo);
  pqxx::nontransaction tx(conn);
  std::map<std::string, std::string> digests;
  for (const char* table :
       {"bmsql_warehouse", "bmsql_district", "bmsql_customer", "bmsql_history", "bmsql_new_order",
        "bmsql_oorder", "bmsql_order_line", "bmsql_item", "bmsql_stock"}) {
    digests[table] = tx.exec(std::string("select md5(string_agg(x, '|' order by x)) from (select "
                                         "(to_jsonb(t) - array['c_since','h_date','o_entry_d',"
                                         "'ol_delivery_d'])::text as x from ") +
                             table + " t) s")[0][0]
                         .as<std::string>();
  }
  return digests;
}

std::string prepare_output(const std::vector<std::string>& args, int expected_status) {
  std::string output;
  const int status = run_tpcc(args, &output);
  INFO(output);
  REQUIRE(status == expected_status);
  return output;
}

}  // namespace

TEST_CASE("prepare 2 warehouses with COPY, check passes, cleanup leaves no relation", "[prepare]") {
  const std::string db = create_database("tpcc_prepare_copy");
  const std::string output = prepare_output({"prepare", "--conn", db, "--warehouses", "2"}, 0);
  CHECK(output.find("12 of 12 conditions hold") != std::string::npos);
  // The size is said before the load: 2 x 106 MB and the items' 13 MB, with
  // customer's and order line's heaps at the default fillfactor 90: 236 MB;
  // the server is local, so its free space is read too.
  CHECK(output.find("size estimate: about 236 MB with indexes for 2 warehouse(s); ") !=
        std::string::npos);
  CHECK(output.find(" free on the file system of the server's data directory ") !=
        std::string::npos);
  CHECK(output.find("loading 2 warehouse(s) with 2 worker(s) using COPY") != std::string::npos);
  CHECK(scalar(db, "select count(*) from bmsql_warehouse") == 2);
  CHECK(scalar(db, "select count(*) from bmsql_stock") == 200000);
  CHECK(scalar(db, "select count(*) from bmsql_customer") == 60000);
  CHECK(scalar(db, "select cfg_value::int from bmsql_config where cfg_name = 'warehouses'") == 2);
  // 2.1.6: C-Load recorded for a later run.
  CHECK(scalar(db,
               "select count(*) from bmsql_config where cfg_name in "
               "('nURandCLast', 'nURandCC_ID', 'nURandCI_ID')") == 3);
  CHECK(scalar(db, "select count(*) from pg_indexes where tablename like 'bmsql%'") == 12);
  // Every table has its primary key, HISTORY BenchmarkSQL's on hist_id.
  CHECK(scalar(db,
               "select count(*) from pg_constraint where contype = 'p' and conrelid::regclass"
               "::text like 'bmsql%'") == 10);
  CHECK(scalar_text(db,
                    "select pg_get_constraintdef(oid) from pg_constraint where conname = "
                    "'bmsql_history_pkey'") == "PRIMARY KEY (hist_id)");
  CHECK(run_tpcc({"check", "--conn", db, "--after-load"}, nullptr) == 0);

  // A table the kit did not create survives cleanup.
  scalar(db, "create table bmsql_mine (x int); select 1");
  prepare_output({"cleanup", "--conn", db}, 0);
  CHECK(tpcc_relations(db) == 1);
  CHECK(scalar(db, "select count(*) from pg_class where relname = 'bmsql_mine'") == 1);
}

TEST_CASE("prepare with multi-row INSERT, partitions, fillfactor and foreign keys", "[prepare]") {
  const std::string db = create_database("tpcc_prepare_options");
  prepare_output(
      {"prepare", "--conn", db, "--warehouses", "2", "--load-method", "insert", "--batch-rows",
       "500", "--partitions", "2", "--fillfactor", "stock=80,customer=90", "--foreign-keys"},
      0);
  CHECK(scalar(db,
               "select count(*) from pg_inherits i join pg_class p on p.oid = i.inhparent "
               "where p.relname = 'bmsql_stock'") == 2);
  CHECK(scalar(db,
               "select count(*) from pg_class where relname like 'bmsql_stock_p%' "
               "and reloptions @> array['fillfactor=80']") == 2);
  CHECK(scalar(db,
               "select count(*) from pg_constraint where contype = 'f' "
               "and conrelid::regclass::text like 'bmsql%'") >= 10);
  CHECK(scalar(db, "select count(*) from bmsql_order_line") ==
        scalar(db, "select sum(o_ol_cnt) from bmsql_oorder"));
  prepare_output({"cleanup", "--conn", db}, 0);
  CHECK(tpcc_relations(db) == 0);
}

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

namespace {

// Rows whose timestamp is not the load time bmsql_config records.
long long timestamps_off_load_time(const std::string& db) {
  return scalar(
      db,
      "with t as (select cfg_value::timestamp as v from bmsql_config "
      "           where cfg_name = 'tpcc_load_time') "
      "select (select count(*) from bmsql_customer, t where c_since is distinct from t.v) "
      "     + (select count(*) from bmsql_history, t where h_date is distinct from t.v) "
      "     + (select count(*) from bmsql_oorder, t where o_entry_d is distinct from t.v) "
      "     + (select count(*) from bmsql_order_line, t "
      "         where ol_delivery_d is distinct from t.v and ol_o_id < 2101)");
}

}  // namespace

TEST_CASE("binary and text COPY load the same rows and the item table is written frozen",
          "[prepare][load]") {
  const std::string text = create_database("tpcc_copy_text");
  const std::string binary = create_database("tpcc_copy_binary");
  prepare_output({"prepare", "--conn", text, "--warehouses", "1", "--seed", "77", "--no-check",
                  "--copy-format", "text"},
                 0);
  prepare_output({"prepare", "--conn", binary, "--warehouses", "1", "--seed", "77", "--no-check",
                  "--copy-format", "binary"},
                 0);
  // Every column's value, decimals with their scale (to_jsonb writes 0.00).
  CHECK(table_digests(binary) == table_digests(text));
  CHECK(timestamps_off_load_time(text) == 0);
  CHECK(timestamps_off_load_time(binary) == 0);
  CHECK(scalar(binary, "select count(*) from bmsql_order_line where ol_delivery_d is null") ==
        scalar(text, "select count(*) from bmsql_order_line where ol_delivery_d is null"));
  CHECK(run_tpcc({"check", "--conn", binary, "--after-load"}, nullptr) == 0);

  // COPY FREEZE (the item job empties the table in its own transaction): every
  // page all-frozen; the warehouse tables, shared by parallel jobs, are not.
  scalar(binary, "create extension if not exists pg_visibility; select 1");
  CHECK(
      scalar(binary, "select all_frozen from pg_visibility_map_summary('bmsql_item')") ==
      scalar(binary, "select pg_relation_size('bmsql_item') / current_setting('block_size')::int"));
  CHECK(scalar(binary, "select all_frozen from pg_visibility_map_summary('bmsql_stock')") == 0);
}

TEST_CASE("bad tablespace or fillfactor exits 2 before anything is created", "[prepare]") {
  const std::string db = create_database("tpcc_bad_options");
  std::string output = prepare_output(
      {"prepare", "--conn", db, "--warehouses", "1", "--tablespace", "customer=no_such_ts"}, 2);
  CHECK(output.find("no_such_ts") != std::string::npos);
  CHECK(output.find("--tablespace") != std::string::npos);
  output = prepare_output({"prepare", "--conn", db, "--fillfactor", "stock=5"}, 2);
  CHECK(output.find("--fillfactor") != std::string::npos);
  output = prepare_output({"prepare", "--conn", db, "--tablespace", "bad\"name"}, 2);
  CHECK(output.find("--tablespace") != std::string::npos);
  CHECK(tpcc_relations(db) == 0);
}

TEST_CASE("an unreachable server exits 3 naming the target without the password", "[prepare]") {
  std::string output;
  const int status = run_tpcc(
      {"prepare", "--conn", "host=127.0.0.1 port=1 user=u password=s3cret dbname=x"}, &output);
  INFO(output);
  CHECK(status == 3);
  CHECK(output.find("s3cret") == std::string::npos);
  CHECK(output.find("127.0.0.1") != std::string::npos);
  CHECK(run_tpcc({"prepare", "--conn", "host=/tmp port=notaport x"}, nullptr) == 2);
}

TEST_CASE("tablespaces given per table hold those tables and their indexes", "[prepare]") {
  const std::string db = create_database("tpcc_tablespaces");
  const std::string dir = tpcc::test::local_server().directory() + "/ts_tpcc_test";
  tpcc::test::make_directory_for_server(dir);
  tpcc::test::execute_outside_transaction(db,
                                          "create tablespace ts_tpcc_test location '" + dir + "'");
  prepare_output({"prepare", "--conn", db, "--warehouses", "1", "--no-check", "--tablespace",
                  "stock=ts_tpcc_test,customer=ts_tpcc_test", "--partitions", "2"},
                 0);
  const std::string in_ts =
      "select count(*) from pg_class c join pg_tablespace t on t.oid = c.reltablespace "
      "where t.spcname = 'ts_tpcc_test' and c.relname ~ ";
  CHECK(scalar(db, in_ts + "'^bmsql_stock_p[12]'") == 4);     // 2 partitions, their keys
  CHECK(scalar(db, in_ts + "'^bmsql_customer_p[12]'") == 6);  // and name indexes
  CHECK(scalar(db, in_ts + "'^bmsql_item'") == 0);
  prepare_output({"cleanup", "--conn", db}, 0);
  tpcc::test::execute_outside_transaction(db, "drop tablespace ts_tpcc_test");
}

TEST_CASE("check on a database without a load exits 2 with a clear message", "[prepare]") {
  const std::string db = create_database("tpcc_check_empty");
  const std::string output = prepare_output({"check", "--conn", db}, 2);
  CHECK(output.find("tpcc prepare") != std::string::npos);
}

TEST_CASE("Ctrl-C during a load exits 130, says how to resume, and the resume completes",
          "[prepare][resume]") {
  const std::string db = create_database("tpcc_prepare_sigint");
  const std::string log = tpcc::test::local_server().directory() + "/prepare_sigint.log";
  const std::vector<std::string> args = {"prepare", "--conn", db,     "--warehouses",
                                         "4",       "--seed", "4242", "--no-check"};
  tpcc::test::TpccChild child(args, log);
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  child.signal(SIGINT);
  const int status = child.wait_for(30);
  std::ifstream in(log);
  const std::string output((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  INFO(output);
  // A load that finished before the signal arrived exits 0; otherwise 130.
  CHECK((status == 130 || status == 0));
  if (status == 130) CHECK(output.find("run the same tpcc prepare again") != std::string::npos);
  prepare_output(args, 0);
  CHECK(scalar(db, "select count(*) from bmsql_warehouse") == 4);
  CHECK(scalar(db, "select count(*) from bmsql_stock") == 400000);
}

TEST_CASE(
    "prepare on a load with another layout exits 2 naming each difference and changes nothing",
    "[prepare][layout]") {
  const std::string db = tpcc::test::prepared_database("tpcc_layout", 1);
  const std::vector<std::string> changed = {"prepare", "--conn",       db,          "--warehouses",
                                            "1",       "--partitions", "4",         "--fillfactor",
                                            "80",      "--tablespace", "pg_default"};
  std::string output = prepare_output(changed, 2);
  CHECK(output.find("--partitions 4: the database was loaded with partitions 0 (bmsql_config "
                    "tpcc_partitions)") != std::string::npos);
  CHECK(
      output.find("--fillfactor 80: the database was loaded with fillfactor default (bmsql_config "
                  "tpcc_fillfactor)") != std::string::npos);
  CHECK(output.find("--tablespace pg_default: the database was loaded with tablespace none") !=
        std::string::npos);
  CHECK(output.find("run tpcc cleanup first") != std::string::npos);
  CHECK(scalar(db, "select count(*) from pg_class where relname like 'bmsql_stock%'") == 2);
  // Only the default storage options (docs/performance.md, Steady state), none of the asked ones.
  CHECK(scalar(db,
               "select count(*) from pg_class where relname like 'bmsql%' "
               "and (reloptions @> array['fillfactor=80'] or reltablespace <> 0)") == 0);
  CHECK(scalar_text(db, "select cfg_value from bmsql_config where cfg_name = 'tpcc_partitions'") ==
        "0");

  // A load of an older tpcc, without the keys: the catalog tells partitions
  // and fillfactor; the tablespace is accepted as asked.
  tpcc::test::execute(db,
                      "delete from bmsql_config where cfg_name like 'tpcc\\_%' "
                      "and cfg_name not in ('tpcc_seed', 'tpcc_load_time', "
                      "'tpcc_load_complete')");
  output = prepare_output(changed, 2);
  CHECK(output.find("--partitions 4: the database was loaded with partitions 0 (the catalog; the "
                    "load predates tpcc_partitions)") != std::string::npos);
  CHECK(output.find(
            "--fillfactor 80: the database was loaded with fillfactor default (the catalog") !=
        std::string::npos);
  CHECK(output.find("--tablespace") == std::string::npos);
  CHECK(scalar(db, "select count(*) from pg_class where relname like 'bmsql_stock%'") == 2);
}

TEST_CASE("prepare after a run reinstalls the functions and checks the run-time conditions",
          "[prepare][after-run]") {
  const std::string db = tpcc::test::prepared_database("tpcc_prepare_after_run", 1);
  const long long orders_loaded = scalar(db, "select count(*) from bmsql_oorder");
  const std::string dir = tpcc::test::local_server().directory() + "/prepare_after_run";
  prepare_output({"run", "--conn", db, "--duration", "2", "--terminals", "2", "--result-dir", dir},
                 0);
  REQUIRE(scalar(db, "select count(*) from bmsql_oorder") > orders_loaded);
  const std::string completed =
      scalar_text(db, "select cfg_value from bmsql_config where cfg_name = 'tpcc_load_complete'");
  tpcc::test::execute(db, "drop function tpcc_payment");

  std::string output = prepare_output({"prepare", "--conn", db, "--warehouses", "1"}, 0);
  CHECK(output.find("the load is already complete") != std::string::npos);
  CHECK(output.find("checking the run-time consistency conditions (3.3.2; not 3.3.2.11") !=
        std::string::npos);
  CHECK(output.find("11 of 12 conditions hold (1 skipped)") != std::string::npos);
  CHECK(output.find("FAIL") == std::string::npos);
  CHECK(scalar(db, "select count(*) from pg_proc where proname = 'tpcc_payment'") == 1);
  // The load completed once; a later prepare does not move that time.
  CHECK(scalar_text(db,
                    "select cfg_value from bmsql_config where cfg_name = "
                    "'tpcc_load_complete'") == completed);

  // The run-time conditions are really checked: a broken one fails prepare.
  const tpcc::test::CommittedChange broken{db, "update bmsql_warehouse set w_ytd = w_ytd + 1",
                                           "update bmsql_warehouse set w_ytd = w_ytd - 1"};
  output = prepare_output({"prepare", "--conn", db, "--warehouses", "1"}, 1);
  CHECK(output.find("3.3.2.1   FAIL") != std::string::npos);
}

TEST_CASE(
    "prepare --warehouses 1000000000 is refused at once with its size estimate and the free "
    "space, in a bounded address space, creating nothing",
    "[prepare][space]") {
  const std::string db = create_database("tpcc_prepare_huge");
  // 2 GB of address space: a plan that allocated per warehouse (4 GB for a
  // billion warehouse numbers) would die of bad_alloc, not refuse.
  std::string output;
  tpcc::ProcessOptions options;
  const int status =
      tpcc::run_process({"/bin/sh", "-c", "ulimit -v 2000000 && exec \"$0\" \"$@\"", TPCC_BINARY,
                         "prepare", "--conn", db, "--warehouses", "1000000000"},
                        options, &output);
  INFO(output);
  CHECK(status == 2);
  CHECK(output.find("size estimate: about 112 PB with indexes for 1000000000 warehouse(s); ") !=
        std::string::npos);
  CHECK(output.find("tpcc: --warehouses: loading 1000000000 warehouse(s) needs about 112 PB with "
                    "indexes, but the file system of the server's data directory ") !=
        std::string::npos);
  CHECK(output.find("--no-space-check") != std::string::npos);
  CHECK(tpcc_relations(db) == 0);
}
