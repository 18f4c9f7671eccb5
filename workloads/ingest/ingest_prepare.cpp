#include "workloads/ingest/ingest_prepare.hpp"

#include <map>
#include <set>
#include <string>

#include <pqxx/nontransaction>
#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "loader/prepare_lock.hpp"
#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {
namespace {

struct RecordedTable {
  int row_bytes = 0;
  bool unlogged = false;
};

std::map<std::string, RecordedTable> read_recorded(pqxx::connection& conn) {
  std::map<std::string, RecordedTable> tables;
  pqxx::nontransaction tx(conn);
  for (const auto& row : tx.exec(kSelectIngestTablesSql)) {
    tables[row[0].as<std::string>()] = {row[1].as<int>(), row[2].as<bool>()};
  }
  return tables;
}

void require_tablespaces(pqxx::connection& conn, const std::vector<std::string>& names) {
  if (names.empty()) return;
  std::set<std::string> existing;
  pqxx::nontransaction tx(conn);
  for (const auto& row : tx.exec("select spcname from pg_tablespace")) {
    existing.insert(row[0].as<std::string>());
  }
  for (const std::string& name : names) {
    if (existing.count(name) == 0) {
      throw UsageError("--tablespace: tablespace '" + name +
                       "' does not exist on the server; create it first with CREATE TABLESPACE");
    }
  }
}

// A recorded table keeps its rows only when this prepare would make the same.
void require_same_options(const std::string& name, const RecordedTable& recorded,
                          const IngestOptions& options) {
  auto refuse = [&](const std::string& flag, const std::string& given, const std::string& had) {
    throw UsageError(flag + " " + given + ": " + name + " was prepared with " + flag + " " + had +
                     "; give the same, or run 'tpcc cleanup --workload ingest' first");
  };
  if (recorded.row_bytes != options.row_bytes) {
    refuse("--ingest-row-bytes", std::to_string(options.row_bytes),
           std::to_string(recorded.row_bytes));
  }
  if (recorded.unlogged != options.unlogged) {
    refuse("--unlogged", options.unlogged ? "on" : "off", recorded.unlogged ? "on" : "off");
  }
}

}  // namespace

int prepare_ingest_tables(const Config& config, std::ostream& out) {
  const IngestOptions& options = config.ingest;
  const int tables = ingest_table_count(options, config.terminals);
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc prepare");
  pqxx::nontransaction(*conn).exec(wait_for_earlier_prepare_sql(0));
  require_tablespaces(*conn, config.tablespace_names);
  {
    pqxx::work tx(*conn);
    tx.exec(kCreateIngestRecordSql);
    tx.commit();
  }
  const std::map<std::string, RecordedTable> recorded = read_recorded(*conn);
  std::vector<bool> exists(static_cast<std::size_t>(tables) + 1, false);
  // Every refusal before anything is made.
  {
    pqxx::nontransaction tx(*conn);
    for (int table = 1; table <= tables; ++table) {
      const std::string name = ingest_table_name(table);
      const auto found = recorded.find(name);
      exists[static_cast<std::size_t>(table)] = relation_exists(tx, name);
      if (exists[static_cast<std::size_t>(table)] && found == recorded.end()) {
        throw UsageError(name +
                         ": the table exists and tpcc did not create it; drop it yourself or use "
                         "another database");
      }
      if (found != recorded.end() && exists[static_cast<std::size_t>(table)]) {
        require_same_options(name, found->second, options);
      }
    }
  }
  int created = 0;
  for (int table = 1; table <= tables; ++table) {
    if (exists[static_cast<std::size_t>(table)]) continue;
    const std::string name = ingest_table_name(table);
    const std::optional<std::string> space = ingest_tablespace(table, config.tablespace_names);
    pqxx::work tx(*conn);
    // Recorded but dropped since: its record goes, the table is made anew.
    tx.exec_params(kForgetIngestTableSql, name);
    for (const std::string& statement : create_ingest_table_statements(table, options, space)) {
      tx.exec(statement);
    }
    tx.exec_params(kInsertIngestTableSql, name, options.row_bytes, options.unlogged, space);
    tx.commit();
    ++created;
  }
  out << "ingest: " << tables << " table(s) tpcc_ingest_1.." << tables << " ("
      << (options.unlogged ? "unlogged, " : "") << "rows of about " << options.row_bytes
      << " bytes): " << created << " created, " << tables - created << " already prepared\n";
  return kExitOk;
}

}  // namespace tpcc
