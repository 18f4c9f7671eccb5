// tpcc report --compare of runs of sysbench's oltp tests, pgbench or
// ingest: their headline figures side by side (report/views/compare.hpp's
// shape), each with its ratio to the first run's.
#pragma once

#include <vector>

#include "report/results/result_read.hpp"
#include "report/views/compare.hpp"

namespace tpcc {

// Every headline figure of the first run, in its order, then those only
// later runs have; a run without the figure has none (and no ratio).
std::vector<ComparedFigure> compared_workload_figures(const std::vector<ResultDir>& runs);

}  // namespace tpcc
