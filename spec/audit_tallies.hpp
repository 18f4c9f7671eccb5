// 9.2.2.5: TPC-C's input-audit counters as the tallies its transactions
// hand the engine (TxnResult::tallies), each at its index here; the engine
// sums them per type (TxnStats::tallies) without reading them, and TPC-C's
// audit arithmetic (metrics/, report/rules) and its result files read them
// back by these indices and names.
#pragma once

#include <cstddef>

namespace tpcc {

enum AuditTally : std::size_t {
  kTallyOrderLines,           // New-Order: OL_CNT
  kTallyRemoteOrderLines,     // New-Order: lines supplied by another warehouse
  kTallyRemotePayments,       // Payment: for another warehouse's customer
  kTallyByLastName,           // Payment, Order-Status: customer selected by C_LAST
  kTallySkippedDeliveries,    // Delivery: districts without a new order, summed
  kTallyDeliveriesWithSkips,  // Delivery: transactions that skipped any (2.7.4.2)
  kAuditTallies
};

// Their names in histograms.json, in index order.
inline constexpr const char* kAuditTallyNames[kAuditTallies] = {
    "order_lines",  "remote_order_lines", "remote_payments",
    "by_last_name", "skipped_deliveries", "deliveries_with_skips"};

}  // namespace tpcc
