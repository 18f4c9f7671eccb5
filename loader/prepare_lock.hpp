// Killing tpcc prepare does not stop its server backends at once: one busy
// building an index runs on until it next talks to its (gone) client, and
// commits. A resume started meanwhile would race it. Every connection of a
// prepare therefore holds a shared advisory lock; a new prepare first takes
// the lock exclusively, which waits until the old backends have gone.
//
// The drivers of one load (tpcc prepare --driver I/N) run side by side, so
// each has a lock of its own (its I; 0 for the only driver): a resumed
// driver waits for its own earlier backends, never for the other drivers.
// Two more locks make them take turns where they meet: creating the schema
// (the first driver in creates it, the others find it) and the steps after
// the rows (the last driver to finish takes them, once).
#pragma once

#include <string>

namespace tpcc {

// select pg_advisory_lock_shared(...) for a worker connection of driver
// `driver` (0: the only one).
std::string hold_prepare_lock_sql(int driver);
// Blocks until no backend of an earlier prepare of that driver holds the
// lock, then lets go.
std::string wait_for_earlier_prepare_sql(int driver);

// Session locks the drivers of one load take in turn: around looking at the
// database and creating its schema, and from the check for the last driver
// through the steps after the rows (let go as the session ends).
extern const std::string kLockSchemaSetupSql;
extern const std::string kUnlockSchemaSetupSql;
extern const std::string kLockFinishingSql;

}  // namespace tpcc
