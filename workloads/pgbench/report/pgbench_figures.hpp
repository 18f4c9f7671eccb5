// pgbench's figures in the one model every workload reports in
// (report/views/workload_figures.hpp), from result.json's "pgbench": tps,
// the latency average, stddev and p99, the counts; one type per script;
// the scripts as a table.
#pragma once

#include <nlohmann/json.hpp>

#include "report/views/workload_figures.hpp"

namespace tpcc {

// Throws nlohmann's exceptions on a malformed "pgbench".
WorkloadFigures pgbench_figures(const nlohmann::json& result);

}  // namespace tpcc
