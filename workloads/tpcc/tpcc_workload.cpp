#include "workloads/tpcc/tpcc_workload.hpp"

#include <utility>

#include "terminal/engine/worker.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/transactions.hpp"

namespace tpcc {

TpccWorkload::TpccWorkload(const Config& config, const TpccLoad& load, DeliverySink on_delivery)
    : mode_(config.mode),
      warehouse_fixed_(config.terminal_warehouse_fixed),
      load_(load),
      homes_(home_warehouses(config, load.warehouses)),
      on_delivery_(std::move(on_delivery)) {
  for (const TransactionType& type : kTransactions) {
    types_.push_back({type.name, type.title, {type.keying_seconds, type.mean_think_seconds}});
  }
}

std::any TpccWorkload::bind(int index, const Config& group_config) const {
  const TerminalBinding binding = bind_terminal(index, homes_);
  TpccTerminal context;
  context.homes = homes_;
  context.mode = group_config.mode;
  context.citus_statements = load_.citus;
  context.rollback_percent = group_config.rollback_percent;
  context.w_id = binding.w_id;
  context.d_id = binding.d_id;
  context.warehouses = load_.warehouses;
  context.read_only = group_config.profile == Profile::ReadOnly;
  context.isolation = group_config.isolation;
  return context;
}

void TpccWorkload::prepare(Session& session) const {
  prepare_transaction_statements(session, mode_);
}

TxnIndex TpccWorkload::next(VirtualTerminal& terminal) const {
  return terminal.deck.draw(terminal.rng);
}

TxnResult TpccWorkload::execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const {
  TpccTerminal context = transaction_context(terminal, warehouse_fixed_);
  context.c_run = load_.c_run;  // the run's, which the start barrier may set after bind
  return run_transaction(type, session, terminal.rng, context);
}

std::unique_ptr<BackgroundWork> TpccWorkload::background(const Config& group_config,
                                                         int group_number) const {
  if (group_number != 0 || group_config.delivery_mode != DeliveryMode::Deferred ||
      group_config.mix[kDelivery] <= 0) {
    return nullptr;
  }
  return std::make_unique<DeferredDeliveries>(group_config, on_delivery_);
}

TpccTerminal transaction_context(VirtualTerminal& terminal, bool warehouse_fixed) {
  TpccTerminal context = std::any_cast<const TpccTerminal&>(terminal.binding);
  if (!warehouse_fixed) context.w_id = random_home_warehouse(terminal.rng, context.homes);
  return context;
}

}  // namespace tpcc
