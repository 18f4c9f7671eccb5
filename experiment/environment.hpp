// The environment a run measured in, for result.json: the server (version,
// every setting not at its default, extensions, database size), the client
// host tpcc ran on (CPU, memory, kernel, huge pages, governor), tpcc's
// version and build, and the user's --label and --notes.
#pragma once

#include <string>

#include "config/config.hpp"
#include "metrics/experiment.hpp"

namespace tpcc {

Environment collect_environment(const Config& config);

// The client host's part alone, from /proc and /sys under `root` ("" for
// the real ones; tests give a directory of their own).
void read_host(Environment& env, const std::string& root = "");

}  // namespace tpcc
