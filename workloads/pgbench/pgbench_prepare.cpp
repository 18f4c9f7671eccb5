#include "workloads/pgbench/pgbench_prepare.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <vector>

#include <pqxx/nontransaction>
#include <pqxx/result>
#include <pqxx/transaction>

#include "config/elapsed.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "loader/prepare_lock.hpp"
#include "loader/progress.hpp"
#include "loader/size_estimate.hpp"
#include "loader/space_check.hpp"
#include "workloads/common/missing_ranges.hpp"
#include "workloads/common/parallel_jobs.hpp"
#include "workloads/common/prepare_interrupt.hpp"
#include "workloads/pgbench/pgbench_tables.hpp"

namespace tpcc {
namespace {

// Ids per range: one branch's accounts, one transaction each.
constexpr long long kChunkRows = kPgbenchAccounts;

struct RecordedTable {
  int scale = 0;
  int fillfactor = 0;
  bool complete = false;
  int partitions = 0;
  std::string partition_method;
};

// None before the first prepare: the record is created after the space check.
std::map<std::string, RecordedTable> read_recorded_tables(pqxx::connection& conn) {
  std::map<std::string, RecordedTable> tables;
  if (!relation_exists(conn, kPgbenchTablesRecord)) return tables;
  pqxx::nontransaction tx(conn);
  for (const auto& row : tx.exec(kSelectPgbenchTablesSql)) {
    tables[row[0].as<std::string>()] = {row[1].as<int>(), row[2].as<int>(), row[3].as<bool>(),
                                        row[4].as<int>(), row[5].as<std::string>()};
  }
  return tables;
}

void require_same_options(const std::string& name, const RecordedTable& recorded,
                          const PgbenchOptions& options) {
  auto refuse = [&](const std::string& flag, const std::string& given, const std::string& had) {
    throw UsageError(flag + " " + given + ": " + name + " was prepared with " + flag + " " + had +
                     "; give the same to resume it, or run 'tpcc cleanup --workload pgbench' "
                     "first");
  };
  auto same = [&](const std::string& flag, int given, int had) {
    if (given != had) refuse(flag, std::to_string(given), std::to_string(had));
  };
  same("--scale", options.scale, recorded.scale);
  same("--fillfactor", options.fillfactor, recorded.fillfactor);
  same("--partitions", options.partitions, recorded.partitions);
  const std::string method(pgbench_partition_method_name(options.partition_method));
  if (method != recorded.partition_method) {
    refuse("--partition-method", method, recorded.partition_method);
  }
}

// pgbench_accounts_1..N are made with the accounts: none may be there
// before (made by pgbench -i, or another program).
void refuse_foreign_partitions(pqxx::connection& conn, const PgbenchOptions& options) {
  for (int p = 1; p <= options.partitions; ++p) {
    const std::string name = pgbench_partition_name(p);
    if (relation_exists(conn, name)) {
      throw UsageError("--partitions " + std::to_string(options.partitions) + ": " + name +
                       " exists and tpcc did not create it; drop it or use another database");
    }
  }
}

// The tables a prepare loads: recorded but incomplete ones (a killed
// prepare's, resumed by their missing ranges), then missing ones.
struct TablesToLoad {
  std::vector<PgbenchTable> incomplete;
  std::vector<PgbenchTable> missing;
};

// Refuses, before anything is created, a pgbench table tpcc did not create
// and a recorded one of other options; then says which tables to load.
TablesToLoad settle_tables(pqxx::connection& conn, const PgbenchOptions& options) {
  const std::map<std::string, RecordedTable> recorded = read_recorded_tables(conn);
  TablesToLoad tables;
  for (const PgbenchTable table : kPgbenchTables) {
    const std::string name = pgbench_table_name(table);
    const auto found = recorded.find(name);
    const bool exists = relation_exists(conn, name);
    if (exists && found == recorded.end()) {
      throw UsageError(name +
                       ": the table exists and tpcc did not create it (pgbench -i, or another "
                       "program); drop it (pgbench -i -I d) or use another database");
    }
    if (found != recorded.end()) require_same_options(name, found->second, options);
    if (!exists) {
      tables.missing.push_back(table);
    } else if (!found->second.complete) {
      tables.incomplete.push_back(table);
    }
  }
  const auto& missing = tables.missing;
  if (std::find(missing.begin(), missing.end(), PgbenchTable::Accounts) != missing.end()) {
    refuse_foreign_partitions(conn, options);
  }
  return tables;
}

// Creates each missing table (with pgbench_accounts' partitions) and its
// record, in one transaction.
void create_tables(pqxx::connection& conn, const PgbenchOptions& options,
                   const std::vector<PgbenchTable>& tables, std::ostream& out) {
  for (const PgbenchTable table : tables) {
    const std::string name = pgbench_table_name(table);
    // Recorded but dropped since: its record goes, the table is made anew.
    pqxx::work tx(conn);
    tx.exec_params(kForgetPgbenchChunksSql, name);
    tx.exec_params(kForgetPgbenchTableSql, name);
    out << "creating table " << name << "\n";
    tx.exec(create_pgbench_table_sql(table, options));
    if (table == PgbenchTable::Accounts && options.partitions > 0) {
      out << "creating " << options.partitions << " partitions of " << name << " ("
          << pgbench_partition_method_name(options.partition_method) << ")\n";
      for (const std::string& partition : create_pgbench_partitions_sql(options)) {
        tx.exec(partition);
      }
    }
    tx.exec_params(kInsertPgbenchTableSql, name, options.scale, options.fillfactor,
                   options.partitions,
                   std::string(pgbench_partition_method_name(options.partition_method)));
    tx.commit();
  }
}

// The ranges of `tables` not loaded yet: the incomplete ones' from their
// record, all of the missing ones'.
MissingRanges plan_ranges(pqxx::connection& conn, const std::vector<PgbenchTable>& tables,
                          std::size_t incomplete, int scale, std::ostream& out) {
  std::vector<TableRows> resumed;
  std::vector<long long> rows;
  for (std::size_t t = 0; t < tables.size(); ++t) {
    rows.push_back(pgbench_table_rows(tables[t], scale));
    if (t < incomplete) resumed.push_back({pgbench_table_name(tables[t]), rows.back()});
  }
  std::vector<std::vector<long long>> loaded =
      read_loaded_firsts(conn, resumed, kSelectPgbenchChunksSql, out);
  return MissingRanges(rows, kChunkRows, loaded);
}

// The size estimate of the rows the plan loads, said before anything is
// created; refused when far beyond the server's free space.
void check_pgbench_space(pqxx::connection& conn, const Config& config,
                         const std::vector<PgbenchTable>& tables, const MissingRanges& plan,
                         std::ostream& out) {
  PgbenchRows rows;
  for (std::size_t t = 0; t < tables.size(); ++t) {
    if (tables[t] == PgbenchTable::Accounts) rows.accounts = plan.rows(t);
    if (tables[t] == PgbenchTable::Tellers) rows.tellers = plan.rows(t);
    if (tables[t] == PgbenchTable::Branches) rows.branches = plan.rows(t);
  }
  const PgbenchOptions& options = config.pgbench;
  check_space(conn, config,
              {estimated_pgbench_megabytes(rows, options.fillfactor),
               std::to_string(plan.rows()) + " rows in the pgbench tables of scale " +
                   std::to_string(options.scale),
               "--scale", "a smaller scale"},
              out);
}

void load_chunk(PgConnection& conn, PgbenchTable table, const IdRange& range,
                LoadCounters& counters) {
  const std::string data = pgbench_copy_rows(table, range.first, range.last);
  conn.exec("begin");
  conn.begin_copy(copy_pgbench_sql(table));
  conn.put_copy_data(data);
  conn.end_copy();
  conn.exec(record_pgbench_chunk_sql(table, range.first, range.last));
  conn.exec("commit");
  counters.rows += range.last - range.first + 1;
  counters.bytes += static_cast<std::int64_t>(data.size());
}

// The key and the completion mark in one transaction; then pgbench -i's
// VACUUM ANALYZE (outside it: VACUUM runs in no transaction block).
void finish_table(PgConnection& conn, PgbenchTable table) {
  conn.exec("begin");
  for (const std::string& statement : finish_pgbench_table_statements(table)) {
    conn.exec(statement);
  }
  conn.exec(complete_pgbench_table_sql(table));
  conn.exec("commit");
  conn.exec("vacuum analyze " + pgbench_table_name(table));
}

}  // namespace

PrepareOutcome prepare_pgbench_tables(const Config& config, std::ostream& out) {
  const auto start = std::chrono::steady_clock::now();
  const PgbenchOptions& options = config.pgbench;
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc prepare");
  pqxx::nontransaction(*conn).exec(wait_for_earlier_prepare_sql(0));
  stop_prepare_on_interrupt();
  const TablesToLoad tables = settle_tables(*conn, options);
  if (tables.incomplete.empty() && tables.missing.empty()) {
    out << "the pgbench tables of scale " << options.scale
        << " are already prepared: nothing to load\n";
    return {kExitOk, true};
  }
  std::vector<PgbenchTable> incomplete = tables.incomplete;
  incomplete.insert(incomplete.end(), tables.missing.begin(), tables.missing.end());
  const MissingRanges chunks =
      plan_ranges(*conn, incomplete, tables.incomplete.size(), options.scale, out);
  if (chunks.rows() > 0) check_pgbench_space(*conn, config, incomplete, chunks, out);
  {
    pqxx::work tx(*conn);
    tx.exec(kCreatePgbenchRecordSql);
    tx.commit();
  }
  create_tables(*conn, options, tables.missing, out);
  LoadCounters counters;
  if (chunks.count() > 0) {
    out << "loading " << chunks.rows() << " rows into the pgbench tables (scale " << options.scale
        << ") with "
        << std::min<std::size_t>(static_cast<std::size_t>(config.load_workers), chunks.count())
        << " worker(s) using COPY" << std::endl;
    load_on_workers(config, out, chunks.count(), chunks.rows(), counters,
                    [&](PgConnection& c, std::size_t n) {
                      const IdRange range = chunks.at(n);
                      load_chunk(c, incomplete[range.table], range, counters);
                    });
  }
  const double load_seconds = seconds_since(start);
  out << "creating the primary keys and vacuuming " << incomplete.size() << " table(s)"
      << std::endl;
  run_on_workers(config, incomplete.size(), config.load_workers,
                 [&](PgConnection& c, std::size_t n) { finish_table(c, incomplete[n]); });
  char line[256];
  std::snprintf(line, sizeof line,
                "prepared the pgbench tables of scale %d: %lld rows loaded in %.1f s (data "
                "%.1f s)\n",
                options.scale, static_cast<long long>(counters.rows.load()), seconds_since(start),
                load_seconds);
  out << line;
  return {kExitOk, false};
}

}  // namespace tpcc
