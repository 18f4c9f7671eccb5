#include "workloads/pgbench/pgbench_cleanup.hpp"

#include <set>
#include <string>

#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "workloads/pgbench/pgbench_tables.hpp"

namespace tpcc {

// One transaction: all of it is dropped, or (on an error) nothing.
int cleanup_pgbench_tables(const Config& config, std::ostream& out) {
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc cleanup");
  pqxx::work tx(*conn);
  std::set<std::string> recorded;
  if (relation_exists(tx, kPgbenchTablesRecord)) {
    for (const auto& row : tx.exec("select table_name from tpcc_pgbench_tables")) {
      recorded.insert(row[0].as<std::string>());
    }
  }
  int dropped = 0;
  std::string others;
  for (const PgbenchTable table : kPgbenchTables) {
    const std::string name = pgbench_table_name(table);
    if (!relation_exists(tx, name)) continue;
    if (recorded.count(name) == 0) {
      others += (others.empty() ? "" : ", ") + name;
      continue;
    }
    tx.exec("drop table " + tx.quote_name(name));
    ++dropped;
  }
  tx.exec(kDropPgbenchRecordSql);
  tx.commit();
  out << "cleanup: dropped " << dropped << " pgbench table(s) tpcc prepared";
  if (!others.empty()) out << "; left " << others << " (not created by tpcc)";
  out << "\n";
  return kExitOk;
}

}  // namespace tpcc
