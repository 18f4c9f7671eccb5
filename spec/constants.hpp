// Cardinalities and fixed values of the TPC-C database (1.2, 4.3.3.1).
#pragma once

namespace tpcc {

inline constexpr int kItems = 100000;
inline constexpr int kStockPerWarehouse = kItems;
inline constexpr int kDistrictsPerWarehouse = 10;
inline constexpr int kCustomersPerDistrict = 3000;
inline constexpr int kOrdersPerDistrict = 3000;
// 4.3.3.1: orders 2101..3000 of each district are undelivered new orders.
inline constexpr int kFirstNewOrderId = 2101;
inline constexpr int kNewOrdersPerDistrict = kOrdersPerDistrict - kFirstNewOrderId + 1;
inline constexpr int kMinOrderLines = 5;
inline constexpr int kMaxOrderLines = 15;
inline constexpr int kCustomersWithSequentialLastNames = 1000;

// Money is held as integer cents to keep sums exact.
inline constexpr long kWarehouseInitialYtdCents = 30000000;  // 300,000.00
inline constexpr long kDistrictInitialYtdCents = 3000000;    // 30,000.00
inline constexpr long kCustomerCreditLimitCents = 5000000;   // 50,000.00
inline constexpr long kCustomerInitialBalanceCents = -1000;  // -10.00
inline constexpr long kCustomerInitialYtdPaymentCents = 1000;
inline constexpr long kHistoryInitialAmountCents = 1000;

}  // namespace tpcc
