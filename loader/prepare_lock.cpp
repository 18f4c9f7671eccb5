#include "loader/prepare_lock.hpp"

namespace tpcc {

// The key is an arbitrary constant ("tpcc" in ASCII) within this database.
const char* const kHoldPrepareLockSql = "select pg_advisory_lock_shared(1953522531)";
const char* const kWaitForEarlierPrepareSql =
    "select pg_advisory_lock(1953522531), pg_advisory_unlock(1953522531)";

}  // namespace tpcc
