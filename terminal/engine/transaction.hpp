// What every transaction the engine runs shares: its outcome, its retries,
// the tallies its workload counts and the key of a commit its workload's
// failover ledger keeps, both by the workload's own layout, which the
// engine never reads (TPC-C's: spec/audit_tallies.hpp, workloads/tpcc/
// acknowledged_order.hpp). What a terminal is bound to is its workload's
// (VirtualTerminal::binding; TPC-C's: workloads/tpcc/tpcc_terminal.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "spec/transactions.hpp"

namespace tpcc {

// Named outcomes. The spec's 1% New-Order rollback is an
// outcome, not an error. Unfinished: in flight when the run ended and given
// up on after --stop-grace (cancelled, its connection closed).
enum class Outcome { Committed, RolledBack, Error, Unfinished };

// One transaction's increments of its workload's tallies
// (Workload::tally_count of them, from index 0), which the engine adds to
// its type's TxnStats::tallies when the transaction completed. A fixed
// array: nothing allocated per transaction.
inline constexpr std::size_t kMaxTallies = 8;
using TxnTallies = std::array<std::int32_t, kMaxTallies>;

// A commit the server acknowledged, as the workload's failover ledger
// identifies it (--failover keeps every one): fields of the workload's
// own layout, which the engine keeps without reading. Fixed size, as
// TxnTallies.
struct CommitKey {
  static constexpr std::size_t kFields = 6;
  std::array<std::int32_t, kFields> fields{};
  bool present = false;  // false: nothing for the ledger
};

// One acknowledged commit the engine kept, and whether it was committed in
// the measured interval.
struct AcknowledgedCommit {
  CommitKey key;
  bool measured = false;
};

struct TxnResult {
  Outcome outcome = Outcome::Committed;
  int retries = 0;  // serialization failures / deadlocks retried
  TxnTallies tallies{};
  std::string error;     // when outcome == Error
  std::string sqlstate;  // the server's, when outcome == Error and it gave one
  // A commit the workload's ledger keeps (TPC-C: a committed New-Order's).
  CommitKey commit;
  // The terminal stops here for good, as pgbench aborts a client whose
  // script fails to evaluate: the transaction is counted nowhere, `error`
  // says why, and the terminal runs nothing more (the others go on).
  bool ends_terminal = false;
};

// Serialization failures and deadlocks are retried this many times.
inline constexpr int kMaxRetries = 5;

}  // namespace tpcc
