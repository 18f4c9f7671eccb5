// result.json's "ch": CH-benCHmark's analytic streams' figures (QphH and the
// per-query table) as written, and read back into the figures every
// workload reports in.
#pragma once

#include <nlohmann/json.hpp>

#include "metrics/run.hpp"
#include "report/views/workload_figures.hpp"

namespace tpcc {

// With the latency of every query in one, whose p90 tpcc capacity holds to
// --latency-limit; a mixed run's with where its streams ran ("on").
nlohmann::json ch_figures_json(const ChFigures& figures);

// result.json's "ch" read back (what tpcc report --merge merges): the
// streams, QphH, latencies, per-query table, freshness and servers, the
// session settings; not the freshness by interval nor --ch-baseline's split.
ChFigures ch_figures_from_json(const nlohmann::json& ch);

// The figures of a result.json holding "ch": QphH, the queries, the errors
// and the queries' p90 as the headline; each query a type; the per-query table.
WorkloadFigures ch_result_figures(const nlohmann::json& result);

}  // namespace tpcc
