#include "loader/prepare.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <csignal>
#include <ctime>

#include <pqxx/nontransaction>
#include <pqxx/result>
#include <pqxx/transaction>

#include "config/driver_slice.hpp"
#include "config/elapsed.hpp"
#include "config/errors.hpp"
#include "config/local_time.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "loader/layout.hpp"
#include "loader/load_state.hpp"
#include "loader/parallel_load.hpp"
#include "loader/post_load.hpp"
#include "loader/prepare_lock.hpp"
#include "loader/progress.hpp"
#include "loader/size_estimate.hpp"
#include "loader/space_check.hpp"
#include "schema/citus.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

constexpr const char* kInsertConfigSql =
    "insert into bmsql_config (cfg_name, cfg_value) values ($1, $2)";

std::string now_timestamp() { return format_local_time(std::time(nullptr), "%Y-%m-%d %H:%M:%S"); }

void create_schema(pqxx::connection& conn, const Config& config, const LoadParameters& params) {
  pqxx::work tx(conn);
  for (const auto& statement : create_table_statements(config)) tx.exec(statement);
  // Before any row: an autovacuum ANALYZE during the load would otherwise
  // gather the statistics that a later target of 0 leaves in place.
  for (const auto& statement : payload_statistics_statements(config)) tx.exec(statement);
  if (config.distribution == Distribution::Citus) distribute_tables(tx, config.shards);
  const std::vector<std::pair<const char*, std::string>> values = {
      {kConfigWarehouses, std::to_string(config.warehouses)},
      {kConfigCLast, std::to_string(params.c_load.c_last)},
      {kConfigCId, std::to_string(params.c_load.c_id)},
      {kConfigItemId, std::to_string(params.c_load.ol_i_id)},
      {kConfigSeed, std::to_string(params.seed)},
      {kConfigLoadTime, params.load_time},
      {kConfigVersion, TPCC_VERSION},
  };
  for (const auto& [name, value] : values) {
    tx.exec_params(kInsertConfigSql, name, value);
  }
  for (const LayoutSetting& setting : requested_layout(config)) {
    tx.exec_params(kInsertConfigSql, setting.key, setting.value);
  }
  if (config.driver_count > 0) {
    tx.exec_params(kInsertConfigSql, kConfigLoadDrivers, std::to_string(config.driver_count));
  }
  tx.commit();
}

// The warehouses this prepare loads: all W, or with --driver I/N the I-th
// of N even slices of them.
WarehouseRange own_warehouses(const Config& config) {
  const WarehouseRange all{1, config.warehouses};
  return config.driver_count > 0 ? driver_slice(all, config.driver_index, config.driver_count)
                                 : all;
}

// The item table is loaded once: by the only driver, or by driver 1.
bool loads_items(const Config& config) { return config.driver_index <= 1; }

// "driver 2 of 4 (warehouses 6..10): ", or nothing for the only driver.
std::string driver_prefix(const Config& config) {
  if (config.driver_count == 0) return "";
  const WarehouseRange own = own_warehouses(config);
  return "driver " + std::to_string(config.driver_index) + " of " +
         std::to_string(config.driver_count) + " (warehouses " + std::to_string(own.first) + ".." +
         std::to_string(own.last) + "): ";
}

