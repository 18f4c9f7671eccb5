// The effective configuration, saved with the results and printed on request,
// so that a result can be traced to the settings that produced it.
#pragma once

#include <string>

#include "config/config.hpp"

namespace tpcc {

// Pretty-printed JSON of every Config field; passwords in the connection
// strings are masked.
std::string effective_config_json(const Config& config);

}  // namespace tpcc
