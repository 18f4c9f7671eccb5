// The connection a run's last writes go over (what it records for tpcc
// check): a server restarting or still recovering when the run ends is
// waited for rather than its record lost.
#pragma once

#include <memory>
#include <ostream>

#include <pqxx/connection>

#include "config/config.hpp"

namespace tpcc {

// Waits up to --max-downtime for the server, saying so on `out` when it has
// to; throws ConnectError when the server is not back in that time.
std::unique_ptr<pqxx::connection> connect_to_record(const Config& config, std::ostream& out);

}  // namespace tpcc