// Decides what to load from what the database holds; refuses to mix loads.
LoadJobs plan_jobs(pqxx::connection& conn, const Config& config, const DatabaseState& state,
                   LoadParameters& params, std::ostream& out) {
  LoadJobs jobs;
  const WarehouseRange own = own_warehouses(config);
  if (state.kind == DatabaseState::Kind::Incompatible) {
    throw UsageError("refusing to load into this database: " + state.incompatibility +
                     ". Run 'tpcc cleanup' to drop the tables named above (it drops no others), "
                     "or use another database.");
  }
  if (state.kind == DatabaseState::Kind::Empty) {
    jobs.items = loads_items(config);
    jobs.add_warehouses(own.first, own.last);
    return jobs;
  }
  const RecordedLoad& recorded = state.recorded;
  if (recorded.warehouses != config.warehouses) {
    throw UsageError(
        "--warehouses " + std::to_string(config.warehouses) + ": the database holds a load of " +
        std::to_string(recorded.warehouses) + " warehouses (bmsql_config); pass --warehouses " +
        std::to_string(recorded.warehouses) + " to resume it, or run 'tpcc cleanup' first");
  }
  if (!recorded.seed || recorded.load_time.empty()) {
    throw UsageError(
        "the database holds a load made by another kit (no tpcc_seed in bmsql_config); "
        "tpcc cannot add rows consistent with it. Run 'tpcc cleanup' first.");
  }
  if (config.seed_given && *recorded.seed != config.seed) {
    throw UsageError("--seed " + std::to_string(config.seed) +
                     ": the database was loaded with seed " + std::to_string(*recorded.seed) +
                     "; resume with the same seed or run 'tpcc cleanup'");
  }
  require_recorded_layout(conn, config, recorded);
  // The drivers of one load must slice the warehouses alike; a prepare
  // without --driver may finish any load.
  const auto drivers = recorded.values.find(kConfigLoadDrivers);
  if (config.driver_count > 0 && drivers != recorded.values.end() &&
      drivers->second != std::to_string(config.driver_count)) {
    throw UsageError("--driver " + std::to_string(config.driver_index) + "/" +
                     std::to_string(config.driver_count) + ": this load is split over " +
                     drivers->second + " drivers (" + kConfigLoadDrivers +
                     " in bmsql_config); give each the same N, or run tpcc prepare without "
                     "--driver to finish the load alone");
  }
  params.seed = *recorded.seed;
  params.c_load = recorded.c_load;
  params.load_time = recorded.load_time;
  jobs.items = loads_items(config) && !state.items_loaded;
  // The gaps between the warehouses already loaded (an ordered set).
  int next = own.first;
  for (const int w : state.complete_warehouses) {
    if (w < own.first) continue;
    if (w > own.last) break;
    jobs.add_warehouses(next, w - 1);
    next = std::max(next, w + 1);
  }
  jobs.add_warehouses(next, own.last);
  if (recorded.complete && jobs.count() == 0) {
    out << "the load is already complete (" << kConfigLoadComplete << " "
        << recorded.values.at(kConfigLoadComplete)
        << "): nothing to load; indexes and functions are brought up to date\n";
    return jobs;
  }
  out << driver_prefix(config) << "resuming: " << state.complete_warehouses.size() << " of "
      << config.warehouses << " warehouses already loaded; loading " << jobs.warehouse_count()
      << (jobs.items ? " and the item table" : "") << "\n";
  return jobs;
}

// Ctrl-C during a load: the server rolls back the warehouses in flight and
// keeps the finished ones; say how to go on, then stop (exit 130).
extern "C" void on_interrupt(int) {
  static const char kMessage[] =
      "\ninterrupted: finished warehouses are kept; run the same tpcc prepare again to resume\n";
  const ssize_t written = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  (void)written;
  _exit(kExitInterrupted);
}

// --distribute citus: the options with the shard count settled: --shards,
// else what the load being resumed recorded, else the server's default.
Config with_distribution(pqxx::connection& conn, const Config& config, const DatabaseState& state) {
  if (config.distribution != Distribution::Citus) return config;
  require_citus(conn);
  Config effective = config;
  if (effective.shards > 0) return effective;
  const auto recorded = state.recorded.values.find(kConfigShards);
  const bool resumed =
      state.kind == DatabaseState::Kind::Ours && recorded != state.recorded.values.end();
  effective.shards = resumed ? std::stoi(recorded->second) : server_shard_count(conn);
  return effective;
}

// The size estimate, said before anything is created, and the refusal of a
// load the server's file system cannot hold.
LoadSize load_size(const Config& config, const LoadJobs& jobs) {
  const long long warehouses = jobs.warehouse_count();
  return {estimated_load_megabytes(config, static_cast<int>(warehouses), jobs.items),
          std::to_string(warehouses) + " warehouse(s)", "--warehouses", "fewer warehouses"};
}

// --driver: whether this driver, its rows loaded, takes the steps after
// them. Called holding the finishing lock, so that of two drivers ending
// together one finds the rows incomplete or the other's completion mark.
bool last_driver_to_finish(pqxx::connection& conn, const Config& config, std::ostream& out) {
  const DatabaseState now = inspect_database(conn);
  if (now.recorded.complete) {
    out << driver_prefix(config)
        << "its warehouses are loaded; another driver has finished the load\n";
    return false;
  }
  const long long missing =
      config.warehouses - static_cast<long long>(now.complete_warehouses.size());
  if (missing > 0 || !now.items_loaded) {
    out << driver_prefix(config) << "its warehouses are loaded; waiting on the others (" << missing
        << " warehouse(s)" << (now.items_loaded ? "" : " and the item table")
        << " still missing): the last driver to finish builds the indexes and marks the load "
           "complete\n";
    return false;
  }
  out << driver_prefix(config)
      << "the last driver to finish: every warehouse is loaded; building the indexes\n";
  return true;
}

}  // namespace

