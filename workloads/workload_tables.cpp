#include "workloads/workload_tables.hpp"

#include <algorithm>

#include <pqxx/pqxx>

#include "db/catalog.hpp"
#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/pgbench/pgbench_tables.hpp"
#include "workloads/sysbench/oltp_tables.hpp"

namespace tpcc {
namespace {

// The column of a record that says whether prepare finished the table
// (the ingest's record has none: its tables are complete once created).
constexpr const char* kCompleteColumn = "complete";

struct Record {
  const char* workload;
  const char* table;
  const char* select;  // the table's name first, then its options
  const char* chunks;  // prepare's record of the rows loaded so far; nullptr: none
};

Record record_of(WorkloadKind kind) {
  switch (kind) {
    case WorkloadKind::SysbenchOltp:
      return {"sysbench", kOltpTablesRecord, kSelectOltpTablesSql, kOltpChunksRecord};
    case WorkloadKind::Pgbench:
      return {"pgbench", kPgbenchTablesRecord, kSelectPgbenchTablesSql, kPgbenchChunksRecord};
    case WorkloadKind::Ingest: return {"ingest", kIngestRecord, kSelectIngestTablesSql, nullptr};
    case WorkloadKind::Tpcc: break;
  }
  return {"tpcc", nullptr, nullptr, nullptr};
}

}  // namespace

WorkloadTables read_workload_tables(pqxx::connection& conn, WorkloadKind kind) {
  const Record record = record_of(kind);
  WorkloadTables load;
  load.workload = record.workload;
  if (record.table == nullptr) return load;
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
