// A resumable load's plan of ranges: the n-th range to load computed from
// the loaded ones alone, so that a plan of 10^8 ranges keeps no list of them.
#include <catch2/catch.hpp>

#include <vector>

#include "workloads/common/missing_ranges.hpp"

using tpcc::IdRange;
using tpcc::MissingRanges;

namespace {

// Every range of the plan, in order.
std::vector<IdRange> all_ranges(const MissingRanges& plan) {
  std::vector<IdRange> ranges;
  for (std::size_t n = 0; n < plan.count(); ++n) ranges.push_back(plan.at(n));
  return ranges;
}

bool same(const IdRange& range, std::size_t table, long long first, long long last) {
  return range.table == table && range.first == first && range.last == last;
}

}  // namespace

TEST_CASE(
    "missing ranges: each table's ranges in order, the last one shorter, loaded ones left out",
    "[workloads][ranges]") {
  // Table 0: 25 rows in ranges of 10, 11..20 loaded; table 1: empty; table
  // 2: 30 rows, 1..10 and 21..30 loaded (and a first id that starts no range).
  const MissingRanges plan({25, 0, 30}, 10, {{11}, {}, {1, 21, 5, 21}});
  REQUIRE(plan.count() == 3);
  CHECK(plan.rows() == 15 + 10);
  CHECK(plan.rows(0) == 15);
  CHECK(plan.rows(1) == 0);
  CHECK(plan.rows(2) == 10);
  const std::vector<IdRange> ranges = all_ranges(plan);
  CHECK(same(ranges[0], 0, 1, 10));
  CHECK(same(ranges[1], 0, 21, 25));
  CHECK(same(ranges[2], 2, 11, 20));
  CHECK_THROWS(plan.at(3));
}

TEST_CASE("missing ranges: a run of loaded ranges at the start, the middle and the end",
          "[workloads][ranges]") {
  const MissingRanges plan({100}, 10, {{1, 11, 41, 51, 91}});
  REQUIRE(plan.count() == 5);
  CHECK(plan.rows() == 50);
  const std::vector<IdRange> ranges = all_ranges(plan);
  CHECK(same(ranges[0], 0, 21, 30));
  CHECK(same(ranges[1], 0, 31, 40));
  CHECK(same(ranges[2], 0, 61, 70));
  CHECK(same(ranges[3], 0, 71, 80));
  CHECK(same(ranges[4], 0, 81, 90));
}

TEST_CASE("missing ranges: pgbench -s 100000000's 10^8 account ranges, computed, not listed",
          "[workloads][ranges]") {
  const long long accounts = 100000LL * 100000000;
  const MissingRanges plan({0, 1000000000, accounts, 100000000}, 100000, {{}, {}, {1}, {}});
  CHECK(plan.count() == 10000 + (100000000 - 1) + 1000);
  CHECK(plan.rows() == 1000000000 + accounts - 100000 + 100000000);
  CHECK(same(plan.at(9999), 1, 999900001, 1000000000));
  CHECK(same(plan.at(10000), 2, 100001, 200000));
  CHECK(same(plan.at(10000 + 99999998), 2, accounts - 99999, accounts));
  CHECK(same(plan.at(plan.count() - 1), 3, 99900001, 100000000));
}
