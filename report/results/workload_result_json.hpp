// A run of sysbench's oltp tests, pgbench's scripts or the bulk ingest read
// back from its result directory: its totals for the health lines and its
// intervals.csv (its figures: report/results/figures_json.hpp). Brings nlohmann/json:
// include only where result.json is read.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "metrics/stats.hpp"
#include "report/views/workload_figures.hpp"

namespace tpcc {

// The run's totals that the health lines read (errors, retries, timeouts,
// unfinished, reconnects), from result.json's top level: a run of these
// workloads keeps no histograms.json.
RunStats workload_totals_from_json(const nlohmann::json& result);

// intervals.csv of these workloads (workloads/sysbench/report/sysbench_intervals.hpp)
// read back by its header's names. Throws UsageError starting with where
// on a file that is not one.
WorkloadPoints read_workload_intervals_csv(const std::string& text, const std::string& where);

}  // namespace tpcc
