#include "workloads/sysbench/oltp_found_tables.hpp"

#include <pqxx/result>

#include "config/errors.hpp"
#include "db/catalog.hpp"
#include "workloads/sysbench/oltp_statements.hpp"

namespace tpcc {
namespace {

// $1 table: its columns in the current schema, in order, with their types
// as format_type writes them ("integer", "character(120)").
constexpr const char* kSbtestColumnsSql =
    "select coalesce(string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' "
    "order by a.attnum), '') from pg_attribute a join pg_class c on c.oid = a.attrelid "
    "where c.relname = $1 and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped "
    "and c.relnamespace = to_regnamespace(current_schema())::oid";

// sysbench 1.0's CREATE TABLE for pgsql (oltp_common.lua): id SERIAL, or
// INTEGER NOT NULL with --auto_inc=off, which format_type shows alike.
constexpr const char* kSysbenchColumns =
    "id integer, k integer, c character(120), pad character(60)";

// $1 table, $2 column: a valid index on that one column, $3 true when it
// must be the primary key.
constexpr const char* kIndexOnColumnSql =
    "select count(*) from pg_index i join pg_class t on t.oid = i.indrelid "
    "join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0] "
    "where t.relname = $1 and a.attname = $2 and i.indnatts = 1 and i.indisvalid "
    "and t.relnamespace = to_regnamespace(current_schema())::oid and (i.indisprimary or not $3)";

constexpr const char* kCountRowsSql = "select count(*) from %T";

std::string columns_of(pqxx::transaction_base& tx, const std::string& table) {
  return tx.exec_params(kSbtestColumnsSql, table)[0][0].as<std::string>();
}

bool has_index(pqxx::transaction_base& tx, const std::string& table, const std::string& column,
               bool primary) {
  return tx.exec_params(kIndexOnColumnSql, table, column, primary)[0][0].as<long long>() > 0;
}

}  // namespace

bool any_sbtest_table(pqxx::transaction_base& tx) {
  return relation_exists(tx, sbtest_table_name(1));
}

void check_found_sbtest_tables(pqxx::transaction_base& tx, int tables, const std::string& hint) {
  for (int table = 1; table <= tables; ++table) {
    const std::string name = sbtest_table_name(table);
    const std::string columns = columns_of(tx, name);
    if (columns.empty()) {
      throw UsageError("--tables " + std::to_string(tables) + ": no table " + name +
                       " in this database: " + hint);
    }
    if (columns != kSysbenchColumns) {
      throw UsageError(name + " was not made by tpcc prepare and its columns (" + columns +
                       ") are not sysbench's (" + kSysbenchColumns + "): " + hint);
    }
  }
}

std::vector<TableCheckResult> found_sbtest_checks(pqxx::transaction_base& tx,
                                                  const OltpOptions& options) {
  std::vector<TableCheckResult> results;
  for (int table = 1; table <= options.tables; ++table) {
    const std::string name = sbtest_table_name(table);
    const std::string columns = columns_of(tx, name);
    results.push_back({name, "made by sysbench: its columns " + std::string(kSysbenchColumns),
                       columns == kSysbenchColumns,
                       columns.empty() ? "the table is missing" : "columns " + columns});
    if (columns != kSysbenchColumns) continue;
    const bool key = has_index(tx, name, "id", !options.secondary);
    results.push_back(
        {name, options.secondary ? "an index on id" : "primary key on id", key, "no valid one"});
    if (options.create_secondary) {
      results.push_back({name, "an index on k", has_index(tx, name, "k", false), "no valid one"});
    }
    std::string count_sql = kCountRowsSql;
    count_sql.replace(count_sql.find("%T"), 2, name);
    const long long rows = tx.exec(count_sql)[0][0].as<long long>();
    results.push_back({name, "holds rows (sysbench's tables carry no record to count them against)",
                       rows > 0, std::to_string(rows) + " rows"});
  }
  return results;
}

}  // namespace tpcc
