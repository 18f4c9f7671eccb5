// What every transaction the engine runs shares: the terminal it runs for
// (its home warehouse and district, 5.2), its outcome, and the input-audit
// counters (9.2.2.5) that TPC-C's transactions fill in. TPC-C's five are
// workloads/tpcc/; the table of them is spec/transactions.hpp.
#pragma once

#include <array>
#include <string>

#include "config/config.hpp"
#include "config/driver_slice.hpp"
#include "metrics/ledger.hpp"
#include "spec/nurand.hpp"
#include "spec/random.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

// The terminal a transaction runs for (5.2, 2.x.1).
struct TerminalContext {
  int w_id = 1;            // home warehouse
  int d_id = 1;            // the terminal's fixed district (2.8.1.1 Stock-Level)
  int warehouses = 1;      // W, for remote warehouses
  NURandConstants c_run;   // 2.1.6 C-Run
  bool read_only = false;  // ro profile: BEGIN ... READ ONLY
  Isolation isolation = Isolation::ReadCommitted;
  Mode mode = Mode::Statements;  // client statements or server functions
  WarehouseRange homes{1, 1};    // for a home warehouse drawn per transaction
  int rollback_percent = 1;      // 2.4.1.4
  // Statements mode on a database distributed by Citus: New-Order's
  // stock and order lines as statements Citus routes to one shard each
  // (citus_new_order.hpp), with the same effects.
  bool citus_statements = false;
};

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
