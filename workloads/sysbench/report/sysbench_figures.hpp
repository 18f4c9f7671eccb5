// sysbench's oltp figures in the one model every workload reports in
// (report/views/workload_figures.hpp), from result.json's "sysbench": tps,
// qps with its read / write / other split, the latency with the run's
// percentile, the counts; its one type (the test's event); the standbys'
// read-only side as a table.
#pragma once

#include <nlohmann/json.hpp>

#include "report/views/workload_figures.hpp"

namespace tpcc {

// Throws nlohmann's exceptions on a malformed "sysbench".
WorkloadFigures sysbench_figures(const nlohmann::json& result);

}  // namespace tpcc
