// A recorded, resumable load's plan: each table's rows in ranges of ids,
// the ranges its record lists as loaded left out, so that a killed prepare,
// run again, loads only what is missing.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <pqxx/connection>

namespace tpcc {

struct TableRows {
  std::string name;
  long long rows;
};

// Ids first..last of tables[table].
struct IdRange {
  std::size_t table;
  long long first;
  long long last;
};

// The ranges of `range_rows` ids (1.., the last one shorter) of each table
// whose first id select_loaded_sql ($1 the table's name: the first ids of
// its loaded ranges) does not return; says on `out` which tables resume,
// and adds the ranges' rows to rows_pending.
std::vector<IdRange> plan_missing_ranges(pqxx::connection& conn,
                                         const std::vector<TableRows>& tables, long long range_rows,
                                         const char* select_loaded_sql, long long& rows_pending,
                                         std::ostream& out);

}  // namespace tpcc
