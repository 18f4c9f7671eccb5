// What the config room knows of CH-benCHmark's analytic streams
// (config/workload_config.hpp; docs/ch.md) and the set of the options only
// they take.
#pragma once

#include "config/workload_config.hpp"

namespace tpcc {

inline constexpr WorkloadSet kChOnly = workload_bit(WorkloadKind::Ch);

const WorkloadConfig& ch_config();

}  // namespace tpcc
