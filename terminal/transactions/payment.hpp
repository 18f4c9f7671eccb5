// Payment (2.5): a customer pays an amount; the warehouse, district and
// customer balances move by it and a history row records it.
#pragma once

#include <cstdint>
#include <string>

#include "spec/random.hpp"
#include "terminal/transactions/transaction.hpp"

namespace tpcc {

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
PaymentInput generate_payment(Random& rng, const TerminalContext& terminal);

// 2.5.2 in one round trip: BEGIN, one statement (customer, warehouse,
// district and history, in that order), COMMIT. A customer that does not
// exist fails the transaction with SqlError and changes nothing. Throws
// whatever Session::flush throws.
PaymentOutput pay(Session& session, const PaymentInput& input, const TerminalContext& terminal);

// pay for the dispatcher: records remote and by-name selection in the audit.
Outcome execute_payment(Session& session, const PaymentInput& input,
                        const TerminalContext& terminal, TxnAudit& audit);

void prepare_payment_statements(Session& session);

}  // namespace tpcc
