// `tpcc curve`: the latency-throughput curve of any workload. One unpaced
// run for the peak, then a ladder of runs at offered rates (--rate) from
// --from to --to in --steps, each into DIR/step-K (the peak DIR/peak),
// restored first with --restore as every run is; curve.csv, curve.json and
// curve.html in DIR, the knee and the max rate within --latency-limit
// (report/rules/curve_rules.hpp) on the console.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Exit status: 0 when every run was clean; else the first run's that was
// not (3: the server lost, 130: interrupted, 2: refused end the ladder
// there; 1 a run that failed, the ladder going on).
int run_curve(const Config& config, std::ostream& out);

}  // namespace tpcc
