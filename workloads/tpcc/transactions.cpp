// The one table of the five transactions and the dispatcher that draws an
// input and runs it, retrying serialization failures and deadlocks.
#include <chrono>
#include <stdexcept>
#include <string>

#include "db/session.hpp"
#include "db/socket_waiter.hpp"
#include "terminal/engine/transaction.hpp"
#include "workloads/tpcc/acknowledged_order.hpp"
#include "workloads/tpcc/delivery.hpp"
#include "workloads/tpcc/new_order.hpp"
#include "workloads/tpcc/order_status.hpp"
#include "workloads/tpcc/payment.hpp"
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/stock_level.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/transactions.hpp"
#include "workloads/tpcc/txn_audit.hpp"

namespace tpcc {

namespace {

constexpr std::int64_t kRetryBackoffMicros = 500;

// The input is drawn once: a retried transaction repeats the same input,
// as a terminal user would resubmit the same screen.
template <typename Input, typename Execute>
TxnResult run_with_retries(const Input& input, Execute execute, Session& session, Random& rng,
                           const TpccTerminal& terminal) {
  TxnResult result;
  for (;;) {
    TxnAudit audit;
    try {
      result.outcome = execute(session, input, terminal, audit);
      result.tallies = audit_tallies(audit);
      return result;
    } catch (const RetryableError& e) {
      if (result.retries >= kMaxRetries) {
        result.outcome = Outcome::Error;
        result.error = e.what();
        result.sqlstate = e.sqlstate;
        return result;
      }
      ++result.retries;
      // Transactions that collided would collide again if retried at once:
      // wait a random while, up to 1, 2, 4, 8 ms... as retries mount.
      sleep_here(std::chrono::microseconds(rng.uniform(0, kRetryBackoffMicros << result.retries)));
    } catch (const SqlError& e) {
      result.outcome = Outcome::Error;
      result.error = e.what();
      result.sqlstate = e.sqlstate;
      return result;
    }
  }
}

}  // namespace

TxnResult run_deferred_delivery(Session& session, Random& rng, const TpccTerminal& terminal,
                                const DeliveryInput& input, DeliveryOutput& output) {
  const auto execute = [&output](Session& s, const DeliveryInput& in, const TpccTerminal& t,
                                 TxnAudit& audit) {
    output = t.mode == Mode::Procedures ? call_delivery(s, in, t) : deliver(s, in, t);
    audit.skipped_deliveries = output.skipped();
    return Outcome::Committed;
  };
  return run_with_retries(input, execute, session, rng, terminal);
}

void prepare_transaction_statements(Session& session, Mode mode) {
  if (mode == Mode::Procedures) {
    prepare_procedure_calls(session);
    return;
  }
  prepare_new_order_statements(session);
  prepare_payment_statements(session);
  prepare_order_status_statements(session);
  prepare_delivery_statements(session);
  prepare_stock_level_statements(session);
}

TxnResult run_transaction(TxnIndex type, Session& session, Random& rng,
                          const TpccTerminal& terminal) {
  switch (type) {
    case kNewOrder: {
      const NewOrderInput input = generate_new_order(rng, terminal);
      int o_id = 0;
      const auto execute = [&o_id](Session& s, const NewOrderInput& in, const TpccTerminal& t,
                                   TxnAudit& audit) {
        return execute_new_order(s, in, t, audit, &o_id);
      };
      TxnResult result = run_with_retries(input, execute, session, rng, terminal);
      // Only a COMMIT the server answered is an acknowledged order.
      if (result.outcome == Outcome::Committed) {
        AcknowledgedOrder order;
        order.w_id = input.w_id;
        order.d_id = input.d_id;
        order.o_id = o_id;
        order.c_id = input.c_id;
        order.ol_cnt = static_cast<std::int16_t>(input.lines.size());
        order.first_i_id = input.lines.front().i_id;
        result.commit = commit_key(order);
      }
      return result;
    }
    case kPayment:
      return run_with_retries(generate_payment(rng, terminal), execute_payment, session, rng,
                              terminal);
    case kOrderStatus:
      return run_with_retries(generate_order_status(rng, terminal), execute_order_status, session,
                              rng, terminal);
    case kDelivery:
      return run_with_retries(generate_delivery(rng, terminal), execute_delivery, session, rng,
                              terminal);
    case kStockLevel:
      return run_with_retries(generate_stock_level(rng, terminal), execute_stock_level, session,
                              rng, terminal);
    case kTxnTypes: break;
  }
  throw std::invalid_argument("run_transaction: unknown transaction type " +
                              std::to_string(static_cast<int>(type)));
}

}  // namespace tpcc
