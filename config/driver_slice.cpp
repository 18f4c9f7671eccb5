#include "config/driver_slice.hpp"

#include <algorithm>

#include "config/errors.hpp"
#include "config/settings/values.hpp"

namespace tpcc {

DriverNumber parse_driver_number(const std::string& text, const std::string& where) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) {
    throw UsageError(where + ": '" + text + "' is not I/N (this driver's number, 1-based, of N)");
  }
  DriverNumber number;
  number.count = parse_int(text.substr(slash + 1), 1, kNoLimit, where + " (N of I/N)");
  number.index = parse_int(text.substr(0, slash), 1, kNoLimit, where + " (I of I/N)");
  if (number.index > number.count) {
    throw UsageError(where + ": driver " + std::to_string(number.index) + " of " +
                     std::to_string(number.count) + ": I must be within 1.." +
                     std::to_string(number.count));
  }
  return number;
}

WarehouseRange driver_slice(const WarehouseRange& range, int index, int count) {
  const int warehouses = range.count();
  if (count > warehouses) {
    throw UsageError("--driver " + std::to_string(index) + "/" + std::to_string(count) +
                     " (props driverSlice): " + std::to_string(count) + " drivers for " +
                     std::to_string(warehouses) + " home warehouse(s) " +
                     std::to_string(range.first) + ".." + std::to_string(range.last) +
                     ": each driver needs one at least");
  }
  const int base = warehouses / count;
  const int larger = warehouses % count;  // the first `larger` slices get one more
  const int before = (index - 1) * base + std::min(index - 1, larger);
  const int size = base + (index <= larger ? 1 : 0);
  return WarehouseRange{range.first + before, range.first + before + size - 1};
}

WarehouseRange home_range(const Config& config, int warehouses) {
  WarehouseRange homes{config.warehouse_from > 0 ? config.warehouse_from : 1,
                       config.warehouse_to > 0 ? config.warehouse_to : warehouses};
  if (homes.first > homes.last || homes.last > warehouses) {
    throw UsageError("useWarehouseFrom/useWarehouseTo (--warehouse-from/--warehouse-to): " +
                     std::to_string(homes.first) + ".." + std::to_string(homes.last) +
                     " is not a range within the " + std::to_string(warehouses) +
                     " loaded warehouses");
  }
  if (config.driver_count == 0) return homes;
  return driver_slice(homes, config.driver_index, config.driver_count);
}

}  // namespace tpcc
