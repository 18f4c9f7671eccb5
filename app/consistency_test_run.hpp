// `tpcc run --check-before-after`: the consistency test of clause 3.3.3
// around a run (check/consistency_test.hpp). Without the flag, the run
// alone.
#pragma once

#include <iosfwd>

#include "config/config.hpp"

namespace tpcc {

// Verifies the 3.3.2 conditions, runs run_benchmark() when they hold,
// verifies them again, prints the 3.3.3 verdict and adds it to the run's
// result.json (and the --json copy) as "consistency_test". Exit status:
// the run's, or 1 when the run passed and the test did not.
int run_with_consistency_test(const Config& config, std::ostream& out);

}  // namespace tpcc
