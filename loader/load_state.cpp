#include "loader/load_state.hpp"

#include <map>
#include <vector>

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "config/errors.hpp"
#include "loader/rows.hpp"
#include "schema/schema.hpp"
#include "spec/constants.hpp"

namespace tpcc {
namespace {

template <typename Row>
std::string column_names() {
  std::string names;
  for (const char* c : Row::kColumns) names += (names.empty() ? "" : ",") + std::string(c);
  return names;
}

// The columns each table must have, in order, for rows to be compatible.
const std::map<std::string, std::string>& expected_columns() {
  static const std::map<std::string, std::string> columns = {
      {"bmsql_config", "cfg_name,cfg_value"},
      {ItemRow::kTable, column_names<ItemRow>()},
      {WarehouseRow::kTable, column_names<WarehouseRow>()},
      {DistrictRow::kTable, column_names<DistrictRow>()},
      {StockRow::kTable, column_names<StockRow>()},
      {CustomerRow::kTable, column_names<CustomerRow>()},
      {HistoryRow::kTable, column_names<HistoryRow>()},
      {OrderRow::kTable, column_names<OrderRow>()},
      {NewOrderRow::kTable, column_names<NewOrderRow>()},
      {OrderLineRow::kTable, column_names<OrderLineRow>()},
  };
  return columns;
}

// Only the kit's own table names count: a user's bmsql_custom is neither a
// load nor in the way of one, and cleanup would never drop it.
std::map<std::string, std::string> existing_tables(pqxx::nontransaction& tx) {
  std::map<std::string, std::string> tables;
  const auto rows = tx.exec_params(
      "select c.relname, string_agg(a.attname, ',' order by a.attnum) "
      "from pg_class c join pg_attribute a on a.attrelid = c.oid "
      "where c.relnamespace = to_regnamespace(current_schema())::oid "
      "  and c.relkind in ('r', 'p') and c.relname = any($1::text[]) "
      "  and not c.relispartition and a.attnum > 0 and not a.attisdropped "
      "group by c.relname",
      all_tables_array());
  for (const auto& row : rows) tables[row[0].as<std::string>()] = row[1].as<std::string>();
  return tables;
}

std::string joined(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const auto& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

// The tables whose primary key another kit's load must have built (history
// has none in TPC-C; BenchmarkSQL adds one later, optionally).
constexpr const char* kKeyedTables[] = {"bmsql_warehouse", "bmsql_district",  "bmsql_customer",
                                        "bmsql_oorder",    "bmsql_new_order", "bmsql_order_line",
                                        "bmsql_stock",     "bmsql_item"};
constexpr const char* kTablesWithoutKeySql =
    "select t from unnest($1::text[]) with ordinality as u(t, n) "
    "where not exists (select 1 from pg_index i "
    "  where i.indrelid = to_regclass(t) and i.indisprimary) order by n";
// A warehouse of another kit's load is whole when the last row of each of
// its tables is there, whatever order the kit loaded them in (New-Order is
// left out: Deliveries delete its rows). By primary key, one lookup each.
constexpr const char* kWholeWarehousesSql =
    "select w.w_id from bmsql_warehouse w "
    "where (select count(*) from bmsql_district d where d.d_w_id = w.w_id) = $1 "
    "  and exists (select 1 from bmsql_stock where s_w_id = w.w_id and s_i_id = $2) "
    "  and exists (select 1 from bmsql_customer "
    "    where c_w_id = w.w_id and c_d_id = $1 and c_id = $3) "
    "  and exists (select 1 from bmsql_oorder "
    "    where o_w_id = w.w_id and o_d_id = $1 and o_id = $4) "
    "  and exists (select 1 from bmsql_order_line "
    "    where ol_w_id = w.w_id and ol_d_id = $1 and ol_o_id = $4)";

RecordedLoad read_config_table(pqxx::nontransaction& tx) {
  std::map<std::string, std::string> values;
  for (const auto& row : tx.exec("select cfg_name, cfg_value from bmsql_config")) {
    values[row[0].as<std::string>()] = row[1].is_null() ? "" : row[1].as<std::string>();
  }
  RecordedLoad load;
  auto number = [&](const char* key) -> std::optional<long long> {
    const auto it = values.find(key);
    if (it == values.end()) return std::nullopt;
    try {
      return std::stoll(it->second);
    } catch (const std::exception&) {
      throw UsageError("bmsql_config: '" + std::string(key) + "' = '" + it->second +
                       "' is not a number");
    }
  };
  load.warehouses = static_cast<int>(number(kConfigWarehouses).value_or(0));
  load.c_load.c_last = static_cast<int>(number(kConfigCLast).value_or(-1));
  load.c_load.c_id = static_cast<int>(number(kConfigCId).value_or(-1));
  load.c_load.ol_i_id = static_cast<int>(number(kConfigItemId).value_or(-1));
  if (auto seed = number(kConfigSeed)) load.seed = static_cast<std::uint64_t>(*seed);
  if (auto it = values.find(kConfigLoadTime); it != values.end()) load.load_time = it->second;
  load.complete = values.count(kConfigLoadComplete) > 0;
  load.kit = load_kit(values);
  load.values = std::move(values);
  return load;
}

}  // namespace

LoadKit load_kit(const std::map<std::string, std::string>& values) {
  for (const auto& entry : values) {
    if (entry.first.rfind(kTpccKeyPrefix, 0) == 0) return LoadKit::Tpcc;
  }
  for (const char* key : {kConfigWarehouses, kConfigCLast, kConfigCId, kConfigItemId}) {
    if (values.count(key) == 0) return LoadKit::Other;
  }
  return LoadKit::BenchmarkSql;
}

const char* load_kit_name(LoadKit kit) {
  switch (kit) {
    case LoadKit::Tpcc: return "tpcc";
    case LoadKit::BenchmarkSql: return "BenchmarkSQL";
    case LoadKit::Other: return "another kit";
  }
  return "another kit";
}

std::string describe_load(const RecordedLoad& load) {
  std::string text = load_kit_name(load.kit);
  if (load.kit == LoadKit::Tpcc) {
    const auto version = load.values.find(kConfigVersion);
    if (version != load.values.end()) text += " " + version->second;
    std::vector<std::string> details;
    if (load.seed) details.push_back("seed " + std::to_string(*load.seed));
    if (!load.load_time.empty()) details.push_back("loaded " + load.load_time);
    if (!details.empty()) text += " (" + joined(details, ", ") + ")";
    return text;
  }
  std::string keys;
  for (const auto& entry : load.values) keys += (keys.empty() ? "" : ", ") + entry.first;
  return text + " (bmsql_config holds " + (keys.empty() ? std::string("no key") : keys) +
         " and no " + kTpccKeyPrefix + " key)";
}

DatabaseState inspect_database(pqxx::connection& conn) {
  pqxx::nontransaction tx(conn);
  DatabaseState state;
  const auto tables = existing_tables(tx);
  if (tables.empty()) return state;

  state.kind = DatabaseState::Kind::Incompatible;
  std::vector<std::string> present, missing, problems;
  for (const auto& [table, columns] : expected_columns()) {
    const auto it = tables.find(table);
    if (it == tables.end()) {
      missing.push_back(table);
      continue;
    }
    present.push_back(table);
    if (it->second != columns) {
      problems.push_back("table " + table + " has columns (" + it->second + ") but tpcc expects (" +
                         columns + ")");
    }
  }
  if (!missing.empty()) {
    problems.push_back("tables " + joined(present, ", ") + " exist but " + joined(missing, ", ") +
                       (missing.size() == 1 ? " does" : " do") + " not");
  }
  if (!problems.empty()) {
    state.incompatibility = joined(problems, "; ");
    return state;
  }
  state.recorded = read_config_table(tx);
  if (state.recorded.warehouses <= 0) {
    state.incompatibility = "bmsql_config does not record the warehouse count";
    return state;
  }
  state.kind = DatabaseState::Kind::Ours;
  if (state.recorded.kit != LoadKit::Tpcc) {
    std::string names = "{";
    for (const char* table : kKeyedTables)
      names += (names.size() > 1 ? "," : "") + std::string(table);
    for (const auto& row : tx.exec_params(kTablesWithoutKeySql, names + "}")) {
      state.tables_without_key.push_back(row[0].as<std::string>());
    }
  }
  // Without the keys, the lookups would scan whole tables: the missing keys
  // are the gap then.
  const bool whole_rows_needed =
      state.recorded.kit != LoadKit::Tpcc && state.tables_without_key.empty();
  const pqxx::result warehouses =
      whole_rows_needed ? tx.exec_params(kWholeWarehousesSql, kDistrictsPerWarehouse, kItems,
                                         kCustomersPerDistrict, kOrdersPerDistrict)
                        : tx.exec("select w_id from bmsql_warehouse");
  for (const auto& row : warehouses) state.complete_warehouses.insert(row[0].as<int>());
  state.items_loaded = tx.exec("select count(*) from bmsql_item")[0][0].as<long>() == kItems;
  return state;
}

DatabaseState inspect_loaded_database(pqxx::connection& conn) {
  DatabaseState state = inspect_database(conn);
  if (state.kind == DatabaseState::Kind::Empty) {
    throw UsageError("the database holds no TPC-C tables; run tpcc prepare first");
  }
  if (state.kind == DatabaseState::Kind::Incompatible) {
    throw UsageError("the database holds an incompatible schema: " + state.incompatibility);
  }
  return state;
}

RecordedLoad read_recorded_load(pqxx::connection& conn) {
  return inspect_loaded_database(conn).recorded;
}

}  // namespace tpcc
