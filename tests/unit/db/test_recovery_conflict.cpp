// A read of a hot standby cancelled for a conflict with recovery
// (db/recovery_conflict.hpp) is asked again, a few times; then the error
// names the standby; any other error is not retried. The errors are those
// libpqxx 6.4 throws: 40001 as pqxx::serialization_failure (no SQLSTATE of
// its own), 40P01 as pqxx::deadlock_detected, a session the standby ended as
// pqxx::broken_connection, other states as pqxx::sql_error.
#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <string>

#include <pqxx/except>

#include "config/errors.hpp"
#include "db/recovery_conflict.hpp"

namespace {

constexpr const char* kCancelled = "ERROR:  canceling statement due to conflict with recovery";
constexpr const char* kTerminated = "FATAL:  terminating connection due to conflict with recovery";
const tpcc::RecoveryConflictRetry kThreeAtOnce{3, std::chrono::milliseconds(0)};

// A read that throws `error` its first `failures` times, then succeeds; it
// counts its attempts.
struct FlakyRead {
  std::function<void()> error;
  int failures = 0;
  int attempts = 0;
  void operator()() {
    ++attempts;
    if (attempts <= failures) error();
  }
};

FlakyRead conflict_read(int failures) {
  return {[] { throw pqxx::serialization_failure(kCancelled); }, failures};
}

}  // namespace

TEST_CASE("a hot standby's recovery conflict is told from a serialization failure and a cancel",
          "[db][recovery_conflict]") {
  CHECK(tpcc::is_recovery_conflict("40001",
                                   "40001 canceling statement due to conflict with recovery"));
  CHECK(tpcc::is_recovery_conflict("40P01",
                                   "40P01 canceling statement due to conflict with recovery"));
  CHECK_FALSE(tpcc::is_recovery_conflict(
      "40001", "40001 could not serialize access due to concurrent update"));
  CHECK_FALSE(tpcc::is_recovery_conflict("57014", "57014 canceling statement due to user request"));
  // As libpqxx throws them.
  CHECK(tpcc::is_recovery_conflict(pqxx::serialization_failure(kCancelled)));
  CHECK(tpcc::is_recovery_conflict(pqxx::deadlock_detected(kCancelled)));
  CHECK(tpcc::is_recovery_conflict(pqxx::broken_connection(kTerminated)));
  CHECK_FALSE(tpcc::is_recovery_conflict(
      pqxx::serialization_failure("ERROR:  could not serialize access due to concurrent update")));
  CHECK_FALSE(tpcc::is_recovery_conflict(pqxx::broken_connection("server closed the connection")));
  CHECK_FALSE(tpcc::is_recovery_conflict(
      pqxx::sql_error("ERROR:  canceling statement due to user request", "select 1", "57014")));
}

TEST_CASE("a read cancelled for a recovery conflict is asked again until it answers",
          "[db][recovery_conflict]") {
  FlakyRead read = conflict_read(2);
  tpcc::retry_recovery_conflicts(std::ref(read), "standby 1", "the load record", kThreeAtOnce);
  CHECK(read.attempts == 3);
  FlakyRead ended{[] { throw pqxx::broken_connection(kTerminated); }, 1};
  tpcc::retry_recovery_conflicts(std::ref(ended), "standby 1", "the load record", kThreeAtOnce);
  CHECK(ended.attempts == 2);
}

TEST_CASE("a read cancelled at every attempt ends in an error naming the standby and the read",
          "[db][recovery_conflict]") {
  FlakyRead read = conflict_read(3);
  try {
    tpcc::retry_recovery_conflicts(std::ref(read), "standby 1 (host=replica)", "the load record",
                                   kThreeAtOnce);
    FAIL("no error after the last attempt");
  } catch (const tpcc::ConnectError& e) {
    const std::string message = e.what();
    CHECK(message.find("standby 1 (host=replica) cancelled the load record") != std::string::npos);
    CHECK(message.find("3 times") != std::string::npos);
    CHECK(message.find("conflict with recovery") != std::string::npos);
  }
  CHECK(read.attempts == 3);
}

TEST_CASE("a read's other errors are not asked again", "[db][recovery_conflict]") {
  FlakyRead serialization{
      [] { throw pqxx::serialization_failure("ERROR:  could not serialize access"); }, 1};
  CHECK_THROWS_AS(tpcc::retry_recovery_conflicts(std::ref(serialization), "standby 1",
                                                 "the load record", kThreeAtOnce),
                  pqxx::serialization_failure);
  CHECK(serialization.attempts == 1);
  FlakyRead missing{[] {
                      throw pqxx::sql_error("ERROR:  relation \"bmsql_config\" does not exist",
                                            "select 1", "42P01");
                    },
                    1};
  CHECK_THROWS_AS(tpcc::retry_recovery_conflicts(std::ref(missing), "standby 1", "the load record",
                                                 kThreeAtOnce),
                  pqxx::sql_error);
  CHECK(missing.attempts == 1);
}
