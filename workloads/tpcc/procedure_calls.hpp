// --mode procedures: each transaction is one call of its PL/pgSQL function
// (schema/procedures.sql), one round trip. The inputs come from the same
// generate_* functions as in statements mode and the outputs are the same
// structs, so the two modes differ only in where the SQL runs.
#pragma once

#include "db/session.hpp"
#include "workloads/tpcc/delivery.hpp"
#include "workloads/tpcc/new_order.hpp"
#include "workloads/tpcc/order_status.hpp"
#include "workloads/tpcc/payment.hpp"
#include "workloads/tpcc/stock_level.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {

// SQLSTATE tpcc_new_order raises for the unused item of 2.4.2.3.
inline constexpr const char* kUnusedItemSqlstate = "TPC01";

// Registers the five calls on a session.
void prepare_procedure_calls(Session& session);
void prepare_new_order_call(Session& session);
void prepare_payment_call(Session& session);
void prepare_order_status_call(Session& session);
void prepare_delivery_call(Session& session);
void prepare_stock_level_call(Session& session);

// Runs one prepared call (or any one statement) as a transaction of its
// own and returns its rows. At read committed a lone statement is its own
// transaction, so no BEGIN or COMMIT is sent; other isolation levels and
// the ro profile wrap it in BEGIN ... COMMIT within the same round trip,
// READ ONLY with the ro profile or `read_only`.
QueryResult run_call(Session& session, const TpccTerminal& terminal, const char* statement,
                     const Params& params, bool read_only = false);

NewOrderOutput call_new_order(Session& session, const NewOrderInput& input,
                              const TpccTerminal& terminal);
PaymentOutput call_payment(Session& session, const PaymentInput& input,
                           const TpccTerminal& terminal);
OrderStatusOutput call_order_status(Session& session, const OrderStatusInput& input,
                                    const TpccTerminal& terminal);
DeliveryOutput call_delivery(Session& session, const DeliveryInput& input,
                             const TpccTerminal& terminal);
int call_stock_level(Session& session, const StockLevelInput& input, const TpccTerminal& terminal);

}  // namespace tpcc
