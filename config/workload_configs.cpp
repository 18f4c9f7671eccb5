// The one list of the workloads' config descriptors: a workload's line here
// is how config/ learns of it. The order is the one messages and the
// options page name the workloads in.
#include <stdexcept>

#include "config/workload_config.hpp"
#include "workloads/ch/config/ch_config.hpp"
#include "workloads/ingest/config/ingest_config.hpp"
#include "workloads/pgbench/config/pgbench_config.hpp"
#include "workloads/sysbench/config/sysbench_config.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc {
namespace {

using Descriptor = const WorkloadConfig& (*)();

constexpr Descriptor kWorkloadConfigs[] = {
    tpcc_config, sysbench_config, pgbench_config, ingest_config, ch_config,
};

}  // namespace

const WorkloadConfig& workload_config(WorkloadKind kind) {
  for (const Descriptor descriptor : kWorkloadConfigs) {
    if (descriptor().kind == kind) return descriptor();
  }
  throw std::logic_error("a workload without its line in config/workload_configs.cpp");
}

const std::vector<const WorkloadConfig*>& workload_configs() {
  static const std::vector<const WorkloadConfig*> all = [] {
    std::vector<const WorkloadConfig*> out;
    for (const Descriptor descriptor : kWorkloadConfigs) out.push_back(&descriptor());
    return out;
  }();
  return all;
}

}  // namespace tpcc
