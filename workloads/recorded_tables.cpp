#include "workloads/recorded_tables.hpp"

#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "schema/kit_dependents.hpp"

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

namespace {

// The tables `tables.record` names, when it exists.
std::vector<std::string> recorded_names(pqxx::transaction_base& tx, const RecordedTables& tables) {
  std::vector<std::string> names;
  if (!relation_exists(tx, tables.record)) return names;
  for (const auto& row : tx.exec(std::string("select table_name from ") + tables.record)) {
    names.push_back(row[0].as<std::string>());
  }
  return names;
}

// The first column of the rows `sql` returns, joined with ", ".
std::string joined_names(pqxx::transaction_base& tx, const char* sql) {
  std::string names;
  for (const auto& row : tx.exec(sql)) {
    names += (names.empty() ? "" : ", ") + row[0].as<std::string>();
  }
  return names;
}

}  // namespace

int cleanup_recorded_tables(const Config& config, const RecordedTables& tables, std::ostream& out) {
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc cleanup");
  pqxx::work tx(*conn);
  KitObjects kit;
  kit.tables = recorded_names(tx, tables);
  kit.partition_suffix = tables.partition_suffix;
  const std::vector<std::string> recorded = kit.tables;
  kit.tables.insert(kit.tables.end(), tables.record_tables.begin(), tables.record_tables.end());
  const std::vector<KitDependent> dependents = kit_dependents(tx, kit);
  if (const auto refused = refuse_dependents(dependents, config.cascade, out)) return *refused;
  int dropped = 0;
  for (const std::string& name : recorded) {
    if (!relation_exists(tx, name)) continue;
    tx.exec("drop table " + tx.quote_name(name) + drop_suffix(config.cascade));
    ++dropped;
  }
  const std::string others = joined_names(tx, tables.list_tables_sql);
  for (const std::string& name : tables.record_tables) {
    tx.exec("drop table if exists " + tx.quote_name(name) + drop_suffix(config.cascade));
  }
  tx.commit();
  out << "cleanup: dropped " << dropped << " " << tables.kind << " table(s) tpcc prepared";
  if (!others.empty()) out << "; left " << others << " (not created by tpcc)";
  out << "\n";
  print_cascaded(dependents, out);
  return kExitOk;
}

}  // namespace tpcc
