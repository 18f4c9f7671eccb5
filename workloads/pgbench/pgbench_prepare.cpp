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

// Up to this scale (100 million accounts, about 13 GB) an unpartitioned
// table is loaded whole in one transaction, as pgbench -i loads it: frozen,
// and without WAL on a wal_level=minimal server, but a kill loses the
// table's rows. Above it, the minutes a kill would lose outweigh that: the
// rows go in range by range, and a killed prepare loads only the missing.
constexpr int kWholeTableMaxScale = 1000;

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
    out << "creating table " << pgbench_table_name(table) << "\n";
    if (table == PgbenchTable::Accounts && options.partitions > 0) {
      out << "creating " << options.partitions << " partitions of pgbench_accounts ("
          << pgbench_partition_method_name(options.partition_method) << ")\n";
    }
    pqxx::work tx(conn);
    for (const std::string& statement : create_recorded_pgbench_table_statements(table, options)) {
      tx.exec(statement);
    }
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

// The rows a prepare loads: the ranged tables' missing ranges, the whole
// tables' every row.
PgbenchRows rows_to_load(const std::vector<PgbenchTable>& ranged, const MissingRanges& plan,
                         const std::vector<PgbenchTable>& whole, int scale) {
  PgbenchRows rows;
  auto add = [&rows](PgbenchTable table, long long count) {
    if (table == PgbenchTable::Accounts) rows.accounts += count;
    if (table == PgbenchTable::Tellers) rows.tellers += count;
    if (table == PgbenchTable::Branches) rows.branches += count;
  };
  for (std::size_t t = 0; t < ranged.size(); ++t) add(ranged[t], plan.rows(t));
  for (const PgbenchTable table : whole) add(table, pgbench_table_rows(table, scale));
  return rows;
}

// The size estimate of the rows to load, said before anything is created;
// refused when far beyond the server's free space.
void check_pgbench_space(pqxx::connection& conn, const Config& config, const PgbenchRows& rows,
                         std::ostream& out) {
  const PgbenchOptions& options = config.pgbench;
  check_space(conn, config,
              {estimated_pgbench_megabytes(rows, options.fillfactor),
               std::to_string(rows.accounts + rows.tellers + rows.branches) +
                   " rows in the pgbench tables of scale " + std::to_string(options.scale),
               "--scale", "a smaller scale"},
              out);
}

void load_chunk(PgConnection& conn, PgbenchTable table, const IdRange& range,
                LoadCounters& counters) {
  const std::string data = pgbench_copy_rows(table, range.first, range.last);
  conn.exec("begin");
  conn.begin_copy(copy_pgbench_sql(table, false));
  conn.put_copy_data(data);
  conn.end_copy();
  conn.exec(record_pgbench_chunk_sql(table, range.first, range.last));
  conn.exec("commit");
  counters.rows += range.last - range.first + 1;
  counters.bytes += static_cast<std::int64_t>(data.size());
}

// The key and the completion mark of a table loaded range by range, in one
// transaction; then pgbench -i's VACUUM ANALYZE (outside it: VACUUM runs in
// no transaction block).
void finish_table(PgConnection& conn, PgbenchTable table) {
  conn.exec("begin");
  for (const std::string& statement : finish_pgbench_table_statements(table)) {
    conn.exec(statement);
  }
  conn.exec(complete_pgbench_table_sql(table));
  conn.exec("commit");
  conn.exec("vacuum analyze " + pgbench_table_name(table));
}

// A table created, loaded (one COPY FREEZE, as pgbench -i loads), keyed
// and completed in one transaction, then vacuumed: its rows go in frozen
// and, on a wal_level=minimal server, without WAL, so its VACUUM has little
// to do. A kill leaves nothing of it, and prepare makes it anew.
void load_whole_table(PgConnection& conn, const PgbenchOptions& options, PgbenchTable table,
                      LoadCounters& counters) {
  conn.exec("begin");
  for (const std::string& statement : create_recorded_pgbench_table_statements(table, options)) {
    conn.exec(statement);
  }
  const long long rows = pgbench_table_rows(table, options.scale);
  if (rows > 0) {
    conn.begin_copy(copy_pgbench_sql(table, true));
    for (long long first = 1; first <= rows; first += kChunkRows) {
      const long long last = std::min(rows, first + kChunkRows - 1);
      const std::string data = pgbench_copy_rows(table, first, last);
      conn.put_copy_data(data);
      counters.rows += last - first + 1;
      counters.bytes += static_cast<std::int64_t>(data.size());
    }
    conn.end_copy();
    conn.exec(record_pgbench_chunks_sql(table, rows, kChunkRows));
  }
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
  // Missing tables are loaded whole, each by one worker (the longest
  // first); incomplete ones, and all of a partitioned or large load, by
  // ranges the workers share.
  const bool whole = options.partitions == 0 && options.scale <= kWholeTableMaxScale;
  std::vector<PgbenchTable> ranged = tables.incomplete;
  std::vector<PgbenchTable> whole_tables;
  if (whole) {
    whole_tables = tables.missing;
    std::stable_sort(whole_tables.begin(), whole_tables.end(), [&](PgbenchTable a, PgbenchTable b) {
      return pgbench_table_rows(a, options.scale) > pgbench_table_rows(b, options.scale);
    });
  } else {
    ranged.insert(ranged.end(), tables.missing.begin(), tables.missing.end());
  }
  const MissingRanges chunks =
      plan_ranges(*conn, ranged, tables.incomplete.size(), options.scale, out);
  const PgbenchRows pending = rows_to_load(ranged, chunks, whole_tables, options.scale);
  const long long pending_rows = pending.accounts + pending.tellers + pending.branches;
  if (pending_rows > 0) check_pgbench_space(*conn, config, pending, out);
  {
    pqxx::work tx(*conn);
    tx.exec(kCreatePgbenchRecordSql);
    tx.commit();
  }
  if (!whole) create_tables(*conn, options, tables.missing, out);
  LoadCounters counters;
  const std::size_t jobs = whole_tables.size() + chunks.count();
  if (jobs > 0) {
    out << "loading " << pending_rows << " rows into the pgbench tables (scale " << options.scale
        << ") with " << std::min<std::size_t>(static_cast<std::size_t>(config.load_workers), jobs)
        << " worker(s) using COPY";
    if (!whole_tables.empty()) {
      out << ", " << whole_tables.size()
          << " table(s) each created, loaded (COPY FREEZE), keyed and vacuumed in one job";
    }
    out << std::endl;
    load_on_workers(config, out, jobs, pending_rows, counters, [&](PgConnection& c, std::size_t n) {
      if (n < whole_tables.size()) {
        load_whole_table(c, options, whole_tables[n], counters);
      } else {
        const IdRange range = chunks.at(n - whole_tables.size());
        load_chunk(c, ranged[range.table], range, counters);
      }
    });
  }
  const double load_seconds = seconds_since(start);
  if (!ranged.empty()) {
    out << "creating the primary keys and vacuuming " << ranged.size() << " table(s)" << std::endl;
    run_on_workers(config, ranged.size(), config.load_workers,
                   [&](PgConnection& c, std::size_t n) { finish_table(c, ranged[n]); });
  }
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
