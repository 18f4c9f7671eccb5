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

// The figures of a result.json holding "ch": QphH, the queries, the errors
// and the queries' p90 as the headline; each query a type; the per-query table.
WorkloadFigures ch_result_figures(const nlohmann::json& result);

}  // namespace tpcc
