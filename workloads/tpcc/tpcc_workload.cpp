#include "workloads/tpcc/tpcc_workload.hpp"

#include <utility>

#include "terminal/engine/binding.hpp"
#include "terminal/engine/worker.hpp"
#include "workloads/tpcc/transactions.hpp"

namespace tpcc {

TpccWorkload::TpccWorkload(Mode mode, bool warehouse_fixed, DeliverySink on_delivery)
    : mode_(mode), warehouse_fixed_(warehouse_fixed), on_delivery_(std::move(on_delivery)) {
  for (const TransactionType& type : kTransactions) types_.push_back({type.name, type.title});
}

void TpccWorkload::prepare(Session& session) const {
  prepare_transaction_statements(session, mode_);
}

TxnIndex TpccWorkload::next(VirtualTerminal& terminal) const {
  return terminal.deck.draw(terminal.rng);
}

TxnResult TpccWorkload::execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const {
  const TerminalContext context = transaction_context(terminal, warehouse_fixed_);
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

TerminalContext transaction_context(VirtualTerminal& terminal, bool warehouse_fixed) {
  TerminalContext context = terminal.context;
  if (!warehouse_fixed) context.w_id = random_home_warehouse(terminal.rng, context.homes);
  return context;
}

}  // namespace tpcc
