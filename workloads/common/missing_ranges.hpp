// A recorded, resumable load's plan: each table's rows in ranges of ids,
// the ranges its record lists as loaded left out, so that a killed prepare,
// run again, loads only what is missing. The plan keeps the loaded ranges
// only (what the record holds), never a list of the ranges to load: the
// n-th range is computed when a worker takes it, so a plan of 10^8 ranges
// takes no more memory than one of ten.
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

// Ids first..last of table number `table` of a plan.
struct IdRange {
  std::size_t table;
  long long first;
  long long last;
};

class MissingRanges {
 public:
  // The ranges of `range_rows` ids (1.., the last one shorter) of each
  // table of table_rows[table] rows, less those whose first id
  // loaded_firsts[table] holds (first ids that start no range of the table
  // are ignored).
  MissingRanges(const std::vector<long long>& table_rows, long long range_rows,
                const std::vector<std::vector<long long>>& loaded_firsts);

  std::size_t count() const { return count_; }  // ranges to load
  long long rows() const { return rows_; }      // their rows
  long long rows(std::size_t table) const { return tables_.at(table).rows_to_load; }
  // Range n (0 <= n < count()), tables in order, each table's by id.
  IdRange at(std::size_t n) const;

 private:
  struct Table {
    long long rows;
    std::vector<long long> loaded;  // indexes of loaded ranges, ascending
    std::size_t first_job;          // the job number of its first missing range
    std::size_t missing;            // its ranges to load
    long long rows_to_load;         // their rows
  };
  long long range_rows_;
  std::vector<Table> tables_;
  std::size_t count_ = 0;
  long long rows_ = 0;
};

// The first ids of each table's loaded ranges, from its record:
// select_loaded_sql ($1 the table's name) returns them. Says on `out`
// which tables resume.
std::vector<std::vector<long long>> read_loaded_firsts(pqxx::connection& conn,
                                                       const std::vector<TableRows>& tables,
                                                       const char* select_loaded_sql,
                                                       std::ostream& out);

}  // namespace tpcc
