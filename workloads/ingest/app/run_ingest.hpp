// `tpcc run` of the ingest workload: the same engine, result directory,
// health and exit status as a TPC-C run; the streams (terminals) append
// batches to their tables; rows/s interval lines, the ingest figures at the
// end (rows/s, payload MB/s, the streams' spread, statement latency, the
// server's WAL MB/s) and in result.json's "ingest"; the rows acknowledged
// are added to the tables' record for tpcc check.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Refuses (UsageError naming the table and the prepare to run) when a table
// the run writes was not prepared; runs; returns the exit status
// run_benchmark documents.
int run_ingest(const Config& config, std::ostream& out);

}  // namespace tpcc
