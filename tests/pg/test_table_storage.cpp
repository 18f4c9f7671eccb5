// The storage defaults prepare gives the hot tables (issue 15 item 3):
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
  return scalar_text(db, "select coalesce((select p.reloptions::text from pg_inherits i "
                         "join pg_class p on p.oid = i.inhrelid where i.inhparent = c.oid "
                         "order by p.relname limit 1), c.reloptions::text, '') "
                         "from pg_class c where c.relname = '" + table + "'");
}

// -1 when the table was never analysed or vacuumed.
long long reltuples(const std::string& db, const std::string& table) {
  return scalar(db, "select reltuples::bigint from pg_class where relname = '" + table + "'");
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
  CHECK(scalar(db, "select count(*) from pg_class where relname like 'bmsql_new_order_p%' "
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
