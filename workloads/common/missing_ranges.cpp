#include "workloads/common/missing_ranges.hpp"

#include <algorithm>
#include <set>

#include <pqxx/nontransaction>
#include <pqxx/result>

namespace tpcc {

std::vector<IdRange> plan_missing_ranges(pqxx::connection& conn,
                                         const std::vector<TableRows>& tables, long long range_rows,
                                         const char* select_loaded_sql, long long& rows_pending,
                                         std::ostream& out) {
  std::vector<IdRange> ranges;
  for (std::size_t table = 0; table < tables.size(); ++table) {
    const TableRows& t = tables[table];
    std::set<long long> loaded;
    {
      pqxx::nontransaction tx(conn);
      for (const auto& row : tx.exec_params(select_loaded_sql, t.name)) {
        loaded.insert(row[0].as<long long>());
      }
    }
    if (!loaded.empty()) {
      out << "resuming " << t.name << ": " << loaded.size() << " range(s) of ids already loaded\n";
    }
    for (long long first = 1; first <= t.rows; first += range_rows) {
      if (loaded.count(first) != 0) continue;
      const long long last = std::min(t.rows, first + range_rows - 1);
      ranges.push_back({table, first, last});
      rows_pending += last - first + 1;
    }
  }
  return ranges;
}

}  // namespace tpcc
