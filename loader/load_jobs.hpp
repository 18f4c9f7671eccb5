// What a load is to do: the item table, and which warehouses. Warehouses are
// kept as ranges, so that planning a load of any size takes memory for its
// gaps (warehouses a resumed load already holds) only, never per warehouse:
// a plan for --warehouses 1000000000 is one range.
#pragma once

#include <utility>
#include <vector>

namespace tpcc {

class LoadJobs {
 public:
  bool items = false;

  // Adds warehouses first..last (nothing when last < first); ranges must be
  // added in ascending order.
  void add_warehouses(int first, int last);

  long long warehouse_count() const { return warehouse_count_; }
  // Jobs: one per warehouse, and one for the item table.
  long long count() const { return warehouse_count_ + (items ? 1 : 0); }
  // The n-th warehouse to load, 0 <= n < warehouse_count().
  int warehouse_at(long long n) const;

 private:
  struct Range {
    int first;
    int last;
    long long before;  // warehouses in the ranges before this one
  };
  std::vector<Range> ranges_;
  long long warehouse_count_ = 0;
};

}  // namespace tpcc
