#include "terminal/transactions/tpcc_workload.hpp"

#include "terminal/engine/binding.hpp"
#include "terminal/engine/worker.hpp"

namespace tpcc {

TpccWorkload::TpccWorkload(Mode mode, bool warehouse_fixed)
    : mode_(mode), warehouse_fixed_(warehouse_fixed) {
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

TerminalContext transaction_context(VirtualTerminal& terminal, bool warehouse_fixed) {
  TerminalContext context = terminal.context;
  if (!warehouse_fixed) context.w_id = random_home_warehouse(terminal.rng, context.homes);
  return context;
}

}  // namespace tpcc
