// A verb that writes (tpcc prepare, tpcc cleanup) refuses a server that
// cannot take writes before it starts, naming the target and what to give
// instead, rather than fail on its first statement with the server's
// "cannot execute ... in a read-only transaction" (25006).
#pragma once

#include <string>

#include <pqxx/connection>

namespace tpcc {

// 25006 read_only_sql_transaction.
inline constexpr const char* kReadOnlySqlTransaction = "25006";

// Throws ConnectError (exit 3, as a read-write run against a read-only
// server stops) when the server is a hot standby (pg_is_in_recovery()) or
// its sessions are read-only (default_transaction_read_only on for the
// server, database or role). verb: "tpcc prepare".
void require_writable(pqxx::connection& conn, const std::string& conninfo, const std::string& verb);

// The hint for an error of SQLSTATE 25006 met anyway: what the target is
// and which option names another.
std::string read_only_hint();

}  // namespace tpcc
