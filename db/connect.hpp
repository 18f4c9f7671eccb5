// Opening connections: one place that turns libpq's failure into a
// ConnectError naming the target (password masked).
#pragma once

#include <memory>
#include <string>

#include <pqxx/connection>

namespace tpcc {

// conninfo: libpq conninfo or URI; empty uses the PG* environment.
std::unique_ptr<pqxx::connection> connect(const std::string& conninfo);

// A malformed conninfo is a usage error (exit 2), not a failure to connect.
void check_conninfo_syntax(const std::string& conninfo);

// Throws ConnectError: "cannot connect to <target>: <libpq message>".
[[noreturn]] void throw_connect_error(const std::string& conninfo,
                                      const std::string& libpq_message);

}  // namespace tpcc
