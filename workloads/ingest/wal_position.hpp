// The server's WAL position around an ingest run: pg_current_wal_lsn()
// before, and the bytes written since after. The server's WAL is every
// session's, so other work on the server at the same time counts too.
#pragma once

#include <optional>
#include <string>

namespace tpcc {

// The primary's current WAL position ("0/16B3748"); empty when it cannot be
// read (a server in recovery, a lost connection).
std::optional<std::string> read_wal_position(const std::string& conninfo);

// The bytes of WAL written since `position`; empty when it cannot be read.
std::optional<double> wal_bytes_since(const std::string& conninfo, const std::string& position);

}  // namespace tpcc
