#include "workloads/pgbench/pgbench_found_tables.hpp"

#include <map>
#include <vector>

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "workloads/pgbench/pgbench_tables.hpp"

namespace tpcc {
namespace {

// The columns of the four tables in the current schema, in order, with
// their types as format_type writes them ("integer", "character(84)").
constexpr const char* kPgbenchColumnsSql =
    "select c.relname, a.attname, format_type(a.atttypid, a.atttypmod) "
    "from pg_attribute a join pg_class c on c.oid = a.attrelid "
    "where c.relname in ('pgbench_history', 'pgbench_tellers', 'pgbench_accounts', "
    "'pgbench_branches') and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped "
    "and c.relnamespace = to_regnamespace(current_schema())::oid order by c.relname, a.attnum";

// pgbench -i's count: the scale is the branches' rows.
constexpr const char* kCountBranchesSql = "select count(*) from pgbench_branches";

// pgbench 15's DDLs[] as format_type shows the columns; aid is a bigint
// from scale 20000 (create_pgbench_table_sql).
std::string pgbench_columns(PgbenchTable table, const std::string& aid) {
  switch (table) {
    case PgbenchTable::History:
      return "tid integer, bid integer, aid " + aid +
             ", delta integer, mtime timestamp without time zone, filler character(22)";
    case PgbenchTable::Tellers:
      return "tid integer, bid integer, tbalance integer, filler character(84)";
    case PgbenchTable::Accounts:
      return "aid " + aid + ", bid integer, abalance integer, filler character(84)";
    case PgbenchTable::Branches: return "bid integer, bbalance integer, filler character(88)";
  }
  return "";
}

}  // namespace

bool any_pgbench_table(pqxx::transaction_base& tx) {
  return !tx.exec(kListPgbenchTablesSql).empty();
}

bool any_pgbench_table(const Config& config) {
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  return any_pgbench_table(tx);
}

int found_pgbench_scale(pqxx::transaction_base& tx, const std::string& hint) {
  std::map<std::string, std::string> found;
  for (const auto& row : tx.exec(kPgbenchColumnsSql)) {
    std::string& columns = found[row[0].as<std::string>()];
    columns +=
        (columns.empty() ? "" : ", ") + row[1].as<std::string>() + " " + row[2].as<std::string>();
  }
  for (const PgbenchTable table : kPgbenchTables) {
    const std::string name = pgbench_table_name(table);
    const auto it = found.find(name);
    if (it == found.end()) throw UsageError("no table " + name + " in this database: " + hint);
    if (it->second != pgbench_columns(table, "integer") &&
        it->second != pgbench_columns(table, "bigint")) {
      throw UsageError(name + " was not made by tpcc prepare and its columns (" + it->second +
                       ") are not pgbench's (" + pgbench_columns(table, "integer") + "): " + hint);
    }
  }
  const long long branches = tx.exec(kCountBranchesSql)[0][0].as<long long>();
  if (branches <= 0) throw UsageError("pgbench_branches is empty: " + hint);
  return static_cast<int>(branches);
}

}  // namespace tpcc
