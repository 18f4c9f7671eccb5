// TPC-C's five transactions as the terminals run them: the statements a
// session registers, and the dispatcher that draws a transaction's input
// (2.x.1) and runs it (2.x.2).
#pragma once

#include "config/config.hpp"
#include "spec/random.hpp"
#include "spec/transactions.hpp"
#include "terminal/engine/transaction.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {

class Session;

// Registers the statements of all five transactions on a session: the
// client-side statements, or the function calls of --mode procedures.
void prepare_transaction_statements(Session& session, Mode mode = Mode::Statements);

// Draws the inputs (2.x.1) and runs the transaction (2.x.2), retrying
// retryable failures up to kMaxRetries. Throws ConnectionLost.
TxnResult run_transaction(TxnIndex type, Session& session, Random& rng,
                          const TpccTerminal& terminal);

}  // namespace tpcc
