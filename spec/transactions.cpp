#include "spec/transactions.hpp"

#include <cstddef>

namespace tpcc {

// 5.2.5.2 keying time, 5.2.5.4 mean think time, 5.2.3 minimum mix,
// 5.2.5.3 90th-percentile response time limit.
const std::array<TransactionType, kTxnTypes> kTransactions = {{
    {kNewOrder, "new_order", "New-Order", 18, 12, 0, 5, false},
    {kPayment, "payment", "Payment", 3, 12, 43, 5, false},
    {kOrderStatus, "order_status", "Order-Status", 2, 10, 4, 5, true},
    {kDelivery, "delivery", "Delivery", 2, 5, 4, 5, false},
    {kStockLevel, "stock_level", "Stock-Level", 2, 5, 4, 20, true},
}};

const std::vector<std::string>& tpcc_type_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const TransactionType& type : kTransactions) all.emplace_back(type.name);
    return all;
  }();
  return names;
}

std::string_view txn_name(int txn_index) {
  if (txn_index < 0 || txn_index >= kTxnTypes) return "?";
  return kTransactions[static_cast<std::size_t>(txn_index)].name;
}

}  // namespace tpcc
