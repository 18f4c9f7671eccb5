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
// which durability settings it runs with, kills and restarts it around
// durability_test (3.5.3.2). With --crash-command CMD instead: runs CMD
// around durability_test and waits --restart-timeout for the server to
// come back (3.5.3.3; ConnectError when it does not, or was never
// crashed). Prints the line and the summary, writes acid.json into
// `result_dir`. kExitFailed when the test fails.
int durability_command(const Config& config, const AcidOptions& options,
                       const std::string& result_dir, std::ostream& out);

}  // namespace tpcc
