// result.json's figures of a sysbench oltp run, as sysbench's final block
// has them: transactions and queries per second, queries by kind, ignored
// errors, reconnects, latency with the run's percentile.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"

namespace tpcc {

nlohmann::json sysbench_figures_json(const Config& config, const RunInfo& info,
                                     const RunStats& stats);

}  // namespace tpcc
