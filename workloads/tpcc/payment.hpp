// Payment (2.5): a customer pays an amount; the warehouse, district and
// customer balances move by it and a history row records it.
#pragma once

#include <cstdint>
#include <string>

#include "spec/random.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/txn_audit.hpp"

namespace tpcc {

class QueryResult;
class Session;

struct PaymentInput {
  int w_id = 1;                     // 2.5.1.1 the terminal's home warehouse
  int d_id = 1;                     // 2.5.1.2 random 1..10
  int c_w_id = 1;                   // 2.5.1.2 home 85%, another warehouse 15%
  int c_d_id = 1;                   // 2.5.1.2 D_ID, or random 1..10 when remote
  bool by_last_name = false;        // 2.5.1.2 60% of the time
  int c_id = 0;                     // when !by_last_name: NURand(1023, 1, 3000)
  std::string c_last;               // when by_last_name: NURand(255, 0, 999) as a name
  std::int64_t amount_cents = 100;  // 2.5.1.3 H_AMOUNT random 1.00..5,000.00

  bool remote() const { return c_w_id != w_id; }
};

// 2.5.3 what the terminal displays (addresses left out).
struct PaymentOutput {
  std::string w_name;
  std::string d_name;
  int c_id = 0;
  std::string c_first;
  std::string c_middle;
  std::string c_last;
  std::string c_credit;
  std::int64_t c_credit_lim_cents = 0;
  double c_discount = 0;
  std::int64_t c_balance_cents = 0;  // after the payment
  std::string c_data;                // first 200 characters, for "BC" customers
};

// 2.5.1 the input of one Payment; pure.
PaymentInput generate_payment(Random& rng, const TpccTerminal& terminal);

// 2.5.2 in one round trip: one statement (customer, warehouse, district
// and history, in that order), its own transaction at read committed,
// otherwise within BEGIN ... COMMIT (run_call); with
// terminal.citus_statements, the statements of citus_payment.hpp. A
// customer that does not exist fails the transaction with SqlError and
// changes nothing. Throws whatever Session::flush throws.
PaymentOutput pay(Session& session, const PaymentInput& input, const TpccTerminal& terminal);

// pay for the dispatcher: records remote and by-name selection in the audit.
Outcome execute_payment(Session& session, const PaymentInput& input, const TpccTerminal& terminal,
                        TxnAudit& audit);

void prepare_payment_statements(Session& session);

// For citus_payment.cpp, which runs the same steps as statements of their
// own. The customer's UPDATE of 2.5.2.2 (C_BALANCE, C_YTD_PAYMENT,
// C_PAYMENT_CNT, C_DATA), of the customer in the CTE `target`: $1 C_W_ID,
// $2 C_D_ID, $4 W_ID, $5 D_ID, $6 H_AMOUNT. It returns C_ID, C_FIRST,
// C_MIDDLE, C_LAST, C_CREDIT, C_CREDIT_LIM, C_DISCOUNT, C_BALANCE, C_DATA.
const char* payment_customer_pays_sql();
// 2.5.2.2 case 2 as the CTE `target` (no match fails with 22P02 "no
// customer with C_LAST ..."): $1 C_W_ID, $2 C_D_ID, $3 C_LAST.
const char* payment_customer_by_last_name_sql();
// The customer part of the display from the UPDATE's row; throws SqlError
// (P0002) when there is no row.
PaymentOutput read_paid_customer(const QueryResult& paid, const PaymentInput& input);

}  // namespace tpcc
