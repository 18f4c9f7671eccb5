// One event of a sysbench oltp test (the Lua test's event()), planned and
// then executed. plan_event draws everything the event sends from the
// terminal's Random, in the order sysbench draws it: each group of
// statements (point selects, each kind of range, index updates, non-index
// updates, delete/inserts) picks its own random table, 1..--tables, as
// oltp_common.lua's execute_* functions do, and its ids by --rand-type.
// execute_event sends the plan: an event in BEGIN ... COMMIT is queued
// whole and sent in one round trip (sysbench sends one per statement);
// without a transaction (--skip_trx, and the one-statement tests) each
// statement is its own round trip, so that each commits on its own as in
// autocommit mode rather than in the implicit transaction of one batch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/workload_options.hpp"
#include "spec/random.hpp"
#include "terminal/engine/transaction.hpp"
#include "workloads/sysbench/oltp_row_changes.hpp"
#include "workloads/sysbench/oltp_statements.hpp"
#include "workloads/sysbench/sysbench_random.hpp"

namespace tpcc {

class Session;

struct OltpStep {
  OltpStatement statement = OltpStatement::Begin;
  int table = 0;            // 1..tables; 0 for BEGIN and COMMIT
  std::int64_t id = 0;      // the row, or a range's first id
  std::int64_t id_end = 0;  // a range's last id: id + range_size - 1
  std::int64_t k = 0;       // an insert's k
  std::string c;            // a non-index update's or an insert's c
  std::string pad;          // an insert's pad
};

struct OltpEvent {
  std::vector<OltpStep> steps;  // BEGIN and COMMIT included when the test sends them
  bool transaction = false;     // BEGIN ... COMMIT around the statements
};

// SQLSTATEs on which sysbench restarts an event on PostgreSQL (its pgsql
// driver's ignorable errors): deadlock, serialization failure, and unique
// violation (two delete/inserts of the same id: the second insert finds
// the first's row).
inline constexpr const char* kUniqueViolation = "23505";
bool oltp_error_restarts_event(const std::string& sqlstate);

OltpEvent plan_event(const OltpOptions& options, const SysbenchDistribution& ids, Random& rng);
// The same with the distribution of options.rand_type built for the call.
OltpEvent plan_event(const OltpOptions& options, Random& rng);

// Sends one planned event and reads its results; the rows its committed
// inserts and deletes changed go to `changes` (when given), and the writes
// a broken connection left unanswered as in doubt. Throws what
// Session::flush throws (RetryableError, SqlError, ConnectionLost).
void send_event(const OltpEvent& event, Session& session, OltpRowChanges* changes = nullptr);

// Plans and sends events until one succeeds: an event that met a restarting
// error (oltp_error_restarts_event) is planned anew and sent again, as
// often as it takes, as sysbench 1.0 calls event() again until it succeeds
// (each restart one of its "ignored errors"; the run's end cancels a
// statement still running, which ends the event). Throws ConnectionLost.
TxnResult execute_event(const OltpOptions& options, const SysbenchDistribution& ids,
                        Session& session, Random& rng, OltpRowChanges* changes = nullptr);

}  // namespace tpcc
