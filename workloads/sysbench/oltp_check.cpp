#include "workloads/sysbench/oltp_check.hpp"

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "config/errors.hpp"
#include "config/names.hpp"
#include "db/catalog.hpp"
#include "db/connect.hpp"
#include "workloads/sysbench/oltp_found_tables.hpp"
#include "workloads/sysbench/oltp_statements.hpp"
#include "workloads/sysbench/oltp_tables.hpp"

namespace tpcc {
namespace {

// $1 table: its record, or no row.
constexpr const char* kRecordedTableSql =
    "select table_size, complete, row_count, rows_in_doubt, run_open from tpcc_sysbench_tables "
    "where table_name = $1";

// $1 table, $2 index: a valid index of that name on the table (not one a
// failed CREATE INDEX CONCURRENTLY left), in the current schema; $3 true
// when it must be the primary key.
constexpr const char* kIndexPresentSql =
    "select count(*) from pg_index i join pg_class t on t.oid = i.indrelid "
    "join pg_class x on x.oid = i.indexrelid where t.relname = $1 and x.relname = $2 "
    "and t.relnamespace = to_regnamespace(current_schema())::oid and i.indisvalid "
    "and (i.indisprimary or not $3)";

// The rows and id range: %T the table.
constexpr const char* kIdFiguresSql =
    "select count(*), coalesce(min(id), 0), coalesce(max(id), 0) from %T";
// Ids that appear more than once: %T the table. Counting distinct ids sorts
// the whole table, so it runs only where no valid primary key keeps the ids
// unique already (--secondary's plain index, or the key gone).
constexpr const char* kRepeatedIdsSql = "select count(*) - count(distinct id) from %T";

std::string with_table(std::string sql, const std::string& table) {
  sql.replace(sql.find("%T"), 2, table);
  return sql;
}

// The rows prepare loaded plus every run's acknowledged inserts minus its
// deletes; each write in doubt may or may not have committed.
TableCheckResult row_count_check(const std::string& name, long long rows, const pqxx::row& record) {
  const long long expected = record[2].as<long long>();
  const long long doubt = record[3].as<long long>();
  std::string what = std::to_string(expected) +
                     " rows (prepared, plus the runs' acknowledged "
                     "inserts, minus their deletes";
  what += doubt > 0 ? ", give or take " + std::to_string(doubt) + " write(s) in doubt)" : ")";
  if (record[4].as<bool>()) {
    return {name, what, false,
            "a run against it has not recorded its inserts and deletes (still running, or it "
            "ended without a server): the count is unknown until prepare loads it again"};
  }
  const bool held = rows >= expected - doubt && rows <= expected + doubt;
  return {name, what, held, std::to_string(rows) + " rows"};
}

}  // namespace

OltpTablesOrigin refuse_unprepared_oltp_tables(const Config& config) {
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  const std::string prepare = "run tpcc " + std::string(oltp_test_name(config.oltp.test)) +
                              " prepare with the same --tables and --table-size first";
  if (!relation_exists(tx, kOltpTablesRecord)) {
    if (!any_sbtest_table(tx)) {
      throw UsageError("no sysbench tables in this database: " + prepare);
    }
    check_found_sbtest_tables(tx, config.oltp.tables, prepare);
    return OltpTablesOrigin::MadeBySysbench;
  }
  for (int table = 1; table <= config.oltp.tables; ++table) {
    const std::string name = sbtest_table_name(table);
    const pqxx::result recorded = tx.exec_params(kRecordedTableSql, name);
    const bool exists = relation_exists(tx, name);
    if (recorded.empty() || !exists) {
      throw UsageError("--tables " + std::to_string(config.oltp.tables) + ": " + name +
                       " was not prepared here: " + prepare);
    }
    if (!recorded[0][1].as<bool>()) {
      throw UsageError(name + ": its prepare did not finish: " + prepare);
    }
  }
  return OltpTablesOrigin::Recorded;
}

std::vector<TableCheckResult> run_oltp_checks(const Config& config, bool after_load) {
  const OltpOptions& options = config.oltp;
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  if (!relation_exists(tx, kOltpTablesRecord)) {
    if (any_sbtest_table(tx)) return found_sbtest_checks(tx, options);
    throw UsageError(std::string("no sysbench tables here (") + kOltpTablesRecord +
                     " is missing and so is sbtest1): run tpcc prepare with the same options "
                     "first");
  }
  std::vector<TableCheckResult> results;
  for (int table = 1; table <= options.tables; ++table) {
    const std::string name = sbtest_table_name(table);
    const std::string n = std::to_string(table);
    const pqxx::result recorded = tx.exec_params(kRecordedTableSql, name);
    const bool exists = relation_exists(tx, name);
    const bool complete = !recorded.empty() && recorded[0][1].as<bool>() && exists;
    results.push_back({name, "prepared by tpcc and complete", complete,
                       recorded.empty() ? "no record of it"
                       : !exists        ? "the table is gone"
                                        : "its prepare did not finish: run it again"});
    if (!complete) continue;
    const long long loaded = recorded[0][0].as<long long>();
    const std::string key = options.secondary ? "xid_" + n : name + "_pkey";
    const bool has_key =
        tx.exec_params(kIndexPresentSql, name, key, !options.secondary)[0][0].as<long long>() > 0;
    results.push_back(
        {name, options.secondary ? "index xid_" + n + " on id" : "primary key on id (no id twice)",
         has_key, key + " is missing or invalid"});
    if (options.create_secondary) {
      const bool has_k =
          tx.exec_params(kIndexPresentSql, name, "k_" + n, false)[0][0].as<long long>() > 0;
      results.push_back(
          {name, "index k_" + n + " on k", has_k, "k_" + n + " is missing or invalid"});
    }
    long long duplicates = 0;
    if (options.secondary || !has_key) {
      duplicates = tx.exec(with_table(kRepeatedIdsSql, name))[0][0].as<long long>();
      results.push_back({name, "no id twice", duplicates == 0,
                         std::to_string(duplicates) + " row(s) repeat an id"});
    }
    const pqxx::row figures = tx.exec(with_table(kIdFiguresSql, name))[0];
    const long long rows = figures[0].as<long long>();
    results.push_back(row_count_check(name, rows, recorded[0]));
    if (after_load) {
      const long long min_id = figures[1].as<long long>();
      const long long max_id = figures[2].as<long long>();
      const bool exact =
          rows == loaded && (loaded == 0 || (min_id == 1 && max_id == loaded && duplicates == 0));
      results.push_back({name, "ids 1.." + std::to_string(loaded), exact,
                         "ids " + std::to_string(min_id) + ".." + std::to_string(max_id)});
    }
  }
  return results;
}

int check_oltp_tables(const Config& config, std::ostream& out) {
  return print_table_checks(
      run_oltp_checks(config, config.after_load), "sbtest",
      config.after_load ? "" : " (the ids 1..N are checked right after prepare only)", out);
}

}  // namespace tpcc
