// The failover ledger's New-Order (metrics/ledger.hpp) as the commit key a
// committed New-Order hands the engine (TxnResult::commit), and back: the
// ledger the engine kept (EngineResult::acknowledged) as TPC-C's orders.
#pragma once

#include <vector>

#include "metrics/ledger.hpp"
#include "terminal/engine/transaction.hpp"

namespace tpcc {

// The order's key, present; its `measured` is the engine's to tell.
CommitKey commit_key(const AcknowledgedOrder& order);

// The order a kept commit's key names, measured when the commit was.
AcknowledgedOrder acknowledged_order(const AcknowledgedCommit& commit);
std::vector<AcknowledgedOrder> acknowledged_orders(const std::vector<AcknowledgedCommit>& commits);

}  // namespace tpcc
