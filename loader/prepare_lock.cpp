#include "loader/prepare_lock.hpp"

namespace tpcc {
namespace {

// The first key of every lock of prepare: an arbitrary constant ("tpcc" in
// ASCII) within this database; the second says which lock.
constexpr const char* kPrepareLockKey = "1953522531";

std::string lock_call(const char* function, int lock) {
  return std::string("select ") + function + "(" + kPrepareLockKey + ", " + std::to_string(lock) +
         ")";
}

// The second keys of the drivers' turns (a driver's own lock is its I >= 0).
constexpr int kSchemaSetupLock = -1;
constexpr int kFinishingLock = -2;

}  // namespace

std::string hold_prepare_lock_sql(int driver) {
  return lock_call("pg_advisory_lock_shared", driver);
}

std::string wait_for_earlier_prepare_sql(int driver) {
  const std::string key = std::string(kPrepareLockKey) + ", " + std::to_string(driver);
  return "select pg_advisory_lock(" + key + "), pg_advisory_unlock(" + key + ")";
}

const std::string kLockSchemaSetupSql = lock_call("pg_advisory_lock", kSchemaSetupLock);
const std::string kUnlockSchemaSetupSql = lock_call("pg_advisory_unlock", kSchemaSetupLock);
const std::string kLockFinishingSql = lock_call("pg_advisory_lock", kFinishingLock);

}  // namespace tpcc
