// TPC-C as the engine's workload: the five transactions of kTransactions in
// their slots, each terminal's next one the next card of its deck
// (5.2.4.2), run for the terminal's home warehouse (5.2.2), or a warehouse
// drawn per transaction when terminals are not bound to one; under
// --delivery deferred, the primary's Deliveries handed to delivery workers
// (2.7.2, deferred_delivery.hpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "terminal/engine/workload.hpp"
#include "workloads/tpcc/deferred_delivery.hpp"

namespace tpcc {

class TpccWorkload : public Workload {
 public:
  // mode: client statements or server functions; warehouse_fixed: each
  // terminal keeps its home warehouse (BenchmarkSQL's
  // terminalWarehouseFixed); on_delivery: optional, each deferred
  // Delivery's record as it ends (2.7.2.3), called from several threads.
  TpccWorkload(Mode mode, bool warehouse_fixed, DeliverySink on_delivery = {});

  std::string name() const override { return "tpcc"; }
  const std::vector<WorkloadType>& types() const override { return types_; }
  void prepare(Session& session) const override;
  TxnIndex next(VirtualTerminal& terminal) const override;
  TxnResult execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const override;
  bool deals_decks() const override { return true; }
  // 2.7.2: the primary's read-write terminals' Deliveries under --delivery
  // deferred, when the mix has any; a standby's terminals never run one.
  std::unique_ptr<BackgroundWork> background(const Config& group_config,
                                             int group_number) const override;

 private:
  Mode mode_;
  bool warehouse_fixed_;
  DeliverySink on_delivery_;
  std::vector<WorkloadType> types_;
};

// The terminal's context for its next transaction: its home warehouse, or
// one drawn from its Random when terminals are not bound to one.
TerminalContext transaction_context(VirtualTerminal& terminal, bool warehouse_fixed);

}  // namespace tpcc
