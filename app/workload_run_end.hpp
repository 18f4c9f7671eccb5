// The end of a run of a workload other than TPC-C (sysbench's oltp tests,
// pgbench's scripts, ingest): the workload's final block between blank
// lines (the callback prints it and may add the workload's own figures to
// the RunInfo the result files take), the exit status with the line that
// explains it, and the result files.
#pragma once

#include <ctime>
#include <functional>
#include <ostream>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "report/results/result_sink.hpp"
#include "terminal/engine/engine.hpp"

namespace tpcc {

// Returns the run's exit status.
int end_workload_run(const Config& config, const EngineResult& result, std::time_t started,
                     ResultSink& results, std::ostream& out,
                     const std::function<void(RunInfo&)>& print_final_block);

}  // namespace tpcc
