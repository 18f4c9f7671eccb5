// What the config room knows of the ingest workload
// (config/workload_config.hpp), the set of the options only it takes and
// the set of those every other workload takes.
#pragma once

#include "config/workload_config.hpp"

namespace tpcc {

inline constexpr WorkloadSet kIngestOnly = workload_bit(WorkloadKind::Ingest);
// Every workload but the ingest's: what reads a load it did not write
// (standbys) or the rows prepare generates.
inline constexpr WorkloadSet kAllButIngest = kAllWorkloads & ~kIngestOnly;

const WorkloadConfig& ingest_config();

}  // namespace tpcc
