// What the workloads' own tables share (sysbench's sbtest tables, pgbench's,
// the ingest tables): the check lines, and cleanup's drop of the tables a
// record of the kit's names (whether one exists: db/catalog.hpp), refused
// while objects of others depend on them unless --cascade
// (schema/kit_dependents.hpp, as TPC-C's cleanup).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <pqxx/transaction_base>

#include "config/config.hpp"
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

// A workload's tables as its cleanup knows them.
struct RecordedTables {
  const char* kind;    // "sbtest": "dropped 2 sbtest table(s) tpcc prepared"
  const char* record;  // "tpcc_sysbench_tables": its table_name column names the kit's tables
  // The record's tables (the record itself, its chunks), dropped last.
  std::vector<std::string> record_tables;
  // The names of the workload's tables found in the current schema: those
  // left after the drop were not the kit's, and are named.
  const char* list_tables_sql;
  // A kit partition's name after its table's (KitObjects); "" none.
  std::string partition_suffix;
};

// tpcc cleanup of a workload's tables, in one transaction: with objects of
// others depending on the tables the record names or on the record, the
// refusal naming them (exit 1, nothing dropped) unless config.cascade;
// then each recorded table that exists and the record dropped, the others
// named. Exit 0.
int cleanup_recorded_tables(const Config& config, const RecordedTables& tables, std::ostream& out);

}  // namespace tpcc
