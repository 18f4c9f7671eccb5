// TPC-C's figures in the one model every workload reports in
// (report/views/workload_figures.hpp), from result.json's own keys: tpmC,
// tpmTOTAL and efficiency first, then the run's errors, retries and
// measured seconds, and the five transactions' latencies.
#pragma once

#include <nlohmann/json.hpp>

#include "report/views/workload_figures.hpp"

namespace tpcc {

// Throws nlohmann's exceptions on a result.json without TPC-C's keys.
WorkloadFigures tpcc_figures(const nlohmann::json& result);

}  // namespace tpcc
