// A hot standby cancels a query whose snapshot or locks stand in the way of
// the WAL it replays (PostgreSQL's "canceling statement due to conflict with
// recovery"): a vacuum on the primary is enough, whatever table the query
// reads. A short read the kit makes of a standby before a run measures (its
// load record, its counters, a heartbeat) is then asked again, a few times,
// rather than keep the run from starting.
#pragma once

#include <chrono>
#include <exception>
#include <functional>
#include <string>

namespace tpcc {

// Whether a server error is a hot standby cancelling the statement in a
// conflict with recovery: 40001 or 40P01 with the server's words
// "conflict with recovery" (a plain serialization failure or deadlock is not).
bool is_recovery_conflict(const std::string& sqlstate, const std::string& message);

// The same for what libpqxx throws: 6.4 raises 40001 and 40P01 as
// pqxx::serialization_failure and pqxx::deadlock_detected, which are no
// pqxx::sql_error and carry no SQLSTATE, and a session the standby ended
// ("terminating connection due to conflict with recovery") as
// pqxx::broken_connection; other states as pqxx::sql_error.
bool is_recovery_conflict(const std::exception& error);

// How often a read is asked again after a recovery conflict.
struct RecoveryConflictRetry {
  int attempts = 5;                     // in all, the first one included
  std::chrono::milliseconds wait{200};  // between two attempts
};

// Runs read() (which opens its own connection: a standby may end the
// session it cancelled); while it throws a recovery conflict (above), waits retry.wait and runs it
// again, retry.attempts times in all. The last attempt's conflict becomes a ConnectError naming
// `server` (a name, or a conninfo with its password masked) and `what`.
// Any other error passes through as it was thrown.
void retry_recovery_conflicts(const std::function<void()>& read, const std::string& server,
                              const std::string& what, const RecoveryConflictRetry& retry = {});

}  // namespace tpcc
