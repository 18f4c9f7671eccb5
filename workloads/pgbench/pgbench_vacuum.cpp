#include "workloads/pgbench/pgbench_vacuum.hpp"

#include <pqxx/pqxx>

#include "db/connect.hpp"
#include "workloads/pgbench/pgbench_tables.hpp"

namespace tpcc {
namespace {

// pgbench 15's statements, in its order (pgbench.c, doConnect's caller
// before the clients start).
constexpr const char* kVacuumBranchesSql = "vacuum pgbench_branches";
constexpr const char* kVacuumTellersSql = "vacuum pgbench_tellers";
constexpr const char* kTruncateHistorySql = "truncate pgbench_history";
constexpr const char* kVacuumAccountsSql = "vacuum analyze pgbench_accounts";

constexpr const char* kHistoryTable = "pgbench_history";
constexpr const char* kHistoryNotEmptied =
    "(pgbench_history was not made by tpcc prepare: left as it is, not emptied)...";

// The record of a load made before the column (an ALTER on the kit's own
// table), then the history's sum added to what was carried before.
constexpr const char* kCarryHistorySql =
    "alter table tpcc_pgbench_tables"
    " add column if not exists carried_delta numeric not null default 0;"
    "update tpcc_pgbench_tables set carried_delta = carried_delta +"
    " (select coalesce(sum(delta), 0) from pgbench_history)"
    " where table_name = 'pgbench_history'";

constexpr const char* kHasCarriedColumnSql =
    "select count(*) from pg_attribute where attrelid = to_regclass('tpcc_pgbench_tables')"
    " and attname = 'carried_delta' and not attisdropped";
constexpr const char* kCarriedSql =
    "select coalesce(sum(carried_delta), 0)::text from tpcc_pgbench_tables";

// As pgbench prints a failed step: the server's message, then that it goes on.
void ignore(const pqxx::sql_error& e, std::ostream& out) {
  std::string message = e.what();
  while (!message.empty() && message.back() == '\n') message.pop_back();
  out << "pgbench: error: " << message << "\npgbench: detail: (ignoring this error and "
      << "continuing anyway)\n";
}

void step(pqxx::connection& conn, const char* sql, std::ostream& out) {
  try {
    pqxx::nontransaction tx(conn);
    tx.exec(sql);
  } catch (const pqxx::sql_error& e) {
    ignore(e, out);
  }
}

// The kit's history is emptied with its sum carried. One the kit did not
// make (pgbench -i's, the user's) is left as it is: tpcc empties no table
// of anyone else's, and says so where pgbench would have emptied it.
void empty_history(pqxx::connection& conn, std::ostream& out) {
  try {
    pqxx::work tx(conn);
    const bool kits = recorded_pgbench_tables(tx);
    if (!kits && relation_exists(tx, kHistoryTable)) {
      out << kHistoryNotEmptied;
      return;
    }
    // None there: the statement fails as pgbench's does, and is ignored.
    if (kits) tx.exec(kCarryHistorySql);
    tx.exec(kTruncateHistorySql);
    tx.commit();
  } catch (const pqxx::sql_error& e) {
    ignore(e, out);
  }
}

}  // namespace

void vacuum_before_run(const Config& config, std::ostream& out) {
  if (config.pgbench.no_vacuum) return;
  auto conn = connect(config.conninfo);
  out << "starting vacuum..." << std::flush;
  step(*conn, kVacuumBranchesSql, out);
  step(*conn, kVacuumTellersSql, out);
  empty_history(*conn, out);
  out << "end.\n";
  if (!config.pgbench.vacuum_all) return;
  out << "starting vacuum pgbench_accounts..." << std::flush;
  step(*conn, kVacuumAccountsSql, out);
  out << "end.\n";
}

std::string carried_history_delta(pqxx::transaction_base& tx) {
  if (tx.exec(kHasCarriedColumnSql)[0][0].as<long long>() == 0) return "0";
  return tx.exec(kCarriedSql)[0][0].as<std::string>();
}

}  // namespace tpcc
