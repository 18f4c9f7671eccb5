#include "workloads/recorded_tables.hpp"

#include <pqxx/result>

#include "config/errors.hpp"

namespace tpcc {

std::string format_table_check_line(const TableCheckResult& result) {
  std::string line =
      std::string(result.passed ? "PASS" : "FAIL") + "  " + result.table + "  " + result.what;
  if (!result.passed) line += " (found: " + result.detail + ")";
  return line;
}

int print_table_checks(const std::vector<TableCheckResult>& results, const std::string& kind,
                       const std::string& note, std::ostream& out) {
  std::size_t held = 0;
  for (const TableCheckResult& result : results) {
    out << format_table_check_line(result) << "\n";
    if (result.passed) ++held;
  }
  out << held << " of " << results.size() << " " << kind << " checks hold" << note << "\n";
  return held == results.size() ? kExitOk : kExitFailed;
}

int drop_recorded_tables(pqxx::transaction_base& tx, const std::vector<std::string>& names) {
  int dropped = 0;
  for (const std::string& name : names) {
    if (!relation_exists(tx, name)) continue;
    tx.exec("drop table " + tx.quote_name(name));
    ++dropped;
  }
  return dropped;
}

std::string joined_names(pqxx::transaction_base& tx, const char* sql) {
  std::string names;
  for (const auto& row : tx.exec(sql)) {
    names += (names.empty() ? "" : ", ") + row[0].as<std::string>();
  }
  return names;
}

}  // namespace tpcc
