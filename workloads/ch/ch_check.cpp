#include "workloads/ch/ch_check.hpp"

#include <map>
#include <string>

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "db/catalog.hpp"
#include "workloads/ch/ch_tables.hpp"

namespace tpcc {
namespace {

// One check: `sql` returns one value, which holds when it reads `expected`.
struct ChCheck {
  const char* table;
  std::string what;
  std::string sql;
  std::string expected;
};

// "(1, 'Africa'), (2, 'America'), ...": CH's definition as SQL rows. The
// names are the kit's constants, none with a quote.
std::string region_values() {
  std::string values;
  for (const ChRegion& r : ch_regions()) {
    values += (values.empty() ? "" : ", ") + std::string("(") + std::to_string(r.key) + ", '" +
              r.name + "')";
  }
  return values;
}

std::string nation_values() {
  std::string values;
  for (const ChNation& n : ch_nations()) {
    values += (values.empty() ? "" : ", ") + std::string("(") + std::to_string(n.key) + ", '" +
              n.name + "', " + std::to_string(n.region) + ")";
  }
  return values;
}

std::vector<ChCheck> region_checks() {
  const std::string n = std::to_string(ch_regions().size());
  return {
      {kChRegionTable, n + " rows, keys 1.." + n,
       "select count(*) || ' rows, keys ' || min(r_regionkey) || '..' || max(r_regionkey) "
       "from bmsql_region",
       n + " rows, keys 1.." + n},
      {kChRegionTable, "names as CH-benCHmark defines them",
       "select count(*) from bmsql_region join (values " + region_values() +
           ") as ch(key, name) on r_regionkey = ch.key and r_name = ch.name",
       n},
  };
}

std::vector<ChCheck> nation_checks() {
  const std::string n = std::to_string(ch_nations().size());
  return {
      {kChNationTable, n + " rows, keys the ASCII codes of 0-9, A-Z and a-z",
       "select count(*) filter (where n_nationkey between 48 and 57 or n_nationkey between 65 "
       "and 90 or n_nationkey between 97 and 122) || ' of ' || count(*) from bmsql_nation",
       n + " of " + n},
      {kChNationTable, "names and regions as CH-benCHmark defines them",
       "select count(*) from bmsql_nation join (values " + nation_values() +
           ") as ch(key, name, region) on n_nationkey = ch.key and n_name = ch.name and "
           "n_regionkey = ch.region",
       n},
      {kChNationTable, "every nation's region is in bmsql_region",
       "select count(*) from bmsql_nation where not exists (select 1 from bmsql_region where "
       "r_regionkey = n_regionkey)",
       "0"},
      {kChNationTable, "every customer's nation (ascii of c_state's first character) is here",
       "select count(*) from bmsql_customer where not exists (select 1 from bmsql_nation where "
       "n_nationkey = ascii(substr(c_state, 1, 1)))",
       "0"},
  };
}

std::vector<ChCheck> supplier_checks() {
  const std::string n = std::to_string(kChSuppliers);
  const std::string last = std::to_string(kChSuppliers - 1);
  return {
      {kChSupplierTable, n + " rows, keys 0.." + last,
       "select count(*) || ' rows, keys ' || min(su_suppkey) || '..' || max(su_suppkey) from "
       "bmsql_supplier",
       n + " rows, keys 0.." + last},
      {kChSupplierTable, "names Supplier#<key in 9 digits>",
       "select count(*) from bmsql_supplier where su_name <> 'Supplier#' || "
       "lpad(su_suppkey::text, 9, '0')",
       "0"},
      {kChSupplierTable, "balances within [-999.99, 9999.99]",
       "select count(*) from bmsql_supplier where su_acctbal not between -999.99 and 9999.99", "0"},
      {kChSupplierTable, "every supplier's nation is in bmsql_nation",
       "select count(*) from bmsql_supplier where not exists (select 1 from bmsql_nation where "
       "n_nationkey = su_nationkey)",
       "0"},
      {kChSupplierTable, "every stock row's supplier (mod(s_w_id * s_i_id, 10000)) is here",
       "select count(*) from bmsql_stock where not exists (select 1 from bmsql_supplier where "
       "su_suppkey = mod(s_w_id * s_i_id, 10000))",
       "0"},
  };
}

std::vector<ChCheck> checks_of(const std::string& table) {
  if (table == kChRegionTable) return region_checks();
  if (table == kChNationTable) return nation_checks();
  return supplier_checks();
}

}  // namespace

bool ch_tables_recorded(pqxx::connection& conn) { return relation_exists(conn, kChRecord); }

std::vector<TableCheckResult> run_ch_checks(pqxx::connection& conn) {
  std::vector<TableCheckResult> results;
  if (!ch_tables_recorded(conn)) return results;
  pqxx::nontransaction tx(conn);
  std::map<std::string, long long> recorded;
  for (const auto& row : tx.exec(kSelectChTablesSql)) {
    recorded[row[0].as<std::string>()] = row[1].as<long long>();
  }
  for (const std::string& table : ch_table_names()) {
    const auto found = recorded.find(table);
    if (found == recorded.end()) continue;
    if (!relation_exists(tx, table)) {
      results.push_back({table, "the table prepare made is there", false, "the table is gone"});
      continue;
    }
    // The name is one of the kit's three constants.
    const long long rows = tx.exec("select count(*) from " + table)[0][0].as<long long>();
    results.push_back({table, std::to_string(found->second) + " rows as recorded",
                       rows == found->second, std::to_string(rows) + " rows"});
    for (const ChCheck& check : checks_of(table)) {
      const pqxx::result r = tx.exec(check.sql);
      const std::string value = r[0][0].is_null() ? "null" : r[0][0].as<std::string>();
      results.push_back({check.table, check.what, value == check.expected, value});
    }
  }
  return results;
}

}  // namespace tpcc
