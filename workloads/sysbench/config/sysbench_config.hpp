// What the config room knows of sysbench's oltp tests
// (config/workload_config.hpp), and the set of the options only they take.
#pragma once

#include "config/workload_config.hpp"

namespace tpcc {

inline constexpr WorkloadSet kOltpOnly = workload_bit(WorkloadKind::SysbenchOltp);

const WorkloadConfig& sysbench_config();

}  // namespace tpcc
