// tpcc fleet k8s: writes the manifest of N drivers (app/fleet_manifest.hpp)
// to the standard output or --output FILE.
#pragma once

#include <ostream>

#include "config/config.hpp"

namespace tpcc {

int fleet_command(const Config& config, std::ostream& out);

}  // namespace tpcc
