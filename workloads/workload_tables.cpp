#include "workloads/workload_tables.hpp"

#include <algorithm>

#include <pqxx/pqxx>

#include "db/catalog.hpp"

namespace tpcc {
namespace {

// The column of a record that says whether prepare finished the table
// (the ingest's record has none: its tables are complete once created).
constexpr const char* kCompleteColumn = "complete";

}  // namespace

WorkloadTables read_workload_tables(pqxx::connection& conn, const TablesRecord& record) {
  WorkloadTables load;
  load.workload = record.workload;
  load.bookkeeping = {record.table};
  if (record.chunks != nullptr) load.bookkeeping.emplace_back(record.chunks);
  pqxx::nontransaction tx(conn);
  if (!relation_exists(tx, record.table)) return load;
  load.record = record.table;
  const pqxx::result rows = tx.exec(record.select);
  load.complete = !rows.empty();
  for (const auto& row : rows) {
    const std::string table = row[0].as<std::string>();
    std::string options;
    for (pqxx::row::size_type i = 1; i < row.size(); ++i) {
      const std::string column = rows.column_name(i);
      const std::string value = row[i].is_null() ? "null" : row[i].as<std::string>();
      if (column == kCompleteColumn) {
        load.complete = load.complete && value == "t";
        continue;
      }
      options += (options.empty() ? "" : " ") + column + "=" + value;
    }
    load.layout.emplace_back(table, options);
  }
  // The record has no order: by name, so that two reads of one load match.
  std::sort(load.layout.begin(), load.layout.end());
  for (const auto& [table, options] : load.layout) load.tables.push_back(table);
  return load;
}

}  // namespace tpcc
