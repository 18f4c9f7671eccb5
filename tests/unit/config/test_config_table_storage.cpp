// The storage defaults of the hot tables: fillfactor and
// storage parameters prepare applies unless told otherwise, how the options
// change them, and the values they refuse.
#include <catch2/catch.hpp>

#include <string>

#include "config/table_storage.hpp"
#include "tests/unit/config_test_support.hpp"

using tpcc::Config;
using tpcc::FillfactorMap;
using tpcc::StorageParameters;
using tpcc::test::parse;
using tpcc::test::usage_error;

TEST_CASE("table storage: prepare's defaults are the documented ones", "[config][storage]") {
  const Config c = parse({"prepare"});
  CHECK(c.fillfactor == FillfactorMap{{"bmsql_warehouse", 10},
                                      {"bmsql_district", 10},
                                      {"bmsql_customer", 90},
                                      {"bmsql_order_line", 90}});
  CHECK(tpcc::storage_parameters_text(c.storage_parameters) ==
        "district.vacuum_truncate=off,warehouse.vacuum_truncate=off");
  CHECK_FALSE(c.analyze_all_tables);
  CHECK(tpcc::tables_left_unanalyzed() ==
        std::vector<std::string>{"bmsql_warehouse", "bmsql_district"});
}

TEST_CASE("table storage: --fillfactor pairs keep the other defaults, a number or none drops them",
          "[config][storage]") {
  FillfactorMap merged = tpcc::default_fillfactor();
  merged["bmsql_stock"] = 80;
  merged["bmsql_district"] = 50;
  CHECK(parse({"prepare", "--fillfactor", "stock=80,district=50"}).fillfactor == merged);
  CHECK(parse({"prepare", "--fillfactor", "100"}).fillfactor == FillfactorMap{{"*", 100}});
  CHECK(parse({"prepare", "--fillfactor", "none"}).fillfactor.empty());
  CHECK(parse({"prepare", "--fillfactor", "none,stock=80"}).fillfactor ==
        FillfactorMap{{"bmsql_stock", 80}});
}

TEST_CASE("table storage: --storage-parameters sets, drops one default or all of them",
          "[config][storage]") {
  const Config set =
      parse({"prepare", "--storage-parameters",
             "new_order.autovacuum_vacuum_scale_factor=0.050,"
             "stock.autovacuum_enabled=false,order.autovacuum_vacuum_cost_limit=400"});
  CHECK(set.storage_parameters.at("bmsql_new_order").at("autovacuum_vacuum_scale_factor") ==
        "0.05");
  CHECK(set.storage_parameters.at("bmsql_stock").at("autovacuum_enabled") == "off");
  CHECK(set.storage_parameters.at("bmsql_oorder").at("autovacuum_vacuum_cost_limit") == "400");
  CHECK(set.storage_parameters.at("bmsql_district").at("vacuum_truncate") == "off");

  const Config dropped =
      parse({"prepare", "--storage-parameters", "district.vacuum_truncate=default"});
  CHECK(dropped.storage_parameters.count("bmsql_district") == 0);
  CHECK(dropped.storage_parameters.at("bmsql_warehouse").at("vacuum_truncate") == "off");

  CHECK(parse({"prepare", "--storage-parameters", "none"}).storage_parameters.empty());
  CHECK(parse({"prepare", "--analyze-all-tables"}).analyze_all_tables);
}

TEST_CASE("table storage: bad storage parameters exit 2 naming the option and the item",
          "[config][storage]") {
  const auto unknown = usage_error({"prepare", "--storage-parameters", "stock.fast=on"});
  CHECK(unknown.find("--storage-parameters") != std::string::npos);
  CHECK(unknown.find("'stock.fast=on' is not a storage parameter of") != std::string::npos);

  const auto table = usage_error({"prepare", "--storage-parameters", "shop.vacuum_truncate=on"});
  CHECK(table.find("'shop.vacuum_truncate=on' is not on a table of the kit") != std::string::npos);

  const auto shape = usage_error({"prepare", "--storage-parameters", "vacuum_truncate=on"});
  CHECK(shape.find("is not table.parameter=value") != std::string::npos);

  const auto range =
      usage_error({"prepare", "--storage-parameters", "district.autovacuum_vacuum_cost_limit=0"});
  CHECK(range.find("--storage-parameters: district.autovacuum_vacuum_cost_limit: ") !=
        std::string::npos);
  CHECK(range.find("0 is out of range (1..10000)") != std::string::npos);

  CHECK(usage_error(
            {"prepare", "--storage-parameters", "district.autovacuum_vacuum_scale_factor=101"})
            .find("0..100") != std::string::npos);
  CHECK(usage_error({"prepare", "--storage-parameters", "district.vacuum_truncate=maybe"})
            .find("true or false") != std::string::npos);
  CHECK(usage_error({"prepare", "--fillfactor", "none,district=5"}).find("--fillfactor") !=
        std::string::npos);
}
