// New-Order (2.4): enters an order of 5 to 15 lines for a customer of the
// home warehouse; 1% of them name an unused item and roll back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spec/random.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/txn_audit.hpp"

namespace tpcc {

class Session;

// 2.4.1.4: the item number used for the 1% of orders that must roll back.
inline constexpr int kUnusedItemId = 100001;

struct NewOrderLine {
  int i_id = 0;         // 2.4.1.5.1 NURand(8191, 1, 100000)
  int supply_w_id = 0;  // 2.4.1.5.2 home in 99% of lines, another warehouse otherwise
  int quantity = 0;     // 2.4.1.5.3 random 1..10
};

struct NewOrderInput {
  int w_id = 1;                     // 2.4.1.1 the terminal's home warehouse
  int d_id = 1;                     // 2.4.1.2 random 1..10
  int c_id = 1;                     // 2.4.1.2 NURand(1023, 1, 3000)
  std::vector<NewOrderLine> lines;  // 2.4.1.3 OL_CNT random 5..15
  bool rollback = false;            // 2.4.1.4 the last line's item is unused

  bool all_local() const;  // O_ALL_LOCAL (2.4.2.2)
  int remote_lines() const;
};

struct NewOrderLineOutput {
  int i_id = 0;
  int supply_w_id = 0;
  int quantity = 0;
  std::string i_name;
  std::int64_t i_price_cents = 0;
  std::int64_t amount_cents = 0;  // OL_AMOUNT = OL_QUANTITY * I_PRICE
  int s_quantity = 0;             // after the update
  char brand_generic = 'G';       // 'B' when I_DATA and S_DATA contain "ORIGINAL"
};

// 2.4.3 what the terminal displays.
struct NewOrderOutput {
  bool rolled_back = false;  // 2.4.2.3 "Item number is not valid"
  int o_id = 0;
  std::string c_last;
  std::string c_credit;
  double c_discount = 0;
  double w_tax = 0;
  double d_tax = 0;
  double total = 0;  // sum(OL_AMOUNT) * (1 - C_DISCOUNT) * (1 + W_TAX + D_TAX)
  std::vector<NewOrderLineOutput> lines;
};

// 2.4.1 the input of one New-Order; pure.
NewOrderInput generate_new_order(Random& rng, const TpccTerminal& terminal);

// 2.4.2 in two round trips: [BEGIN, district, warehouse and customer, items]
// then [order, new-order, stock and order lines, COMMIT], or ROLLBACK in
// place of COMMIT when an item is not found (2.4.2.3); on a single server
// each of the two is one statement. With terminal.citus_statements they
// are statements of their own, the stock and order lines those of
// citus_new_order.hpp.
// Throws whatever Session::flush throws.
NewOrderOutput place_new_order(Session& session, const NewOrderInput& input,
                               const TpccTerminal& terminal);

// place_new_order for the dispatcher: Committed, or RolledBack for the
// unused item; records OL_CNT and remote lines in the audit, and, when
// o_id is given, the O_ID the order got (the failover ledger's).
Outcome execute_new_order(Session& session, const NewOrderInput& input,
                          const TpccTerminal& terminal, TxnAudit& audit, int* o_id = nullptr);

void prepare_new_order_statements(Session& session);

}  // namespace tpcc
