// Payment (2.5.2) as statements Citus routes to one shard each, for a
// database distributed by Citus (prepare --distribute citus). The
// single-server form (payment.cpp) is one statement whose data-modifying
// CTEs touch four tables; Citus runs each CTE as a step of its own, sends
// every step's rows to every worker and so commits each Payment over the
// whole cluster. Here the customer's UPDATE, the warehouse's, the
// district's and the HISTORY INSERT are each a statement naming its
// warehouse, queued in that order in one round trip: a Payment of a home
// customer runs on one worker, a remote customer's (15%, 2.5.1.2) on two,
// which cannot be avoided. By last name the customer is chosen first, in a
// round trip of its own: the HISTORY row needs its C_ID.
#pragma once

#include "workloads/tpcc/payment.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {

class Session;

// pay() with terminal.citus_statements: the same effects and display.
PaymentOutput pay_on_citus(Session& session, const PaymentInput& input,
                           const TpccTerminal& terminal);

void prepare_citus_payment_statements(Session& session);

}  // namespace tpcc
