// `tpcc run --repeat N`: the same run N times into DIR/run-1 ... DIR/run-N,
// then the set's figures with their spread in DIR/result.json and
// DIR/report.html.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Runs config.repeat runs of the configured workload one after the other
// (each restores the snapshot first when --restore is given, and is
// checked before and after with --check-before-after; the ingest's tables
// are emptied between runs) and writes the set's summary, also when a
// run stops early: an interrupted run or one that cannot connect ends the
// set after the runs done so far. Returns the first run's exit status that
// is not 0, or 0.
int run_repeated(const Config& config, std::ostream& out);

}  // namespace tpcc
