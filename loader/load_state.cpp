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
  load.values = std::move(values);
  return load;
}

}  // namespace

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
  for (const auto& row : tx.exec("select w_id from bmsql_warehouse")) {
    state.complete_warehouses.insert(row[0].as<int>());
  }
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
