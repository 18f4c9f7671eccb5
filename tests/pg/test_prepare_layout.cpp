// tpcc prepare's layouts: load methods and COPY formats, partitions,
// fillfactor, foreign keys and tablespaces, and a prepare that would change
// the layout of a load refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/prepare_support.hpp"

using tpcc::test::create_database;
using tpcc::test::prepare_output;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::scalar_text;
using tpcc::test::table_digests;
using tpcc::test::tpcc_relations;

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
