#include "workloads/pgbench/pgbench_check.hpp"

#include <map>

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "config/errors.hpp"
#include "config/names.hpp"
#include "db/connect.hpp"
#include "workloads/pgbench/pgbench_found_tables.hpp"
#include "workloads/pgbench/pgbench_tables.hpp"
#include "workloads/pgbench/pgbench_vacuum.hpp"

namespace tpcc {
namespace {

// $1 table: its record, or no row.
constexpr const char* kRecordedTableSql =
    "select scale, complete from tpcc_pgbench_tables where table_name = $1";

// $1 table: whether it has a primary key, in the current schema.
constexpr const char* kHasPrimaryKeySql =
    "select count(*) from pg_index i join pg_class t on t.oid = i.indrelid "
    "where t.relname = $1 and i.indisprimary "
    "and t.relnamespace = to_regnamespace(current_schema())::oid";

// Each table's rows and the sum pgbench's tpcb-like script moves together
// with the others', as text (it may pass a bigint): one statement, so one
// snapshot and one scan of each table. $1: what the runs' vacuum steps
// carried out of pgbench_history when they emptied it (pgbench_vacuum.hpp).
constexpr const char* kTableFiguresSql =
    "select 'pgbench_accounts', count(*), coalesce(sum(abalance), 0)::text"
    " from pgbench_accounts union all"
    " select 'pgbench_branches', count(*), coalesce(sum(bbalance), 0)::text"
    " from pgbench_branches union all"
    " select 'pgbench_tellers', count(*), coalesce(sum(tbalance), 0)::text"
    " from pgbench_tellers union all"
    " select 'pgbench_history', count(*), (coalesce(sum(delta), 0) + $1::numeric)::text"
    " from pgbench_history";

struct TableFigures {
  long long rows = 0;
  std::string balance;
};

// pgbench_accounts' partitioning as recorded.
constexpr const char* kRecordedPartitionsSql =
    "select partitions, partition_method from tpcc_pgbench_tables "
    "where table_name = 'pgbench_accounts'";

// How pgbench_accounts is partitioned: 'r' range, 'h' hash, no row if not.
constexpr const char* kPartitionStrategySql =
    "select partstrat from pg_partitioned_table "
    "where partrelid = to_regclass('pgbench_accounts')";

// pgbench_accounts' partitions and their bounds.
constexpr const char* kPartitionBoundsSql =
    "select c.relname, pg_get_expr(c.relpartbound, c.oid) from pg_inherits i "
    "join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass('pgbench_accounts')";

// The partitions pgbench makes against those found: a list of the
// differences, empty when they agree.
std::string partition_differences(pqxx::nontransaction& tx, const PgbenchOptions& options) {
  std::map<std::string, std::string> found;
  for (const auto& row : tx.exec(kPartitionBoundsSql)) {
    found[row[0].as<std::string>()] = row[1].as<std::string>();
  }
  std::string differences;
  auto differ = [&](const std::string& what) {
    differences += (differences.empty() ? "" : "; ") + what;
  };
  const pqxx::result strategy = tx.exec(kPartitionStrategySql);
  const std::string want_strategy =
      options.partition_method == PgbenchPartitionMethod::Hash ? "h" : "r";
  if (strategy.empty() || strategy[0][0].as<std::string>() != want_strategy) {
    differ("not partitioned by " +
           std::string(pgbench_partition_method_name(options.partition_method)));
  }
  for (int p = 1; p <= options.partitions; ++p) {
    const std::string name = pgbench_partition_name(p);
    const std::string want = pgbench_partition_bound(options, p);
    const auto it = found.find(name);
    if (it == found.end()) {
      differ(name + " missing");
    } else if (it->second != want) {
      differ(name + " " + it->second + " (pgbench's: " + want + ")");
    }
    if (it != found.end()) found.erase(it);
  }
  for (const auto& [name, bound] : found) differ(name + " " + bound + " (not pgbench's)");
  return differences;
}

// pgbench_accounts' strategy and partitions attached; no row if not
// partitioned.
constexpr const char* kPartitioningSql =
    "select p.partstrat, count(i.inhrelid) from pg_partitioned_table p "
    "left join pg_inherits i on i.inhparent = p.partrelid "
    "where p.partrelid = to_regclass('pgbench_accounts') group by 1";

// With --partitions: the partitions are pgbench's (names, method, bounds),
// and each range partition holds its accounts.
// Tables made by pgbench -i have no record: their partitioning is the
// catalog's.
void check_partitions(pqxx::nontransaction& tx, int scale, bool recorded_tables,
                      std::vector<TableCheckResult>& out) {
  PgbenchOptions options;
  options.scale = scale;
  std::string method_name;
  if (recorded_tables) {
    const pqxx::result recorded = tx.exec(kRecordedPartitionsSql);
    if (recorded.empty() || recorded[0][0].as<int>() == 0) return;
    options.partitions = recorded[0][0].as<int>();
    method_name = recorded[0][1].as<std::string>();
  } else {
    const pqxx::result found = tx.exec(kPartitioningSql);
    if (found.empty() || found[0][1].as<int>() == 0) return;
    options.partitions = found[0][1].as<int>();
    method_name = found[0][0].as<std::string>() == "h" ? "hash" : "range";
  }
  options.partition_method =
      method_name == "hash" ? PgbenchPartitionMethod::Hash : PgbenchPartitionMethod::Range;
  const std::string method(pgbench_partition_method_name(options.partition_method));
  const std::string differences = partition_differences(tx, options);
  out.push_back({"pgbench_accounts",
                 "partitioned by " + method + " into " + std::to_string(options.partitions) +
                     " partitions as pgbench's",
                 differences.empty(), differences});
  if (options.partition_method != PgbenchPartitionMethod::Range) return;
  for (int p = 1; p <= options.partitions; ++p) {
    const std::string name = pgbench_partition_name(p);
    if (!relation_exists(tx, name)) continue;
    const long long want = pgbench_range_partition_rows(options, p);
    const long long rows =
        tx.exec("select count(*) from " + tx.quote_name(name))[0][0].as<long long>();
    out.push_back(
        {name, std::to_string(want) + " rows", rows == want, std::to_string(rows) + " rows"});
  }
}

// The table a check of the balances names: they span the four tables.
const char* const kAllPgbenchTables = "pgbench_*";

const char* const kPrepareHint =
    "run tpcc prepare --workload pgbench --scale N (or pgbench -i -s N) first";

}  // namespace

// The kit's tables when its record names any of the four; else pgbench's
// own, as `pgbench -i` made them (pgbench_found_tables.hpp).
int prepared_pgbench_scale(const Config& config) {
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  if (!recorded_pgbench_tables(tx)) return found_pgbench_scale(tx, kPrepareHint);
  int scale = 0;
  for (const PgbenchTable table : kPgbenchTables) {
    const std::string name = pgbench_table_name(table);
    const pqxx::result recorded = tx.exec_params(kRecordedTableSql, name);
    const bool exists = relation_exists(tx, name);
    if (recorded.empty() || !exists) {
      throw UsageError(name + " was not prepared here: " + kPrepareHint);
    }
    if (!recorded[0][1].as<bool>()) {
      throw UsageError(name + ": its prepare did not finish: run the same tpcc prepare again");
    }
    scale = recorded[0][0].as<int>();
  }
  return scale;
}

std::vector<TableCheckResult> run_pgbench_checks(const Config& config) {
  const int scale = prepared_pgbench_scale(config);
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  std::vector<TableCheckResult> results;
  const bool recorded = recorded_pgbench_tables(tx);
  if (!recorded) {
    // prepared_pgbench_scale took them for pgbench's by their columns.
    results.push_back({kAllPgbenchTables,
                       "pgbench 15's columns (tables pgbench -i made, not tpcc prepare)", true,
                       ""});
  }
  const std::string carried = recorded ? carried_history_delta(tx) : "0";
  std::map<std::string, TableFigures> figures;
  for (const auto& row : tx.exec_params(kTableFiguresSql, carried)) {
    figures[row[0].as<std::string>()] = {row[1].as<long long>(), row[2].as<std::string>()};
  }
  for (const PgbenchTable table : kPgbenchTables) {
    const std::string name = pgbench_table_name(table);
    if (table != PgbenchTable::History) {
      const bool keyed = tx.exec_params(kHasPrimaryKeySql, name)[0][0].as<long long>() > 0;
      results.push_back({name, "primary key", keyed, "no primary key"});
      const long long want = pgbench_table_rows(table, scale);
      const long long rows = figures.at(name).rows;
      results.push_back({name, std::to_string(want) + " rows (scale " + std::to_string(scale) + ")",
                         rows == want, std::to_string(rows) + " rows"});
    }
  }
  check_partitions(tx, scale, recorded, results);
  const std::string& accounts = figures.at("pgbench_accounts").balance;
  const std::string& branches = figures.at("pgbench_branches").balance;
  const std::string& tellers = figures.at("pgbench_tellers").balance;
  const std::string& history = figures.at("pgbench_history").balance;
  const bool balanced = accounts == branches && branches == tellers && tellers == history;
  results.push_back(
      {kAllPgbenchTables,
       "sum(abalance) = sum(bbalance) = sum(tbalance) = sum(history.delta)" +
           std::string(carried == "0" ? ""
                                      : " (with " + carried + " carried when a run emptied it)"),
       balanced, accounts + ", " + branches + ", " + tellers + ", " + history});
  return results;
}

PgbenchPartitioning pgbench_accounts_partitioning(const Config& config) {
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  const pqxx::result found = tx.exec(kPartitioningSql);
  if (found.empty()) return {};
  return {found[0][0].as<std::string>() == "h" ? "hash" : "range", found[0][1].as<long long>()};
}

int check_pgbench_tables(const Config& config, std::ostream& out) {
  return print_table_checks(run_pgbench_checks(config), "pgbench", "", out);
}

}  // namespace tpcc
