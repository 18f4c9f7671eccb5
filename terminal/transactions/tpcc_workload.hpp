// TPC-C as the engine's workload: the five transactions of kTransactions in
// their slots, each terminal's next one the next card of its deck
// (5.2.4.2), run for the terminal's home warehouse (5.2.2), or a warehouse
// drawn per transaction when terminals are not bound to one.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "terminal/engine/workload.hpp"

namespace tpcc {

class TpccWorkload : public Workload {
 public:
  // mode: client statements or server functions; warehouse_fixed: each
  // terminal keeps its home warehouse (BenchmarkSQL's
  // terminalWarehouseFixed).
  TpccWorkload(Mode mode, bool warehouse_fixed);

  std::string name() const override { return "tpcc"; }
  const std::vector<WorkloadType>& types() const override { return types_; }
  void prepare(Session& session) const override;
  TxnIndex next(VirtualTerminal& terminal) const override;
  TxnResult execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const override;
  bool deals_decks() const override { return true; }

 private:
  Mode mode_;
  bool warehouse_fixed_;
  std::vector<WorkloadType> types_;
};

// The terminal's context for its next transaction: its home warehouse, or
// one drawn from its Random when terminals are not bound to one.
TerminalContext transaction_context(VirtualTerminal& terminal, bool warehouse_fixed);

}  // namespace tpcc
