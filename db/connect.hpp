// Opening connections: one place that turns libpq's failure into a
// ConnectError naming the target (password masked).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include <pqxx/connection>

namespace tpcc {

// conninfo: libpq conninfo or URI; empty uses the PG* environment.
std::unique_ptr<pqxx::connection> connect(const std::string& conninfo);

// connect(), tried again while the server cannot be reached (restarting,
// recovering, shutting down) until `patience` has passed, so that a run's
// last writes (what it records for tpcc check) wait for a server on its way
// back rather than being lost. `waiting` is called once, before the first
// wait, with the reason. Throws the last ConnectError once patience is over.
std::unique_ptr<pqxx::connection> connect_within(
    const std::string& conninfo, std::chrono::milliseconds patience,
    const std::function<void(const std::string& reason)>& waiting = {});

// A malformed conninfo is a usage error (exit 2), not a failure to connect.
void check_conninfo_syntax(const std::string& conninfo);

// Throws ConnectError: "cannot connect to <target>: <libpq message>".
[[noreturn]] void throw_connect_error(const std::string& conninfo,
                                      const std::string& libpq_message);

}  // namespace tpcc
