// `tpcc acid --durability`: the durability test of 3.5.3 against a server
// the kit may crash.
#pragma once

#include <ostream>
#include <string>

#include "acid/acid.hpp"
#include "config/config.hpp"

namespace tpcc {

// `tpcc acid --durability --server-datadir DIR`: checks that DIR is the
// connection's server (UsageError naming --server-datadir otherwise), says
// which durability settings it runs with, crashes and restarts it around
// durability_test, prints the line and the summary, writes acid.json into
// `result_dir`. kExitFailed when the test fails.
int durability_command(const Config& config, const AcidOptions& options,
                       const std::string& result_dir, std::ostream& out);

}  // namespace tpcc
