#include "workloads/pgbench/pgbench_check.hpp"

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "workloads/pgbench/pgbench_tables.hpp"

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

// The four sums pgbench's tpcb-like script moves together, as text (they
// may pass a bigint).
constexpr const char* kBalancesSql =
    "select (select coalesce(sum(abalance), 0) from pgbench_accounts)::text,"
    " (select coalesce(sum(bbalance), 0) from pgbench_branches)::text,"
    " (select coalesce(sum(tbalance), 0) from pgbench_tellers)::text,"
    " (select coalesce(sum(delta), 0) from pgbench_history)::text";

const char* const kPrepareHint = "run tpcc prepare --workload pgbench --scale N first";

}  // namespace

int prepared_pgbench_scale(const Config& config) {
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  if (!relation_exists(tx, kPgbenchTablesRecord)) {
    throw UsageError(std::string("no pgbench tables of tpcc's in this database: ") + kPrepareHint);
  }
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

std::vector<PgbenchCheckResult> run_pgbench_checks(const Config& config) {
  const int scale = prepared_pgbench_scale(config);
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  std::vector<PgbenchCheckResult> results;
  for (const PgbenchTable table : kPgbenchTables) {
    const std::string name = pgbench_table_name(table);
    if (table != PgbenchTable::History) {
      const bool keyed = tx.exec_params(kHasPrimaryKeySql, name)[0][0].as<long long>() > 0;
      results.push_back({name + ": primary key", keyed, "no primary key"});
      const long long want = pgbench_table_rows(table, scale);
      const long long rows =
          tx.exec("select count(*) from " + tx.quote_name(name))[0][0].as<long long>();
      results.push_back(
          {name + ": " + std::to_string(want) + " rows (scale " + std::to_string(scale) + ")",
           rows == want, std::to_string(rows) + " rows"});
    }
  }
  const pqxx::row sums = tx.exec(kBalancesSql)[0];
  const std::string accounts = sums[0].as<std::string>();
  const std::string branches = sums[1].as<std::string>();
  const std::string tellers = sums[2].as<std::string>();
  const std::string history = sums[3].as<std::string>();
  const bool balanced = accounts == branches && branches == tellers && tellers == history;
  results.push_back({"sum(abalance) = sum(bbalance) = sum(tbalance) = sum(history.delta)", balanced,
                     accounts + ", " + branches + ", " + tellers + ", " + history});
  return results;
}

int check_pgbench_tables(const Config& config, std::ostream& out) {
  const std::vector<PgbenchCheckResult> results = run_pgbench_checks(config);
  int held = 0;
  for (const PgbenchCheckResult& result : results) {
    out << (result.passed ? "PASS  " : "FAIL  ") << result.what;
    if (!result.passed) out << " (found: " << result.detail << ")";
    out << "\n";
    if (result.passed) ++held;
  }
  out << held << " of " << results.size() << " pgbench checks hold\n";
  return held == static_cast<int>(results.size()) ? kExitOk : kExitFailed;
}

}  // namespace tpcc
