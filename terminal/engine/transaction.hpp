// What every transaction the engine runs shares: its outcome, its retries,
// and the input-audit counters (9.2.2.5) and acknowledged order that
// TPC-C's transactions fill in. What a terminal is bound to is its
// workload's (VirtualTerminal::binding; TPC-C's: workloads/tpcc/
// tpcc_terminal.hpp).
#pragma once

#include <array>
#include <string>

#include "metrics/ledger.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

// Named outcomes. The spec's 1% New-Order rollback is an
// outcome, not an error. Unfinished: in flight when the run ended and given
// up on after --stop-grace (cancelled, its connection closed).
enum class Outcome { Committed, RolledBack, Error, Unfinished };

// Input-audit counters of one transaction, summed by the engine.
struct TxnAudit {
  int order_lines = 0;          // New-Order OL_CNT
  int remote_order_lines = 0;   // lines supplied by another warehouse
  bool remote_payment = false;  // Payment for another warehouse's customer
  bool by_last_name = false;    // Payment / Order-Status by C_LAST
  int skipped_deliveries = 0;   // Delivery districts without a new order
};

struct TxnResult {
  Outcome outcome = Outcome::Committed;
  int retries = 0;  // serialization failures / deadlocks retried
  TxnAudit audit;
  std::string error;     // when outcome == Error
  std::string sqlstate;  // the server's, when outcome == Error and it gave one
  // A committed New-Order: the order it entered (o_id 0 otherwise).
  AcknowledgedOrder order;
};

// Serialization failures and deadlocks are retried this many times.
inline constexpr int kMaxRetries = 5;

}  // namespace tpcc
