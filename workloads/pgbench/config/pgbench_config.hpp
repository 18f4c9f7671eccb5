// What the config room knows of pgbench's workload
// (config/workload_config.hpp), and the set of the options only it takes.
#pragma once

#include "config/workload_config.hpp"

namespace tpcc {

inline constexpr WorkloadSet kPgbenchOnly = workload_bit(WorkloadKind::Pgbench);

const WorkloadConfig& pgbench_config();

}  // namespace tpcc
