// The one table of the five TPC-C transactions: their index in mixes and
// per-transaction tables, their names, and the figures the spec gives each
// (keying and think times, minimum share of the mix, 90th-percentile
// response-time limit). Everyone who lists the five reads this table.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace tpcc {

// Index of each transaction in mixes and per-transaction tables. Based on
// int: another workload's types are slots 0..n-1 of the same kind
// (Workload::next), past these five for a workload of many (pgbench's
// scripts).
enum TxnIndex : int { kNewOrder = 0, kPayment, kOrderStatus, kDelivery, kStockLevel, kTxnTypes };

struct TransactionType {
  TxnIndex index;
  const char* name;           // "new_order" (result.json key)
  const char* title;          // "New-Order"
  double keying_seconds;      // 5.2.5.2
  double mean_think_seconds;  // 5.2.5.4
  double min_mix_percent;     // 5.2.3 (0: New-Order, the remainder)
  double p90_limit_seconds;   // 5.2.5.3
  bool read_only;
};

extern const std::array<TransactionType, kTxnTypes> kTransactions;

// The five names, in kTransactions order: the per-type columns of TPC-C's
// result files.
const std::vector<std::string>& tpcc_type_names();

// kTransactions[txn_index].name, or "?" out of range.
std::string_view txn_name(int txn_index);

}  // namespace tpcc
