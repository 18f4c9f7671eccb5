// `tpcc run`'s hook-up of the engine: the TPC-C workload, each interval's
// lines through the report's console, each interval and deferred Delivery
// into the result files as the run goes, and --driver's start barrier. The
// engine never sees the report; only these callables.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "app/run_setup.hpp"
#include "config/config.hpp"
#include "report/result_sink.hpp"
#include "terminal/engine/engine.hpp"
#include "workloads/tpcc/tpcc_workload.hpp"

namespace tpcc {

// The TPC-C workload of the run, against the load `setup` read; under
// --delivery deferred it opens delivery.csv and appends each Delivery's
// record to it (2.7.2.3). It keeps a reference to results, which must
// outlive the engine run. Throws UsageError when the home warehouses
// (useWarehouseFrom/To, --driver) lie outside the load's.
std::unique_ptr<TpccWorkload> tpcc_workload_for_run(const Config& config, const RunSetup& setup,
                                                    ResultSink& results);

// Opens the intervals file the engine appends to and returns the engine's
// setup, running `workload`. The callables keep references to config,
// results and out, and with --driver write the common start (UTC) into
// barrier_start and the first driver's C-Run (2.1.6) into setup.c_run and
// the workload: all must outlive the engine run.
EngineSetup engine_setup_for_run(const Config& config, std::uint64_t seed, TpccWorkload& workload,
                                 RunSetup& setup, ResultSink& results, std::ostream& out,
                                 std::string& barrier_start);

}  // namespace tpcc
