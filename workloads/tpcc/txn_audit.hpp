// 9.2.2.5: what one TPC-C transaction counts for the input audits, as its
// execution fills it in, and the tallies it hands the engine
// (TxnResult::tallies, by spec/audit_tallies.hpp's indices).
#pragma once

#include "terminal/engine/transaction.hpp"

namespace tpcc {

struct TxnAudit {
  int order_lines = 0;          // New-Order OL_CNT
  int remote_order_lines = 0;   // lines supplied by another warehouse
  bool remote_payment = false;  // Payment for another warehouse's customer
  bool by_last_name = false;    // Payment / Order-Status by C_LAST
  int skipped_deliveries = 0;   // Delivery districts without a new order
};

// The audit as the engine's tallies: a remote payment, a selection by last
// name and a Delivery that skipped any district count one each.
TxnTallies audit_tallies(const TxnAudit& audit);

}  // namespace tpcc
