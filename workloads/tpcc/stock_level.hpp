// Stock-Level (2.8): a read-only count of recently sold items whose stock
// at the home warehouse is below a threshold.
#pragma once

#include "spec/random.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/txn_audit.hpp"

namespace tpcc {

class Session;

struct StockLevelInput {
  int w_id = 1;        // 2.8.1.1 the terminal's home warehouse
  int d_id = 1;        // 2.8.1.1 the terminal's fixed district
  int threshold = 10;  // 2.8.1.2 random 10..20
};

// 2.8.1 the input of one Stock-Level; pure.
StockLevelInput generate_stock_level(Random& rng, const TpccTerminal& terminal);

// 2.8.2 one round trip: the count, its own transaction at read committed,
// otherwise within BEGIN ... READ ONLY and COMMIT (run_call). Returns the
// number of distinct items below the threshold. Throws whatever
// Session::flush throws.
int count_low_stock(Session& session, const StockLevelInput& input, const TpccTerminal& terminal);

// count_low_stock for the dispatcher; returns Outcome::Committed.
Outcome execute_stock_level(Session& session, const StockLevelInput& input,
                            const TpccTerminal& terminal, TxnAudit& audit);

void prepare_stock_level_statements(Session& session);

}  // namespace tpcc
