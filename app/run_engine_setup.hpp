// `tpcc run`'s hook-up of the engine: each interval's lines through the
// report's console, each interval and deferred Delivery into the result
// files as the run goes, and --driver's start barrier. The engine never
// sees the report; only these callables.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "app/run_setup.hpp"
#include "config/config.hpp"
#include "report/results/result_sink.hpp"
#include "terminal/engine/engine.hpp"

namespace tpcc {

// Opens the result files the engine appends to (intervals; delivery.csv
// when Deliveries are deferred) and returns the engine's setup. The
// callables keep references to config, results and out, and with --driver
// write the common start (UTC) into barrier_start: all must outlive the
// engine run.
EngineSetup engine_setup_for_run(const Config& config, const RunSetup& setup, std::uint64_t seed,
                                 ResultSink& results, std::ostream& out,
                                 std::string& barrier_start);

}  // namespace tpcc
