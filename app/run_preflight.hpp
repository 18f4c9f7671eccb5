// `tpcc run`, around the measurement: the pre-flight findings in the setup
// block (experiment/preflight.hpp) and, after the summary, the line that
// says what bound the run (report/views/bottleneck.hpp).
#pragma once

#include <ostream>
#include <vector>

#include "config/config.hpp"
#include "metrics/experiment.hpp"
#include "metrics/run.hpp"

namespace tpcc {

// The findings for this run on the environment read, printed one a line;
// throws UsageError (exit 2, nothing measured) when one refuses the run.
std::vector<PreflightFinding> run_preflight(const Config& config, const Environment& env,
                                            std::ostream& out);

// "bound by: ..." with its figures.
void print_bound_by(std::ostream& out, const Config& config, const RunInfo& info);

}  // namespace tpcc
