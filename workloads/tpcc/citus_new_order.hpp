// New-Order's stock and order lines (2.4.2.2) as statements Citus routes
// to one shard each, for a database distributed by Citus (prepare
// --distribute citus). The single-server form (new_order.cpp) does both in
// one statement whose data-modifying CTEs join lines of any supply
// warehouse: Citus cannot route it to a shard, runs each CTE as a step of
// its own over every shard and commits every New-Order over the whole
// cluster. Here each statement names its warehouse: one stock UPDATE per
// supply warehouse, then one INSERT of the order lines that reads
// S_DIST_xx from STOCK on the home warehouse's shard; only an order with a
// remote line (2.4.1.5.2) reaches another worker, which cannot be avoided.
// The statements are queued in the same round trip as the single-server
// one: the transaction keeps its two round trips.
#pragma once

#include <cstdint>
#include <vector>

namespace tpcc {

class Session;

// The valid lines of one order (2.4.2.3: an unused item has no line), in
// OL_NUMBER order, and the order they belong to.
struct OrderLinesArgs {
  int w_id = 0;
  int d_id = 0;
  int o_id = 0;
  std::vector<int> item_ids;
  std::vector<int> supply_w_ids;
  std::vector<int> quantities;
  std::vector<std::int64_t> amounts_cents;  // OL_AMOUNT
};

// Queues one stock UPDATE per distinct supply warehouse, in warehouse
// order, then the order-line INSERT; returns the number of stock UPDATEs.
// Their results hold the updated stock rows as (S_W_ID, S_I_ID,
// S_QUANTITY, S_DATA), the columns of the single-server statement's.
int queue_citus_stock_and_lines(Session& session, const OrderLinesArgs& args);

void prepare_citus_new_order_statements(Session& session);

}  // namespace tpcc