PrepareOutcome prepare_database(const Config& given, std::ostream& out) {
  const auto start = std::chrono::steady_clock::now();
  auto conn = connect(given.conninfo);
  require_writable(*conn, given.conninfo, "tpcc prepare");
  validate_against_server(*conn, given);
  pqxx::nontransaction(*conn).exec(wait_for_earlier_prepare_sql(given.driver_index));
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  // The drivers of one load (--driver) look and create the schema in turn.
  pqxx::nontransaction(*conn).exec(kLockSchemaSetupSql);
  const DatabaseState state = inspect_database(*conn);
  const Config config = with_distribution(*conn, given, state);

  LoadParameters params;
  params.seed = config.seed;
  params.c_load = load_constants_for_seed(config.seed);
  params.load_time = now_timestamp();
  const LoadJobs jobs = plan_jobs(*conn, config, state, params, out);
  if (config.distribution == Distribution::Citus) {
    out << "distributed by Citus over " << active_worker_count(*conn)
        << " worker(s): " << config.shards << " shards per table, colocated by warehouse\n";
  }
  if (jobs.count() > 0) check_space(*conn, config, load_size(config, jobs), out);
  if (state.kind == DatabaseState::Kind::Empty) create_schema(*conn, config, params);
  pqxx::nontransaction(*conn).exec(kUnlockSchemaSetupSql);
  const bool was_complete = state.recorded.complete && jobs.count() == 0;

  LoadCounters counters;
  if (jobs.count() > 0) {
    out << driver_prefix(config) << "loading " << jobs.warehouse_count() << " warehouse(s) with "
        << std::min<long long>(config.load_workers, jobs.count()) << " worker(s) using "
        << (config.load_method == LoadMethod::Copy ? "COPY" : "multi-row INSERT") << std::endl;
    std::atomic<int> jobs_done{0};
    ProgressTotals totals{
        static_cast<int>(std::min<long long>(jobs.count(), INT_MAX)),
        jobs.warehouse_count() * rows_per_warehouse_estimate() + (jobs.items ? 100000 : 0)};
    LoadProgress progress(out, isatty(STDOUT_FILENO) == 1, counters, jobs_done, totals);
    run_load_jobs(config, params, jobs, counters, jobs_done);
  }
  const double load_seconds = seconds_since(start);

  if (config.driver_count > 0) {
    pqxx::nontransaction(*conn).exec(kLockFinishingSql);
    if (!last_driver_to_finish(*conn, config, out)) {
      PrepareOutcome outcome{kExitOk, was_complete};
      outcome.whole = false;
      return outcome;
    }
  }
  build_indexes_and_analyze(config, out);
  if (config.foreign_keys) add_foreign_keys(config, out);
  {
    pqxx::nontransaction tx(*conn);
    // For --mode procedures; replaced on every prepare, so that a resumed
    // or repeated prepare brings an older database's functions up to date.
    tx.exec(procedures_script());
    if (config.distribution == Distribution::Citus) distribute_functions(tx);
    // The first completion time stays: a later prepare loads nothing.
    tx.exec_params(std::string(kInsertConfigSql) + " on conflict (cfg_name) do nothing",
                   kConfigLoadComplete, now_timestamp());
  }
  const double total_seconds = seconds_since(start);
  const auto bytes = config.distribution == Distribution::Citus
                         ? distributed_bytes(*conn)
                         : pqxx::nontransaction(*conn)
                               .exec("select pg_database_size(current_database())")[0][0]
                               .as<double>();
  char line[256];
  std::snprintf(line, sizeof line,
                "prepared %d warehouse(s): %lld rows in %.1f s (data %.1f s), database %.0f MB, "
                "%.1f MB/s overall\n",
                config.warehouses, static_cast<long long>(counters.rows.load()), total_seconds,
                load_seconds, bytes / 1e6, bytes / 1e6 / total_seconds);
  out << line;
  return {kExitOk, was_complete};
}

}  // namespace tpcc
