// What the tests of tpcc prepare (test_prepare*.cpp) share: its output at an
// expected exit status, and what a load left in the database.
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "tests/pg/pg_fixture.hpp"

namespace tpcc::test {

// The kit's relations (tables, indexes, partitions) in the public schema.
inline long long tpcc_relations(const std::string& conninfo) {
  return scalar(conninfo,
                "select count(*) from pg_class where relname like 'bmsql%' "
                "and relnamespace = 'public'::regnamespace");
}

// A digest of every table's rows, without the load-time timestamps (two
// loads started at different times differ only there).
inline std::map<std::string, std::string> table_digests(const std::string& conninfo) {
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

// tpcc's output (stdout and stderr) for args, requiring the exit status.
inline std::string prepare_output(const std::vector<std::string>& args, int expected_status) {
  std::string output;
  const int status = run_tpcc(args, &output);
  INFO(output);
  REQUIRE(status == expected_status);
  return output;
}

}  // namespace tpcc::test
