// The storage defaults prepare gives the hot tables:
// fillfactor and storage parameters in the tables' reloptions, warehouse and
// district left without statistics, each overridable, bad values refused.
#include <catch2/catch.hpp>

#include <string>

#include "tests/pg/pg_fixture.hpp"

namespace {

using tpcc::test::create_database;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::scalar_text;

// A table's reloptions, or the first partition's when it is partitioned
// (a partitioned parent holds none), as "{a=1,b=2}"; "" when it has none.
std::string reloptions(const std::string& db, const std::string& table) {
  return scalar_text(db,
                     "select coalesce((select p.reloptions::text from pg_inherits i "
                     "join pg_class p on p.oid = i.inhrelid where i.inhparent = c.oid "
                     "order by p.relname limit 1), c.reloptions::text, '') "
                     "from pg_class c where c.relname = '" +
                         table + "'");
}

// -1 when the table was never analysed or vacuumed.
long long reltuples(const std::string& db, const std::string& table) {
  return scalar(db, "select reltuples::bigint from pg_class where relname = '" + table + "'");
}

// Statistics ANALYZE gathered on one column of one table (or partition):
// rows of pg_stats, 0 or 1.
long long column_statistics(const std::string& db, const std::string& table,
                            const std::string& column) {
  return scalar(db, "select count(*) from pg_stats where tablename = '" + table +
                        "' and attname = '" + column + "'");
}

void prepare(const std::vector<std::string>& args, int expected_status, std::string* output) {
  const int status = run_tpcc(args, output);
  INFO(*output);
  REQUIRE(status == expected_status);
}

}  // namespace

TEST_CASE("prepare gives the hot tables the documented storage defaults", "[prepare][storage]") {
  const std::string db = create_database("tpcc_storage_defaults");
  std::string output;
  prepare({"prepare", "--conn", db, "--warehouses", "1", "--no-check"}, 0, &output);
  CHECK(reloptions(db, "bmsql_warehouse") == "{fillfactor=10,vacuum_truncate=off}");
  CHECK(reloptions(db, "bmsql_district") == "{fillfactor=10,vacuum_truncate=off}");
  CHECK(reloptions(db, "bmsql_customer") == "{fillfactor=90}");
  CHECK(reloptions(db, "bmsql_order_line") == "{fillfactor=90}");
  CHECK(reloptions(db, "bmsql_stock") == "");
  // Warehouse and district keep no statistics; the other tables have them.
  CHECK(reltuples(db, "bmsql_warehouse") == -1);
  CHECK(reltuples(db, "bmsql_district") == -1);
  CHECK(reltuples(db, "bmsql_stock") == 100000);
  CHECK(scalar_text(db, "select cfg_value from bmsql_config where cfg_name = 'tpcc_fillfactor'") ==
        "default");
}

TEST_CASE("prepare takes the storage options over the defaults, on partitions too",
          "[prepare][storage]") {
  const std::string db = create_database("tpcc_storage_overrides");
  std::string output;
  prepare({"prepare", "--conn", db, "--warehouses", "1", "--no-check", "--partitions", "2",
           "--fillfactor", "district=50,customer=100", "--storage-parameters",
           "district.vacuum_truncate=default,new_order.autovacuum_vacuum_scale_factor=0.05",
           "--analyze-all-tables"},
          0, &output);
  CHECK(reloptions(db, "bmsql_district") == "{fillfactor=50}");
  CHECK(reloptions(db, "bmsql_warehouse") == "{fillfactor=10,vacuum_truncate=off}");
  CHECK(reloptions(db, "bmsql_customer") == "{fillfactor=100}");
  CHECK(reloptions(db, "bmsql_new_order") == "{autovacuum_vacuum_scale_factor=0.05}");
  CHECK(scalar(db,
               "select count(*) from pg_class where relname like 'bmsql_new_order_p%' "
               "and reloptions @> array['autovacuum_vacuum_scale_factor=0.05']") == 2);
  CHECK(reltuples(db, "bmsql_district") == 10);
  CHECK(reltuples(db, "bmsql_warehouse") == 1);
}

TEST_CASE("a bad storage parameter or none of them exits 2 naming the option, nothing created",
          "[prepare][storage]") {
  const std::string db = create_database("tpcc_storage_bad");
  std::string output;
  prepare({"prepare", "--conn", db, "--storage-parameters",
           "district.autovacuum_vacuum_cost_delay=500"},
          2, &output);
  CHECK(output.find("--storage-parameters: district.autovacuum_vacuum_cost_delay: '500' is not "
                    "a number 0..100") != std::string::npos);
  prepare({"prepare", "--conn", db, "--storage-parameters", "item.no_such_parameter=1"}, 2,
          &output);
  CHECK(output.find("--storage-parameters") != std::string::npos);
  CHECK(output.find("is not a storage parameter of") != std::string::npos);
  CHECK(scalar(db, "select count(*) from pg_class where relname like 'bmsql%'") == 0);
}

TEST_CASE("prepare leaves the text payload columns without statistics unless asked",
          "[prepare][storage]") {
  const std::string db = create_database("tpcc_payload_statistics");
  std::string output;
  prepare({"prepare", "--conn", db, "--warehouses", "1", "--no-check", "--partitions", "2"}, 0,
          &output);
  // schema/payload_statistics.sql: the payload columns get none, the keys
  // and Stock-Level's s_quantity keep theirs, on the partitions too (the
  // first holds warehouse 1; the second is empty, so it has none at all).
  CHECK(column_statistics(db, "bmsql_stock_p1", "s_dist_01") == 0);
  CHECK(column_statistics(db, "bmsql_stock_p1", "s_data") == 0);
  CHECK(column_statistics(db, "bmsql_stock_p1", "s_quantity") == 1);
  CHECK(column_statistics(db, "bmsql_stock_p1", "s_i_id") == 1);
  CHECK(column_statistics(db, "bmsql_customer_p1", "c_data") == 0);
  CHECK(column_statistics(db, "bmsql_customer_p1", "c_last") == 1);
  CHECK(column_statistics(db, "bmsql_item", "i_data") == 0);
  CHECK(column_statistics(db, "bmsql_item", "i_price") == 1);
  CHECK(scalar(db,
               "select attstattarget from pg_attribute where attrelid = "
               "'bmsql_stock_p1'::regclass and attname = 's_dist_10'") == 0);

  // The complete load prepared again with the flag: the server's default
  // target back on those columns, and their statistics gathered.
  prepare({"prepare", "--conn", db, "--warehouses", "1", "--no-check", "--partitions", "2",
           "--analyze-payload-columns"},
          0, &output);
  CHECK(scalar(db,
               "select attstattarget from pg_attribute where attrelid = "
               "'bmsql_stock_p1'::regclass and attname = 's_dist_10'") == -1);
  CHECK(column_statistics(db, "bmsql_stock_p1", "s_dist_01") == 1);
  CHECK(column_statistics(db, "bmsql_customer_p1", "c_data") == 1);
  CHECK(column_statistics(db, "bmsql_item", "i_data") == 1);
}
