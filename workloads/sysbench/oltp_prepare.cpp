#include "workloads/sysbench/oltp_prepare.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <map>
#include <vector>

#include <pqxx/nontransaction>
#include <pqxx/result>
#include <pqxx/transaction>

#include "config/elapsed.hpp"
#include "config/errors.hpp"
#include "db/catalog.hpp"
#include "db/connect.hpp"
#include "db/pg_connection.hpp"
#include "db/writable.hpp"
#include "loader/copy_binary.hpp"
#include "loader/prepare_lock.hpp"
#include "loader/progress.hpp"
#include "loader/size_estimate.hpp"
#include "loader/space_check.hpp"
#include "workloads/common/missing_ranges.hpp"
#include "workloads/common/parallel_jobs.hpp"
#include "workloads/common/prepare_interrupt.hpp"
#include "workloads/sysbench/oltp_statements.hpp"
#include "workloads/sysbench/oltp_tables.hpp"
#include "workloads/sysbench/sbtest_rows.hpp"

namespace tpcc {
namespace {

// What tpcc_sysbench_tables says of one table.
struct RecordedTable {
  long long table_size = 0;
  bool auto_inc = true;
  bool secondary = false;
  bool complete = false;
};

// None before the first prepare: the record is created after the space check.
std::map<std::string, RecordedTable> read_recorded_tables(pqxx::connection& conn) {
  std::map<std::string, RecordedTable> tables;
  if (!relation_exists(conn, kOltpTablesRecord)) return tables;
  pqxx::nontransaction tx(conn);
  for (const auto& row : tx.exec(kSelectOltpTablesSql)) {
    tables[row[0].as<std::string>()] = {row[1].as<long long>(), row[2].as<bool>(),
                                        row[3].as<bool>(), row[4].as<bool>()};
  }
  return tables;
}

// The options a recorded table was made with must be this prepare's: rows
// of another size or id kind cannot be added to it.
void require_same_options(const std::string& name, const RecordedTable& recorded,
                          const OltpOptions& options) {
  const long long rows = oltp_prepared_rows(options);
  auto refuse = [&](const std::string& flag, const std::string& given, const std::string& had) {
    throw UsageError(flag + " " + given + ": " + name + " was prepared with " + flag + " " + had +
                     "; give the same to resume it, or run 'tpcc cleanup' first");
  };
  auto word = [](bool b) { return std::string(b ? "on" : "off"); };
  if (recorded.table_size != rows) {
    refuse("--table-size", std::to_string(rows), std::to_string(recorded.table_size));
  }
  if (recorded.auto_inc != options.auto_inc) {
    refuse("--auto_inc", word(options.auto_inc), word(recorded.auto_inc));
  }
  if (recorded.secondary != options.secondary) {
    refuse("--secondary", word(options.secondary), word(recorded.secondary));
  }
}

// The tables a prepare loads: recorded but incomplete ones (a killed
// prepare's, resumed by their missing ranges) and missing ones.
struct TablesToLoad {
  std::vector<int> incomplete;
  std::vector<int> missing;
};

// Refuses, before anything is created, an sbtest table tpcc did not create
// and a recorded one of other options; then says which tables to load.
TablesToLoad settle_tables(pqxx::connection& conn, const OltpOptions& options) {
  const std::map<std::string, RecordedTable> recorded = read_recorded_tables(conn);
  TablesToLoad tables;
  for (int table = 1; table <= options.tables; ++table) {
    const std::string name = sbtest_table_name(table);
    const auto found = recorded.find(name);
    const bool exists = relation_exists(conn, name);
    if (exists && found == recorded.end()) {
      throw UsageError(name +
                       ": the table exists and tpcc did not create it (sysbench's prepare, or "
                       "another program); drop it (sysbench ... cleanup) or use another database");
    }
    if (found != recorded.end()) require_same_options(name, found->second, options);
    // Recorded but dropped since: its record goes, the table is made anew.
    if (!exists) {
      tables.missing.push_back(table);
    } else if (!found->second.complete) {
      tables.incomplete.push_back(table);
    }
  }
  return tables;
}

// Creates each table with its record, in a transaction of its own, for its
// ranges to be loaded by several workers.
void create_tables_for_ranges(pqxx::connection& conn, const OltpOptions& options,
                              const std::vector<int>& tables, std::ostream& out) {
  for (const int table : tables) {
    out << "creating table " << sbtest_table_name(table) << "\n";
    pqxx::work tx(conn);
    for (const std::string& statement :
         create_recorded_sbtest_statements(table, options, oltp_prepared_rows(options))) {
      tx.exec(statement);
    }
    tx.commit();
  }
}

// The incomplete tables' loaded ranges, as their record says.
std::vector<std::vector<long long>> loaded_ranges(pqxx::connection& conn,
                                                  const std::vector<int>& tables, long long rows,
                                                  std::ostream& out) {
  std::vector<TableRows> names;
  for (const int table : tables) names.push_back({sbtest_table_name(table), rows});
  return read_loaded_firsts(conn, names, kSelectOltpChunksSql, out);
}

// The size estimate of the rows to load, said before anything is created;
// refused when far beyond the server's free space.
void check_oltp_space(pqxx::connection& conn, const Config& config, long long rows,
                      std::size_t tables, std::ostream& out) {
  check_space(conn, config,
              {estimated_sbtest_megabytes(rows, config.oltp.create_secondary),
               std::to_string(rows) + " rows in " + std::to_string(tables) + " sbtest table(s)",
               "--table-size", "fewer or smaller tables"},
              out);
}

// The range's table is sbtest<ranged[range.table]>.
void load_chunk(PgConnection& conn, const Config& config, int table, const IdRange& range,
                LoadCounters& counters) {
  std::string data;
  const long long rows =
      append_sbtest_copy(data, config.oltp, config.seed, table, range.first, range.last);
  conn.exec("begin");
  conn.begin_copy(copy_sbtest_sql(table, false));
  conn.put_copy_data(data);
  conn.end_copy();
  conn.exec(record_chunk_sql(table, range.first, range.last));
  conn.exec("commit");
  counters.rows += rows;
  counters.bytes += static_cast<std::int64_t>(data.size());
}

// The key, indexes, sequence, statistics and the completion mark of one
// table, in the caller's transaction.
void finish_table_in_transaction(PgConnection& conn, const OltpOptions& options, int table) {
  for (const std::string& statement :
       finish_sbtest_statements(table, options, oltp_prepared_rows(options))) {
    conn.exec(statement);
  }
  conn.exec(complete_table_sql(table));
}

// The same in one transaction: a kill leaves all of it to do again, or none.
void finish_table(PgConnection& conn, const OltpOptions& options, int table) {
  conn.exec("begin");
  finish_table_in_transaction(conn, options, table);
  conn.exec("commit");
}

// A table created, loaded (one COPY, its rows in the same ranges and so
// the same rows as range by range), keyed and completed in one transaction:
// its rows go in frozen and, on a wal_level=minimal server, without WAL; a
// kill leaves nothing of it, and prepare makes it anew.
void load_whole_table(PgConnection& conn, const Config& config, int table, LoadCounters& counters) {
  const OltpOptions& options = config.oltp;
  const long long rows = oltp_prepared_rows(options);
  conn.exec("begin");
  for (const std::string& statement : create_recorded_sbtest_statements(table, options, rows)) {
    conn.exec(statement);
  }
  if (rows > 0) {
    conn.begin_copy(copy_sbtest_sql(table, true));
    std::string data(copy_binary::kHeader, sizeof copy_binary::kHeader);
    for (long long first = 1; first <= rows; first += kSbtestChunkRows) {
      const long long last = std::min(rows, first + kSbtestChunkRows - 1);
      counters.rows += append_sbtest_rows(data, options, config.seed, table, first, last);
      if (last == rows) data.append(copy_binary::kTrailer, sizeof copy_binary::kTrailer);
      conn.put_copy_data(data);
      counters.bytes += static_cast<std::int64_t>(data.size());
      data.clear();
    }
    conn.end_copy();
  }
  finish_table_in_transaction(conn, options, table);
  conn.exec("commit");
}

}  // namespace

long long oltp_prepared_rows(const OltpOptions& options) {
  return options.test == OltpTest::Insert && !options.auto_inc ? 0 : options.table_size;
}

PrepareOutcome prepare_oltp_tables(const Config& config, std::ostream& out) {
  const auto start = std::chrono::steady_clock::now();
  const OltpOptions& options = config.oltp;
  if (options.table_size > INT_MAX) {
    throw UsageError("--table-size " + std::to_string(options.table_size) +
                     ": more rows than the INTEGER id of sysbench's tables holds");
  }
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc prepare");
  pqxx::nontransaction(*conn).exec(wait_for_earlier_prepare_sql(0));
  stop_prepare_on_interrupt();
  const TablesToLoad tables = settle_tables(*conn, options);
  if (tables.incomplete.empty() && tables.missing.empty()) {
    out << "the " << options.tables << " sbtest table(s) are already prepared: nothing to load\n";
    return {kExitOk, true};
  }
  const long long table_rows = oltp_prepared_rows(options);
  std::vector<std::vector<long long>> loaded =
      loaded_ranges(*conn, tables.incomplete, table_rows, out);
  const std::size_t table_count = tables.incomplete.size() + tables.missing.size();
  const MissingRanges resumed(std::vector<long long>(tables.incomplete.size(), table_rows),
                              kSbtestChunkRows, loaded);
  const long long rows_to_load =
      resumed.rows() + table_rows * static_cast<long long>(tables.missing.size());
  if (rows_to_load > 0) check_oltp_space(*conn, config, rows_to_load, table_count, out);
  {
    pqxx::work tx(*conn);
    tx.exec(kCreateOltpRecordSql);
    tx.commit();
  }
  // With a table for every worker, each missing table is one job, loaded
  // whole; with fewer, the workers share the tables' ranges.
  const bool whole = table_count >= static_cast<std::size_t>(config.load_workers);
  std::vector<int> ranged = tables.incomplete;
  std::vector<int> whole_tables;
  if (whole) {
    whole_tables = tables.missing;
  } else {
    create_tables_for_ranges(*conn, options, tables.missing, out);
    ranged.insert(ranged.end(), tables.missing.begin(), tables.missing.end());
    loaded.resize(ranged.size());
  }
  const MissingRanges chunks(std::vector<long long>(ranged.size(), table_rows), kSbtestChunkRows,
                             loaded);
  const long long rows_pending =
      chunks.rows() + table_rows * static_cast<long long>(whole_tables.size());

  LoadCounters counters;
  const std::size_t jobs = whole_tables.size() + chunks.count();
  if (jobs > 0) {
    out << "loading " << rows_pending << " rows into " << table_count << " sbtest table(s) with "
        << std::min<std::size_t>(static_cast<std::size_t>(config.load_workers), jobs)
        << " worker(s) using COPY";
    if (!whole_tables.empty()) {
      out << ", " << whole_tables.size()
          << " of them each created, loaded (COPY FREEZE) and indexed in one transaction";
    }
    out << std::endl;
    // The whole tables first: the longest jobs.
    load_on_workers(config, out, jobs, rows_pending, counters, [&](PgConnection& c, std::size_t n) {
      if (n < whole_tables.size()) {
        load_whole_table(c, config, whole_tables[n], counters);
      } else {
        const IdRange range = chunks.at(n - whole_tables.size());
        load_chunk(c, config, ranged[range.table], range, counters);
      }
    });
  }
  const double load_seconds = seconds_since(start);
  if (!ranged.empty()) {
    out << "creating the key" << (options.create_secondary ? ", the k index" : "")
        << " and statistics of " << ranged.size() << " table(s)" << std::endl;
    run_on_workers(config, ranged.size(), config.load_workers,
                   [&](PgConnection& c, std::size_t n) { finish_table(c, options, ranged[n]); });
  }
  char line[256];
  std::snprintf(line, sizeof line,
                "prepared %d sbtest table(s) of %lld rows: %lld rows loaded in %.1f s (data "
                "%.1f s)\n",
                options.tables, oltp_prepared_rows(options),
                static_cast<long long>(counters.rows.load()), seconds_since(start), load_seconds);
  out << line;
  return {kExitOk, false};
}

}  // namespace tpcc
