#include "loader/load_jobs.hpp"

#include <algorithm>
#include <stdexcept>

namespace tpcc {

void LoadJobs::add_warehouses(int first, int last) {
  if (last < first) return;
  ranges_.push_back({first, last, warehouse_count_});
  warehouse_count_ += static_cast<long long>(last) - first + 1;
}

int LoadJobs::warehouse_at(long long n) const {
  if (n < 0 || n >= warehouse_count_) throw std::out_of_range("LoadJobs::warehouse_at");
  // The last range that starts at or before n.
  const auto it =
      std::upper_bound(ranges_.begin(), ranges_.end(), n,
                       [](long long value, const Range& r) { return value < r.before; });
  const Range& range = *std::prev(it);
  return static_cast<int>(range.first + (n - range.before));
}

}  // namespace tpcc
