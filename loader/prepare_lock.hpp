// Killing tpcc prepare does not stop its server backends at once: one busy
// building an index runs on until it next talks to its (gone) client, and
// commits. A resume started meanwhile would race it. Every connection of a
// prepare therefore holds a shared advisory lock; a new prepare first takes
// the lock exclusively, which waits until the old backends have gone.
#pragma once

namespace tpcc {

// select pg_advisory_lock_shared(...) for a worker connection.
extern const char* const kHoldPrepareLockSql;
// Blocks until no backend of an earlier prepare holds the lock, then lets go.
extern const char* const kWaitForEarlierPrepareSql;

}  // namespace tpcc
