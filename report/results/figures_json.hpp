// result.json's "figures": every workload's headline figures and its
// transaction types' latencies in one block, written from what the
// workload's report part says its figures are and read back here, the one
// place that reads them:
//
//   "figures": {
//     "headline": [{"key": "tpmC", "label": "tpmC", "value": 1234.5, "unit": "tpm",
//                   "better": "higher", "decimals": 1, "repeat_summary": true,
//                   "sweep_column": true, "latency_limit": false}, ...],
//     "types": [{"name": "New-Order", "count": 812, "p50_ms": 3.1, "p90_ms": 5.2,
//                "p99_ms": 9.9, "max_ms": 41.0}, ...]
//   }
//
// A result of a tpcc that wrote no block is read by deriving it from the
// workload's own keys ("tpmC" and "transactions", "sysbench", "pgbench",
// "ingest"), as the block of that run would have been written.
#pragma once

#include <nlohmann/json.hpp>

#include "metrics/stats.hpp"
#include "report/views/workload_figures.hpp"

namespace tpcc {

// The figures of result.json's own keys, by the workload's report part
// (workloads/<name>/report/): the headline, the types with their counts
// (their percentiles where those keys hold them) and the workload's
// tables. Throws nlohmann's exceptions on a malformed result.json.
// With the tables of what ran beside it (side_reports_of) after its own.
WorkloadFigures figures_of_own_keys(const nlohmann::json& result);

// Each type's percentiles from the run's statistics: type k from stats'
// type k when they have as many types, the one type from them all when
// there is one; a type nothing was timed for keeps none.
void add_type_latencies(WorkloadFigures& figures, const RunStats& stats);

// The block as result.json holds it.
nlohmann::ordered_json figures_json(const WorkloadFigures& figures);

// The figures of a result.json: the block's headline and types where it has
// one, the own keys' otherwise; the tables from the own keys. Throws
// nlohmann's exceptions on a malformed result.json.
WorkloadFigures result_figures(const nlohmann::json& result);

}  // namespace tpcc
