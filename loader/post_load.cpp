#include "loader/post_load.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <exception>
#include <mutex>
#include <regex>
#include <thread>

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "db/connect.hpp"
#include "loader/prepare_lock.hpp"
#include "schema/citus.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

// Runs independent jobs on up to `workers` connections at once; the
// statements of one job run in order on one connection.
using Job = std::vector<std::string>;
void run_in_parallel(const Config& config, const std::vector<Job>& jobs, int workers) {
  std::atomic<std::size_t> next{0};
  std::mutex error_mutex;
  std::exception_ptr error;
  auto worker = [&] {
    try {
      auto conn = connect(config.conninfo);
      // Sorting for an index build happens in memory when it fits.
      conn->set_variable("maintenance_work_mem", "'512MB'");
      pqxx::nontransaction(*conn).exec(hold_prepare_lock_sql(config.driver_index));
      for (std::size_t i = next++; i < jobs.size() && !error; i = next++) {
        for (const std::string& statement : jobs[i]) {
          pqxx::nontransaction tx(*conn);
          tx.exec(statement);
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  const int n = std::max(1, std::min(workers, static_cast<int>(jobs.size())));
  for (int i = 0; i < n; ++i) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

// The index or constraint a statement creates ("add constraint X" / "index X").
std::string created_name(const std::string& statement) {
  static const std::regex name(R"((?:constraint|index)\s+([a-z0-9_]+))", std::regex::icase);
  std::smatch m;
  return std::regex_search(statement, m, name) ? m[1].str() : std::string();
}

std::vector<std::string> missing_only(pqxx::connection& conn,
                                      const std::vector<std::string>& statements) {
  pqxx::nontransaction tx(conn);
  std::vector<std::string> out;
  for (const auto& s : statements) {
    const auto found = tx.exec_params(
        "select 1 from pg_constraint where conname = $1 "
        "union all select 1 from pg_class where relname = $1 and relkind in ('i', 'I')",
        created_name(s));
    if (found.empty()) out.push_back(s);
  }
  return out;
}

// Tables by size, largest first, so the parallel jobs finish close together.
const std::vector<std::string>& tables_by_size() {
  static const std::vector<std::string> tables = {
      "bmsql_order_line", "bmsql_stock",     "bmsql_customer", "bmsql_oorder",    "bmsql_history",
      "bmsql_item",       "bmsql_new_order", "bmsql_district", "bmsql_warehouse", "bmsql_config"};
  return tables;
}

// Whether the statement names the table: the name followed by white space
// or the end, so that bmsql_order is not found in bmsql_order_line.
bool statement_is_on(const std::string& statement, const std::string& table) {
  for (auto at = statement.find(table); at != std::string::npos;
       at = statement.find(table, at + 1)) {
    const auto next = at + table.size();
    if (next == statement.size() || std::isspace(static_cast<unsigned char>(statement[next]))) {
      return true;
    }
  }
  return false;
}

std::string seconds_since(std::chrono::steady_clock::time_point start) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return buf;
}

}  // namespace

void build_indexes_and_analyze(const Config& config, std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  auto conn = connect(config.conninfo);
  const std::vector<std::string> missing = missing_only(*conn, index_statements(config));
  const std::vector<std::string> targets = payload_statistics_statements(config);
  // One job per table: its keys and indexes and its columns' statistics
  // targets (again, for a prepare of a loaded database with another
  // --analyze-payload-columns), then VACUUM ANALYZE (which must wait for them on that table, not
  // for every other table's), except on the tables left without statistics
  // (config/table_storage.hpp).
  std::vector<Job> jobs;
  for (const std::string& table : tables_by_size()) {
    Job job;
    for (const std::string& statement : missing) {
      if (statement_is_on(statement, table)) job.push_back(statement);
    }
    for (const std::string& statement : targets) {
      if (statement_is_on(statement, table)) job.push_back(statement);
    }
    const auto& unanalyzed = tables_left_unanalyzed();
    const bool analyze = config.analyze_all_tables ||
                         std::find(unanalyzed.begin(), unanalyzed.end(), table) == unanalyzed.end();
    if (analyze) job.push_back("vacuum analyze " + table);
    jobs.push_back(std::move(job));
  }
  run_in_parallel(config, jobs, config.load_workers);
  pqxx::nontransaction tx(*conn);
  // History ids were written by the loader; new rows continue after them.
  tx.exec(
      "select setval('bmsql_hist_id_seq', greatest(1, (select max(hist_id) from bmsql_history)))");
  log << "indexes (" << missing.size() << ") and vacuum analyze: " << seconds_since(start)
      << " s\n";
}

void add_foreign_keys(const Config& config, std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  auto conn = connect(config.conninfo);
  std::vector<std::string> wanted;
  int left_out = 0;
  for (const std::string& statement : foreign_key_statements()) {
    const bool refused =
        config.distribution == Distribution::Citus && crosses_warehouses(statement);
    left_out += refused ? 1 : 0;
    if (!refused) wanted.push_back(statement);
  }
  const auto statements = missing_only(*conn, wanted);
  // One job, in order: each takes locks on two tables and they overlap.
  run_in_parallel(config, {statements}, 1);
  log << "foreign keys: " << statements.size() << " added in " << seconds_since(start) << " s\n";
  if (left_out > 0) {
    log << "foreign keys: " << left_out
        << " left out (history to customer, order line to stock): each links two warehouses, "
           "which Citus can place on two workers, and Citus enforces only keys within one "
           "warehouse's shards or to a reference table\n";
  }
}

}  // namespace tpcc
