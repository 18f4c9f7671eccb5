#include "app/workload_registry.hpp"

#include <stdexcept>

#include "app/consistency_test_run.hpp"
#include "workloads/ch/app/ch_command.hpp"
#include "workloads/ch/app/ch_side_run.hpp"
#include "workloads/ch/app/run_ch.hpp"
#include "workloads/ingest/app/ingest_between_runs.hpp"
#include "workloads/ingest/app/ingest_command.hpp"
#include "workloads/ingest/app/run_ingest.hpp"
#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/pgbench/app/pgbench_command.hpp"
#include "workloads/pgbench/app/run_pgbench.hpp"
#include "workloads/pgbench/pgbench_tables.hpp"
#include "workloads/sysbench/app/oltp_command.hpp"
#include "workloads/sysbench/app/run_sysbench.hpp"
#include "workloads/sysbench/oltp_tables.hpp"

namespace tpcc {
namespace {

const TablesRecord kOltpTables{"sysbench", kOltpTablesRecord, kSelectOltpTablesSql,
                               kOltpChunksRecord};
const TablesRecord kPgbenchTables{"pgbench", kPgbenchTablesRecord, kSelectPgbenchTablesSql,
                                  kPgbenchChunksRecord};
const TablesRecord kIngestTables{"ingest", kIngestRecord, kSelectIngestTablesSql, nullptr};

const WorkloadEntry kWorkloads[] = {
    {WorkloadKind::Tpcc, run_with_consistency_test, nullptr, nullptr, nullptr, nullptr, nullptr,
     nullptr},
    {WorkloadKind::SysbenchOltp, run_sysbench, oltp_table_command, &kOltpTables, nullptr, nullptr,
     nullptr, nullptr},
    {WorkloadKind::Pgbench, run_pgbench, pgbench_table_command, &kPgbenchTables, nullptr, nullptr,
     read_pgbench_inputs, nullptr},
    {WorkloadKind::Ingest, run_ingest, ingest_table_command, &kIngestTables,
     ingest_check_between_runs, ingest_between_runs, nullptr, nullptr},
    // It runs on TPC-C's load (its tables beside it): experiment/ reads that load.
    // Its streams beside TPC-C's terminals: tpcc run --ch-streams.
    {WorkloadKind::Ch, run_ch, ch_table_command, nullptr, nullptr, nullptr, nullptr, ch_side_run},
};

}  // namespace

const WorkloadEntry& workload_entry(WorkloadKind kind) {
  for (const WorkloadEntry& entry : kWorkloads) {
    if (entry.kind == kind) return entry;
  }
  throw std::logic_error("a workload without its row in app/workload_registry.cpp");
}

std::unique_ptr<SideRun> side_run_for(const Config& config) {
  for (const WorkloadEntry& entry : kWorkloads) {
    if (entry.side_run == nullptr || entry.kind == config.workload) continue;
    if (std::unique_ptr<SideRun> side = entry.side_run(config)) return side;
  }
  return nullptr;
}

}  // namespace tpcc
