// Opening connections: one place that turns libpq's failure into a
// ConnectError naming the target (password masked).
#pragma once

#include <memory>
#include <string>

#include <pqxx/connection>

namespace tpcc {

// conninfo: libpq conninfo or URI; empty uses the PG* environment.
std::unique_ptr<pqxx::connection> connect(const std::string& conninfo);

}  // namespace tpcc
