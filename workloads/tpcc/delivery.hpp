// Delivery (2.7): delivers the oldest undelivered order of each of the
// home warehouse's ten districts, as one database transaction.
#pragma once

#include <array>

#include "spec/constants.hpp"
#include "spec/random.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/txn_audit.hpp"

namespace tpcc {

class Session;

struct DeliveryInput {
  int w_id = 1;        // 2.7.1.1 the terminal's home warehouse
  int carrier_id = 1;  // 2.7.1.2 O_CARRIER_ID random 1..10
};

// 2.7.2.3 what was delivered, per district (index d_id - 1).
struct DeliveryOutput {
  std::array<int, kDistrictsPerWarehouse> o_id{};  // 0: skipped, no new order
  int skipped() const;
};

// 2.7.1 the input of one Delivery; pure.
DeliveryInput generate_delivery(Random& rng, const TpccTerminal& terminal);

// 2.7.2 one round trip: BEGIN, one statement per district, COMMIT. Throws
// whatever Session::flush throws.
DeliveryOutput deliver(Session& session, const DeliveryInput& input, const TpccTerminal& terminal);

// 2.7.4.2 one district's delivery, as deliver() queues it, on a session
// with prepare_delivery_statements done: the ACID tests deliver every order
// of one district this way (3.4.2.8 step 1).
void queue_district_delivery(Session& session, int w_id, int d_id, int carrier_id);

// deliver for the dispatcher: counts skipped districts in the audit and
// returns Outcome::Committed.
Outcome execute_delivery(Session& session, const DeliveryInput& input, const TpccTerminal& terminal,
                         TxnAudit& audit);

void prepare_delivery_statements(Session& session);

// 2.7.2 deferred: the queued Delivery executed by a delivery worker, with
// the retries of every transaction; `output` holds what was delivered when
// the result is Committed (terminal/transactions.cpp).
TxnResult run_deferred_delivery(Session& session, Random& rng, const TpccTerminal& terminal,
                                const DeliveryInput& input, DeliveryOutput& output);

}  // namespace tpcc
