// What the workloads' own tables share (sysbench's sbtest tables, the
// ingest tables): cleanup's drop of the tables a record of the kit's names
// (whether one exists: db/catalog.hpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <pqxx/transaction_base>

#include "db/catalog.hpp"

namespace tpcc {

// One check of one of a workload's tables, as tpcc check prints it.
struct TableCheckResult {
  std::string table;  // "sbtest1"
  std::string what;   // "primary key on id"
  bool passed = false;
  std::string detail;  // what was found, when it failed
};

// "PASS  sbtest1  primary key on id", with "(found: ...)" after a FAIL.
std::string format_table_check_line(const TableCheckResult& result);

// A line per check, then "N of M <kind> checks hold<note>"; exit 0 when
// all hold, 1 otherwise.
int print_table_checks(const std::vector<TableCheckResult>& results, const std::string& kind,
                       const std::string& note, std::ostream& out);

// Drops each of `names` that exists, in tx: the names are the kit's own,
// read from its record. Returns how many were dropped.
int drop_recorded_tables(pqxx::transaction_base& tx, const std::vector<std::string>& names);

// The first column of the rows `sql` returns, joined with ", ": the tables
// of a workload's names that cleanup leaves because the kit did not make them.
std::string joined_names(pqxx::transaction_base& tx, const char* sql);

}  // namespace tpcc
