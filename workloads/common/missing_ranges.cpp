#include "workloads/common/missing_ranges.hpp"

#include <algorithm>
#include <stdexcept>

#include <pqxx/nontransaction>
#include <pqxx/result>

namespace tpcc {

MissingRanges::MissingRanges(const std::vector<long long>& table_rows, long long range_rows,
                             const std::vector<std::vector<long long>>& loaded_firsts)
    : range_rows_(range_rows) {
  for (std::size_t t = 0; t < table_rows.size(); ++t) {
    const long long rows = std::max(0LL, table_rows[t]);
    const long long ranges = (rows + range_rows - 1) / range_rows;
    Table table{rows, {}, count_, 0, 0};
    long long loaded_rows = 0;
    if (t < loaded_firsts.size()) {
      for (const long long first : loaded_firsts[t]) {
        if (first < 1 || first > rows || (first - 1) % range_rows != 0) continue;
        table.loaded.push_back((first - 1) / range_rows);
      }
      std::sort(table.loaded.begin(), table.loaded.end());
      table.loaded.erase(std::unique(table.loaded.begin(), table.loaded.end()), table.loaded.end());
      for (const long long index : table.loaded) {
        loaded_rows += std::min(rows, (index + 1) * range_rows) - index * range_rows;
      }
    }
    table.missing = static_cast<std::size_t>(ranges) - table.loaded.size();
    table.rows_to_load = rows - loaded_rows;
    count_ += table.missing;
    rows_ += rows - loaded_rows;
    tables_.push_back(std::move(table));
  }
}

// The table of range n: the last whose first job is n or before (one with
// no missing ranges shares its first job with the next). Its k-th missing
// range is the k-th index not in `loaded`: k plus the number of loaded
// indexes j with loaded[j] - j <= k (loaded[j] - j, the missing indexes
// before loaded[j], never decreases).
IdRange MissingRanges::at(std::size_t n) const {
  if (n >= count_) throw std::out_of_range("range " + std::to_string(n) + " of a plan of fewer");
  const auto owner =
      std::upper_bound(tables_.begin(), tables_.end(), n,
                       [](std::size_t job, const Table& t) { return job < t.first_job; }) -
      1;
  const long long k = static_cast<long long>(n - owner->first_job);
  std::size_t low = 0;
  std::size_t high = owner->loaded.size();
  while (low < high) {
    const std::size_t mid = (low + high) / 2;
    if (owner->loaded[mid] - static_cast<long long>(mid) <= k) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  const long long first = (k + static_cast<long long>(low)) * range_rows_ + 1;
  return {static_cast<std::size_t>(owner - tables_.begin()), first,
          std::min(owner->rows, first + range_rows_ - 1)};
}

std::vector<std::vector<long long>> read_loaded_firsts(pqxx::connection& conn,
                                                       const std::vector<TableRows>& tables,
                                                       const char* select_loaded_sql,
                                                       std::ostream& out) {
  std::vector<std::vector<long long>> loaded(tables.size());
  pqxx::nontransaction tx(conn);
  for (std::size_t t = 0; t < tables.size(); ++t) {
    for (const auto& row : tx.exec_params(select_loaded_sql, tables[t].name)) {
      loaded[t].push_back(row[0].as<long long>());
    }
    if (!loaded[t].empty()) {
      out << "resuming " << tables[t].name << ": " << loaded[t].size()
          << " range(s) of ids already loaded\n";
    }
  }
  return loaded;
}

}  // namespace tpcc
