// Which server errors a run can live with. Serialization failures and
// deadlocks are retried (db/session.hpp); a lost connection is replaced;
// the errors below say the run itself is wrong (wrong database, missing
// privileges, missing tables) and would fail every transaction alike, so
// the run stops at once rather than count them for its whole duration.
#pragma once

#include <string>

namespace tpcc {

// SQLSTATEs that retrying cannot fix: class 28 (invalid authorization),
// 3D000 (no such database), 3F000 (no such schema), 42501 (insufficient
// privilege), 42P01 (undefined table), 42703 (undefined column), 42883
// (undefined function), 42704 (undefined object), 25006 (read-only
// transaction: a read-write run against a standby).
bool retrying_cannot_fix(const std::string& sqlstate);

// True when a failed connection attempt was refused for a reason that
// persists (the database or role does not exist, authentication failed, no
// pg_hba.conf entry), rather than because the server is down or starting.
// libpq reports no SQLSTATE for connection failures, so this reads the
// server's (English) message; in another language the failure counts as
// downtime, which --max-downtime bounds.
bool connect_refusal_is_permanent(const std::string& message);

// 57014 (statement_timeout) or 55P03 (lock_timeout): counted as timeouts.
bool is_timeout(const std::string& sqlstate);

}  // namespace tpcc
