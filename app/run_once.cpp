#include "app/run_once.hpp"

#include "app/consistency_test_run.hpp"
#include "workloads/ingest/app/run_ingest.hpp"
#include "workloads/pgbench/app/run_pgbench.hpp"
#include "workloads/sysbench/app/run_sysbench.hpp"

namespace tpcc {

int run_once(const Config& config, std::ostream& out) {
  switch (config.workload) {
    case WorkloadKind::SysbenchOltp: return run_sysbench(config, out);
    case WorkloadKind::Ingest: return run_ingest(config, out);
    case WorkloadKind::Pgbench: return run_pgbench(config, out);
    case WorkloadKind::Tpcc: break;
  }
  return run_with_consistency_test(config, out);
}

}  // namespace tpcc
