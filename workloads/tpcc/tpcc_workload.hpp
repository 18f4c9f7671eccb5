// TPC-C as the engine's workload: the five transactions of kTransactions in
// their slots, each terminal bound to its home warehouse and district
// (5.2.1), its next transaction the next card of its deck (5.2.4.2), run for
// its home warehouse (5.2.2), or for a warehouse drawn per transaction when
// terminals are not bound to one; under --delivery deferred, the primary's
// Deliveries handed to delivery workers (2.7.2, deferred_delivery.hpp).
#pragma once

#include <any>
#include <memory>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "spec/audit_tallies.hpp"
#include "spec/nurand.hpp"
#include "terminal/engine/workload.hpp"
#include "workloads/tpcc/binding.hpp"
#include "workloads/tpcc/deferred_delivery.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {

// What a run's terminals need of the load they run against.
struct TpccLoad {
  int warehouses = 1;     // W of the load
  NURandConstants c_run;  // 2.1.6 C-Run
  // The load is distributed by Citus (bmsql_config tpcc_distribution):
  // statements mode uses the statements Citus routes to one shard
  // (TpccTerminal::citus_statements).
  bool citus = false;
};

class TpccWorkload : public Workload {
 public:
  // config: the primary's (--mode, whether each terminal keeps its home
  // warehouse: BenchmarkSQL's terminalWarehouseFixed, the home warehouses of
  // useWarehouseFrom/To and --driver); on_delivery: optional, each deferred
  // Delivery's record as it ends (2.7.2.3), called from several threads.
  // Throws UsageError when the home warehouses lie outside the load's.
  TpccWorkload(const Config& config, const TpccLoad& load, DeliverySink on_delivery = {});

  std::string name() const override { return "tpcc"; }
  const std::vector<WorkloadType>& types() const override { return types_; }
  std::any bind(int index, const Config& group_config) const override;
  void prepare(Session& session) const override;
  TxnIndex next(VirtualTerminal& terminal) const override;
  TxnResult execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const override;
  // Its input audits (9.2.2.5), by spec/audit_tallies.hpp's indices.
  std::size_t tally_count() const override { return kAuditTallies; }
  bool deals_decks() const override { return true; }
  // 2.7.2: the primary's read-write terminals' Deliveries under --delivery
  // deferred, when the mix has any; a standby's terminals never run one.
  std::unique_ptr<BackgroundWork> background(const Config& group_config,
                                             int group_number) const override;
  // 2.1.6: the C-Run of every driver of a --driver run, agreed at the start
  // barrier. Called before any terminal runs a transaction (the workers
  // wait at the engine's gate), never while they do.
  void use_c_run(const NURandConstants& c_run) { load_.c_run = c_run; }

 private:
  Mode mode_;
  bool warehouse_fixed_;
  TpccLoad load_;
  HomeWarehouses homes_;
  DeliverySink on_delivery_;
  std::vector<WorkloadType> types_;
};

// The terminal's context for its next transaction: its home warehouse, or
// one drawn from its Random when terminals are not bound to one.
TpccTerminal transaction_context(VirtualTerminal& terminal, bool warehouse_fixed);

}  // namespace tpcc
