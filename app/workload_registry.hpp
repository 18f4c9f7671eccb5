// The workloads tpcc runs, one row each: what the verbs ask of a workload
// beyond the run path they all share (app/run_workload). A workload is its
// folder, workloads/<name>/, and its row here.
#pragma once

#include <memory>
#include <ostream>

#include "app/side_run.hpp"
#include "config/config.hpp"
#include "workloads/workload_tables.hpp"

namespace tpcc {

struct WorkloadEntry {
  WorkloadKind kind;
  // tpcc run: one run of it.
  int (*run)(const Config& config, std::ostream& out);
  // tpcc prepare, check and cleanup of its tables; nullptr: TPC-C's, the
  // kit's own verbs.
  int (*table_command)(const Config& config, std::ostream& out);
  // Where its prepare records its tables (tpcc snapshot, --restore,
  // --condition); nullptr: TPC-C's load, which experiment/ reads from
  // bmsql_config itself.
  const TablesRecord* tables_record;
  // tpcc run --repeat: the check before the set (throws UsageError when a
  // step between the runs could not be done) and the step before each run
  // after the first; nullptr: the runs follow one another as they are.
  void (*check_between_runs)(const Config& config);
  void (*between_runs)(const Config& config, std::ostream& out);
  // Reads and checks every input file its runs take (pgbench's scripts),
  // before anything connects, so that a missing or broken one exits 2
  // naming it whether or not the server is up; nullptr: it reads none.
  void (*read_inputs)(const Config& config);
  // Its terminals beside another workload's run, when the config asks for
  // them (a mixed run: CH's --ch-streams); nullptr: it never runs beside
  // another.
  std::unique_ptr<SideRun> (*side_run)(const Config& config);
};

// The row of `kind`; every kind has one.
const WorkloadEntry& workload_entry(WorkloadKind kind);

// The terminals of another workload the config asks to run beside its
// own (a mixed run); null when it asks for none.
std::unique_ptr<SideRun> side_run_for(const Config& config);

}  // namespace tpcc
