// What the config room knows of TPC-C (config/workload_config.hpp), and the
// set of the options only TPC-C takes.
#pragma once

#include "config/workload_config.hpp"

namespace tpcc {

inline constexpr WorkloadSet kTpccOnly = workload_bit(WorkloadKind::Tpcc);

const WorkloadConfig& tpcc_config();

}  // namespace tpcc
