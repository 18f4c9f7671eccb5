#include "loader/post_load.hpp"

#include <algorithm>
#include <atomic>
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
#include "schema/schema.hpp"

namespace tpcc {
namespace {

// Runs independent statements on up to `workers` connections at once.
void run_in_parallel(const Config& config, const std::vector<std::string>& statements, int workers) {
  std::atomic<std::size_t> next{0};
  std::mutex error_mutex;
  std::exception_ptr error;
  auto worker = [&] {
    try {
      auto conn = connect(config.conninfo);
      // Sorting for an index build happens in memory when it fits.
      conn->set_variable("maintenance_work_mem", "'512MB'");
      pqxx::nontransaction(*conn).exec(kHoldPrepareLockSql);
      for (std::size_t i = next++; i < statements.size() && !error; i = next++) {
        pqxx::nontransaction tx(*conn);
        tx.exec(statements[i]);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  const int n = std::max(1, std::min(workers, static_cast<int>(statements.size())));
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

std::vector<std::string> missing_only(pqxx::connection& conn, const std::vector<std::string>& statements) {
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

// Largest tables first, so the parallel builds finish close together.
int build_cost_rank(const std::string& statement) {
  static const std::vector<std::string> by_size = {"bmsql_order_line", "bmsql_stock", "bmsql_customer",
                                                   "bmsql_oorder", "bmsql_history", "bmsql_item",
                                                   "bmsql_new_order"};
  const std::string padded = statement + " ";
  for (std::size_t i = 0; i < by_size.size(); ++i) {
    if (padded.find(by_size[i] + " ") != std::string::npos) return static_cast<int>(i);
  }
  return static_cast<int>(by_size.size());
}

std::string seconds_since(std::chrono::steady_clock::time_point start) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return buf;
}

}  // namespace

void build_indexes(const Config& config, std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  auto conn = connect(config.conninfo);
  std::vector<std::string> statements = missing_only(*conn, index_statements(config));
  std::stable_sort(statements.begin(), statements.end(), [](const auto& a, const auto& b) {
    return build_cost_rank(a) < build_cost_rank(b);
  });
  run_in_parallel(config, statements, config.load_workers);
  pqxx::nontransaction tx(*conn);
  // History ids were written by the loader; new rows continue after them.
  tx.exec("select setval('bmsql_hist_id_seq', greatest(1, (select max(hist_id) from bmsql_history)))");
  log << "indexes: " << statements.size() << " built in " << seconds_since(start) << " s\n";
}

void add_foreign_keys(const Config& config, std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  auto conn = connect(config.conninfo);
  const auto statements = missing_only(*conn, foreign_key_statements());
  // Sequential: each takes locks on two tables and they overlap.
  run_in_parallel(config, statements, 1);
  log << "foreign keys: " << statements.size() << " added in " << seconds_since(start) << " s\n";
}

void vacuum_analyze(const Config& config, std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> statements;
  for (const auto& table : kAllTables) statements.push_back("vacuum analyze " + table);
  std::stable_sort(statements.begin(), statements.end(), [](const auto& a, const auto& b) {
    return build_cost_rank(a) < build_cost_rank(b);
  });
  run_in_parallel(config, statements, config.load_workers);
  log << "vacuum analyze: " << seconds_since(start) << " s\n";
}

}  // namespace tpcc
