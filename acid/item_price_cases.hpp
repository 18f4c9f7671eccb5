// 3.4.2.7 Isolation Test 7: which of the clause's cases A, B, C or D a run
// followed, and whether it met that case's verification steps. Pure: the
// test (isolation_item_price.cpp) observes, this judges.
#pragma once

#include <cstdint>
#include <string>

namespace tpcc::acid {

// I_PRICE of the test's items x and y, in cents.
struct ItemPrices {
  std::int64_t x = 0;
  std::int64_t y = 0;
  bool operator==(const ItemPrices& other) const { return x == other.x && y == other.y; }
  bool operator!=(const ItemPrices& other) const { return !(*this == other); }
};

// 3.4.2.7 step 4: "increase the price of items x and y by 10 percent", as
// I_PRICE (two decimals) holds it: rounded half up to the cent.
std::int64_t raised_by_ten_percent(std::int64_t cents);
ItemPrices raised_by_ten_percent(const ItemPrices& prices);

// What a run of the test saw.
struct ItemPriceRun {
  ItemPrices t1;            // step 1: read and committed before T2 starts
  bool t3_stalled = false;  // step 4: T3's update waited for T2's lock
  bool t3_rolled_back = false;
  bool t2_rolled_back = false;
  ItemPrices t2_second;  // T2's read of x the second time, and of y
  ItemPrices t3_set;     // what T3's update set (when it was not rolled back)
  ItemPrices t4;         // step 7: read after T2 and T3 ended
};

struct ItemPriceVerdict {
  char which = '?';  // 'A', 'B', 'C', 'D', or '?' when the run followed none
  bool passed = false;
  std::string observed;  // the case and what its verification steps found
};

// Case A: T3 stalls; T2 continues, reads T1's prices and commits; T3
// completes; T4 reads T3's prices. Case B: T3 does not stall, T2 is rolled
// back by the data manager; T4 reads T3's prices. Case C: T3 is rolled back;
// T2 reads T1's prices; T4 reads T1's prices. Case D: T3 does not stall and
// nothing is rolled back; T2 still reads T1's prices; T4 reads T3's.
// In every case but C, T3 must have raised both prices by 10 percent.
ItemPriceVerdict judge_item_price_run(const ItemPriceRun& run);

}  // namespace tpcc::acid
