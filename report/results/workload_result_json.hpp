// A run of sysbench's oltp tests, pgbench's scripts or the bulk ingest read
// back from its result directory: the workload's figures from result.json
// ("sysbench", "pgbench" or "ingest", and the oltp standbys), its totals
// for the health lines, and its intervals.csv. Brings nlohmann/json:
// include only where result.json is read.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "metrics/stats.hpp"
#include "report/views/workload_figures.hpp"

namespace tpcc {

// The headline figures and tables of result.json's workload object, as
// kind's result.json holds them (workloads/sysbench/report/sysbench_json.hpp,
// pgbench_json.hpp, ingest_json.hpp). Throws nlohmann's exceptions on a
// malformed object.
WorkloadFigures workload_figures_from_json(const nlohmann::json& result, WorkloadKind kind);

// The run's totals that the health lines read (errors, retries, timeouts,
// unfinished, reconnects), from result.json's top level: a run of these
// workloads keeps no histograms.json.
RunStats workload_totals_from_json(const nlohmann::json& result);

// intervals.csv of these workloads (workloads/sysbench/report/sysbench_intervals.hpp)
// read back by its header's names. Throws UsageError starting with where
// on a file that is not one.
WorkloadPoints read_workload_intervals_csv(const std::string& text, const std::string& where);

}  // namespace tpcc
