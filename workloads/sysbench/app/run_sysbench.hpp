// `tpcc run` of one of sysbench's oltp tests: the same engine, result
// directory, health and exit status as a TPC-C run, sysbench's interval
// lines and final block on the console, and sysbench's figures in
// result.json and intervals.csv.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Refuses (UsageError naming the table and the prepare to run) when an
// sbtest table of config.oltp.tables is missing; runs the test; returns the
// exit status run_benchmark documents.
int run_sysbench(const Config& config, std::ostream& out);

}  // namespace tpcc
