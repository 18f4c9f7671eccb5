#include "app/commands.hpp"

#include <iostream>

#include "app/acid_command.hpp"
#include "app/capacity_command.hpp"
#include "app/curve_command.hpp"
#include "app/fleet_command.hpp"
#include "app/repeat_command.hpp"
#include "app/report_command.hpp"
#include "app/run_command.hpp"
#include "app/run_once.hpp"
#include "app/snapshot_command.hpp"
#include "app/sweep_command.hpp"
#include "app/workload_registry.hpp"
#include "check/load_gaps.hpp"
#include "check/runner.hpp"
#include "config/errors.hpp"
#include "db/connect.hpp"
#include "loader/load_state.hpp"
#include "loader/prepare.hpp"
#include "pgserver/citus_cluster.hpp"
#include "pgserver/local_server.hpp"
#include "schema/cleanup.hpp"
#include "workloads/ch/ch_check.hpp"
#include "workloads/ch/ch_cleanup.hpp"
#include "workloads/ch/ch_prepare.hpp"

namespace tpcc {
namespace {

// A half load passes every condition; its gaps are said first and last.
int check_command(const Config& config) {
  auto conn = connect(config.conninfo);
  // A clear message, not a missing-relation error, on an empty database.
  const DatabaseState state = inspect_loaded_database(*conn);
  const std::vector<std::string> gaps = load_gaps(state);
  for (const std::string& gap : gaps) std::cout << "load incomplete: " << gap << "\n";
  std::cout << load_origin_line(state) << "\n";
  const auto results = run_consistency_checks(*conn, config.after_load, &std::cout);
  std::cout << format_summary_line(results) << "\n";
  // CH-benCHmark's tables, when prepare --ch made them.
  const std::vector<TableCheckResult> ch = run_ch_checks(*conn);
  const int ch_status = ch.empty() ? kExitOk : print_table_checks(ch, "CH", "", std::cout);
  if (!gaps.empty()) {
    std::cout << incomplete_load_advice(state) << "\n";
  }
  return all_passed(results) && gaps.empty() && ch_status == kExitOk ? kExitOk : kExitFailed;
}

int prepare_command(const Config& config) {
  if (config.ch) refuse_others_ch_tables(config);
  const PrepareOutcome outcome = prepare_database(config, std::cout);
  if (outcome.status != kExitOk) return outcome.status;
  // CH's tables join the whole load; with --driver, the last driver adds them.
  if (config.ch && outcome.whole) prepare_ch_tables(config, std::cout);
  if (config.no_check) return outcome.status;
  if (!outcome.whole) {
    std::cout << "not checking: the load is whole once every driver has finished; run tpcc "
                 "check then\n";
    return outcome.status;
  }
  Config check = config;
  // A load that was complete before this prepare started may have been run
  // against since, and 3.3.2.11 holds only until the first New-Order or
  // Delivery commits: the run-time conditions are checked. (Telling whether
  // transactions ran would need a scan of the orders, for little: condition
  // 11 describes the load, which this prepare did not change.)
  check.after_load = !outcome.was_complete;
  std::cout << (check.after_load ? "checking consistency (3.3.2, after load):\n"
                                 : "checking the run-time consistency conditions (3.3.2; not "
                                   "3.3.2.11, which holds only right after the load):\n");
  return check_command(check);
}

// Prepare, check and a short run against `local`, a throwaway server or
// Citus coordinator.
int quickstart_on(const Config& local) {
  const int status = prepare_command(local);
  if (status != kExitOk) return status;
  std::cout << "\nrunning " << local.terminals << " terminals for " << local.duration_seconds
            << " s (warm-up " << local.warmup_seconds << " s)\n";
  return run_benchmark(local, std::cout);
}

// A throwaway server (or Citus cluster), a small load, a check, a short
// run and its report; the servers go away at the end unless --keep.
int quickstart_command(const Config& config) {
  LocalServerOptions options;
  options.keep = config.keep;
  Config local = config;
  if (config.citus_workers > 0) {
    if (!CitusCluster::installed())
      throw UsageError("--citus-workers: " + CitusCluster::install_hint());
    std::cout << "starting a throwaway Citus cluster: a coordinator and " << config.citus_workers
              << " worker(s)...\n";
    const auto cluster = CitusCluster::start(config.citus_workers, options);
    std::cout << "coordinator ready: " << cluster->conninfo() << "\n";
    local.conninfo = cluster->conninfo();
    return quickstart_on(local);
  }
  std::cout << "starting a throwaway PostgreSQL server...\n";
  const auto server = LocalServer::start(options);
  std::cout << "server ready: " << server->conninfo() << "\n";
  local.conninfo = server->conninfo();
  return quickstart_on(local);
}

}  // namespace

int run_command(const Config& config) {
  // What sysbench-tpcc's flags became (workloads/sysbench/config/sysbench_finish.cpp).
  for (const std::string& note : config.notes) std::cout << note << "\n";
  const WorkloadEntry& workload = workload_entry(config.workload);
  const bool table_verb =
      config.verb == Verb::Prepare || config.verb == Verb::Check || config.verb == Verb::Cleanup;
  if (table_verb && workload.table_command) return workload.table_command(config, std::cout);
  const bool runs = config.verb == Verb::Run || config.verb == Verb::Capacity;
  if (runs && workload.read_inputs) workload.read_inputs(config);
  switch (config.verb) {
    case Verb::Prepare: return prepare_command(config);
    case Verb::Check: return check_command(config);
    case Verb::Cleanup: {
      const int ch = cleanup_ch_tables(config, std::cout);
      return ch != kExitOk ? ch : cleanup_database(config, std::cout);
    }
    case Verb::Quickstart: return quickstart_command(config);
    case Verb::Run:
      if (config.sweep) return run_sweep(config, std::cout);
      if (config.curve) return run_curve(config, std::cout);
      return config.repeat > 1 ? run_repeated(config, std::cout) : run_once(config, std::cout);
    case Verb::Acid: return acid_command(config, std::cout);
    case Verb::Report: return report_command(config, std::cout);
    case Verb::Snapshot: return snapshot_command(config, std::cout);
    case Verb::Capacity: return capacity_command(config, std::cout);
    case Verb::Sweep: break;  // parsed as a run with axes (config.sweep)
    case Verb::Curve: break;  // parsed as a run with a ladder of rates (config.curve)
    case Verb::Fleet: return fleet_command(config, std::cout);
  }
  return kExitUsage;
}

}  // namespace tpcc
