// Pure row generators for the initial population (4.3.3.1). Every row is a
// function of (seed, table, warehouse, district), never of thread count or
// load order, so a resumed load writes the same rows as an uninterrupted one.
#pragma once

#include <cstdint>
#include <string>

#include "loader/rows.hpp"
#include "spec/nurand.hpp"

namespace tpcc {

// What every generator needs to know about this load.
struct LoadParameters {
  std::uint64_t seed = 0;
  NURandConstants c_load;  // 2.1.6: C-Load, recorded in bmsql_config
  std::string load_time;   // C_SINCE, H_DATE, O_ENTRY_D, OL_DELIVERY_D
};

// The C-Load constants that belong to a seed.
NURandConstants load_constants_for_seed(std::uint64_t seed);

// Receives rows, table by table: all rows of one table arrive together.
class RowSink {
 public:
  virtual ~RowSink() = default;
  virtual void write(const ItemRow&) = 0;
  virtual void write(const WarehouseRow&) = 0;
  virtual void write(const DistrictRow&) = 0;
  virtual void write(const StockRow&) = 0;
  virtual void write(const CustomerRow&) = 0;
  virtual void write(const HistoryRow&) = 0;
  virtual void write(const OrderRow&) = 0;
  virtual void write(const NewOrderRow&) = 0;
  virtual void write(const OrderLineRow&) = 0;
};

// The 100,000 rows of ITEM (not per warehouse).
void generate_items(const LoadParameters& p, RowSink& sink);

// All rows of one warehouse: WAREHOUSE, DISTRICT, STOCK, CUSTOMER, HISTORY,
// ORDER, NEW-ORDER, ORDER-LINE, in that order.
void generate_warehouse(const LoadParameters& p, int w_id, RowSink& sink);

// Rows one warehouse adds, for progress estimates.
std::int64_t rows_per_warehouse_estimate();

}  // namespace tpcc
