// The end of an ingest run on the console: rows/s, MB/s of payload, the
// streams' spread, the statements' latency and the server's WAL rate.
#pragma once

#include <string>

#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "workloads/ingest/metrics/ingest_figures.hpp"

namespace tpcc {

// "ingest: 123456 rows in 60.0 s\n  rows/s: ... \n ...", the figures over
// the measured interval (the WAL's over the whole run, as said).
std::string ingest_final_block(const IngestFigures& figures, const RunStats& stats);

}  // namespace tpcc
