// `tpcc acid`: the ACID tests of Clause 3 against a loaded database, or the
// durability test (--durability).
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

// `tpcc acid`: runs the tests, prints one line per test and the summary,
// writes acid.json into the result directory; kExitFailed if any fails.
int acid_command(const Config& config, std::ostream& out);

}  // namespace tpcc
