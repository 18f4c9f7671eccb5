// Several drivers, one result: which home warehouses driver I of N takes
// (docs/several-drivers.md). Pure: no I/O.
#pragma once

#include <string>

#include "config/config.hpp"

namespace tpcc {

// A range of home warehouses, first..last inclusive.
struct WarehouseRange {
  int first = 1;
  int last = 1;
  int count() const { return last - first + 1; }
};

struct DriverNumber {
  int index = 0;  // 1-based
  int count = 0;
};

// "I/N" with 1 <= I <= N; throws UsageError("<where>: ...") otherwise.
DriverNumber parse_driver_number(const std::string& text, const std::string& where);

// The index-th (1-based) of count even slices of range: the slices differ in
// size by one at most, the larger ones first, and together cover the range
// without overlap. Throws UsageError naming --driver when there are more
// drivers than warehouses in the range (a driver would have none).
WarehouseRange driver_slice(const WarehouseRange& range, int index, int count);

// The home warehouses of this driver's terminals: warehouse_from..
// warehouse_to (0: 1..W) checked against the W loaded (UsageError naming the
// props keys), then, with --driver I/N, the I-th of N slices of it.
WarehouseRange home_range(const Config& config, int warehouses);

}  // namespace tpcc
