#include "workloads/tpcc/txn_audit.hpp"

#include "spec/audit_tallies.hpp"

namespace tpcc {

TxnTallies audit_tallies(const TxnAudit& audit) {
  TxnTallies tallies{};
  tallies[kTallyOrderLines] = audit.order_lines;
  tallies[kTallyRemoteOrderLines] = audit.remote_order_lines;
  tallies[kTallyRemotePayments] = audit.remote_payment ? 1 : 0;
  tallies[kTallyByLastName] = audit.by_last_name ? 1 : 0;
  tallies[kTallySkippedDeliveries] = audit.skipped_deliveries;
  tallies[kTallyDeliveriesWithSkips] = audit.skipped_deliveries > 0 ? 1 : 0;
  return tallies;
}

static_assert(kAuditTallies <= kMaxTallies, "TPC-C's audit tallies fit TxnTallies");

}  // namespace tpcc
