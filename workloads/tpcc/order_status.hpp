// Order-Status (2.6): a read-only look at a customer's last order and its
// lines, selected by last name (60%) or by customer number (40%).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spec/random.hpp"
#include "workloads/tpcc/customer_lookup.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/txn_audit.hpp"

namespace tpcc {

class QueryResult;
class Session;

struct OrderStatusInput {
  int w_id = 1;               // 2.6.1.1 the terminal's home warehouse
  int d_id = 1;               // 2.6.1.2 random 1..10
  CustomerSelector customer;  // 2.6.1.2 by C_LAST 60%, by C_ID 40%
};

struct OrderStatusLine {
  int i_id = 0;
  int supply_w_id = 0;
  int quantity = 0;
  std::int64_t amount_cents = 0;
  std::string delivery_d;  // empty while undelivered
};

// 2.6.3 what the terminal displays.
struct OrderStatusOutput {
  int c_id = 0;
  std::string c_first;
  std::string c_middle;
  std::string c_last;
  std::int64_t c_balance_cents = 0;
  int o_id = 0;  // 0: the customer has no order
  std::string o_entry_d;
  int o_carrier_id = 0;                // 0: null (not delivered)
  std::vector<OrderStatusLine> lines;  // ordered by OL_NUMBER
};

// 2.6.1 the input of one Order-Status; pure.
OrderStatusInput generate_order_status(Random& rng, const TpccTerminal& terminal);

// 2.6.2 one round trip: the query, its own transaction at read committed,
// otherwise within BEGIN ... READ ONLY and COMMIT (run_call). Throws
// SqlError when no customer has the last name, and whatever
// Session::flush throws.
OrderStatusOutput query_order_status(Session& session, const OrderStatusInput& input,
                                     const TpccTerminal& terminal);

// The rows of the Order-Status query (one per line of the last order,
// customer columns first) as the display; the statement and the function
// return the same columns.
OrderStatusOutput read_order_status_rows(const QueryResult& result);

// query_order_status (or call_order_status in procedures mode) for the
// dispatcher: records the audit and returns Outcome::Committed.
Outcome execute_order_status(Session& session, const OrderStatusInput& input,
                             const TpccTerminal& terminal, TxnAudit& audit);

void prepare_order_status_statements(Session& session);

}  // namespace tpcc
