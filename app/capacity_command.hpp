// `tpcc capacity`: a bracketing search (report/rules/bracket_search.hpp)
// for the largest load the system carries within the run rules a short run
// can judge (report/rules/capacity_step.hpp). Paced, over the active
// warehouses 1..N of the load, 10 terminals each; unpaced (--keying-think
// off), over the terminal count against --latency-limit. Each step is a
// run into DIR/step-K; DIR/result.json and DIR/report.html list them.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// Exit status: 0 with an answer (and a --confirm run that passed), 1 when
// no step passed or the confirmation failed, a step's own non-zero status
// (3: the server lost, 130: interrupted; 1 for transactions hanging) when
// a step stopped the search.
int capacity_command(const Config& config, std::ostream& out);

}  // namespace tpcc
