#include "db/recovery_conflict.hpp"

#include <thread>

#include <pqxx/except>

#include "config/errors.hpp"
#include "db/session.hpp"

namespace tpcc {
namespace {

// The server's words for it (errdetail aside, the message is "canceling
// statement due to conflict with recovery", or "terminating connection due
// to conflict with recovery" for a session it ends).
constexpr const char* kRecoveryConflictWords = "conflict with recovery";

}  // namespace

bool is_recovery_conflict(const std::string& sqlstate, const std::string& message) {
  const bool state = sqlstate == kSerializationFailure || sqlstate == kDeadlockDetected;
  return state && message.find(kRecoveryConflictWords) != std::string::npos;
}

bool is_recovery_conflict(const std::exception& error) {
  if (dynamic_cast<const pqxx::serialization_failure*>(&error) != nullptr ||
      dynamic_cast<const pqxx::broken_connection*>(&error) != nullptr) {
    return is_recovery_conflict(kSerializationFailure, error.what());
  }
  if (dynamic_cast<const pqxx::deadlock_detected*>(&error) != nullptr) {
    return is_recovery_conflict(kDeadlockDetected, error.what());
  }
  if (const auto* sql = dynamic_cast<const pqxx::sql_error*>(&error)) {
    return is_recovery_conflict(sql->sqlstate(), error.what());
  }
  return false;
}

void retry_recovery_conflicts(const std::function<void()>& read, const std::string& server,
                              const std::string& what, const RecoveryConflictRetry& retry) {
  for (int attempt = 1;; ++attempt) {
    try {
      read();
      return;
    } catch (const pqxx::failure& e) {
      if (!is_recovery_conflict(e)) throw;
      if (attempt >= retry.attempts) {
        throw ConnectError(server + " cancelled " + what + " for a conflict with recovery " +
                           std::to_string(attempt) + " times in a row (the primary's vacuum or " +
                           "locks replayed; raise max_standby_streaming_delay or turn "
                           "hot_standby_feedback on): " +
                           e.what());
      }
    }
    std::this_thread::sleep_for(retry.wait);
  }
}

}  // namespace tpcc
