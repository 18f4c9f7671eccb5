// Whether the kit's connections reach the server through a transaction
// pooler (PgBouncer pool_mode=transaction and the like), where a named
// prepared statement does not outlive its transaction: the next one may run
// on another server connection, which has never heard of it, or on one
// another client prepared its statements on.
#pragma once

#include <string>

namespace tpcc {

enum class PoolerProbe {
  SessionsKept,    // a client's prepared statement stayed its own
  SessionsShared,  // another client saw it, or its own client lost it
  Undecided,       // the probe could not tell (an error, or a wait too long)
};

// Two connections to `conninfo`: A prepares a statement; B, in a transaction
// it keeps open, looks for it in pg_prepared_statements (a server connection
// A used is now B's: shared); then A executes it in a new transaction (a
// server connection other than the one it prepared on: "does not exist").
// A wait of A's beyond a few seconds (a pool of one connection, held by B)
// is Undecided. Never throws.
PoolerProbe probe_transaction_pooling(const std::string& conninfo);

}  // namespace tpcc
