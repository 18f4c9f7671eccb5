// 3.4.2.7 Isolation Test 7 without a database: which of the clause's cases
// A to D a run followed, and the verification steps of each.
#include <catch2/catch.hpp>

#include "acid/item_price_cases.hpp"

using tpcc::acid::ItemPriceRun;
using tpcc::acid::ItemPrices;
using tpcc::acid::judge_item_price_run;
using tpcc::acid::raised_by_ten_percent;

namespace {

const ItemPrices kT1{1235, 500};      // 12.35, 5.00
const ItemPrices kRaised{1359, 550};  // 13.59 (13.585 rounded up), 5.50

// Case D as PostgreSQL's versioning runs it: T3 neither stalls nor is
// rolled back, T2 keeps T1's prices, T4 reads T3's.
ItemPriceRun case_d() {
  ItemPriceRun run;
  run.t1 = kT1;
  run.t2_second = kT1;
  run.t3_set = kRaised;
  run.t4 = kRaised;
  return run;
}

}  // namespace

TEST_CASE("3.4.2.7 step 4 a 10 percent raise rounds I_PRICE half up to the cent", "[acid]") {
  CHECK(raised_by_ten_percent(1235) == 1359);
  CHECK(raised_by_ten_percent(100) == 110);
  CHECK(raised_by_ten_percent(10000) == 11000);
  CHECK(raised_by_ten_percent(105) == 116);  // 1.155 -> 1.16
  CHECK(raised_by_ten_percent(kT1) == kRaised);
}

TEST_CASE("3.4.2.7 case D passes when T2 keeps T1's prices and T4 reads T3's", "[acid]") {
  const auto v = judge_item_price_run(case_d());
  CHECK(v.which == 'D');
  CHECK(v.passed);
  CHECK_THAT(v.observed, Catch::StartsWith("case D"));
}

TEST_CASE("3.4.2.7 case D fails when T2's second read sees T3's prices (unrepeatable read)",
          "[acid]") {
  ItemPriceRun run = case_d();
  run.t2_second = kRaised;
  const auto v = judge_item_price_run(run);
  CHECK(v.which == 'D');
  CHECK_FALSE(v.passed);
  CHECK_THAT(v.observed, Catch::Contains("an unrepeatable read"));
  CHECK_THAT(v.observed, Catch::Contains("expected T1's x 12.35, y 5.00"));
}

TEST_CASE("3.4.2.7 fails when T3 did not raise the prices by 10 percent or T4 misses them",
          "[acid]") {
  ItemPriceRun run = case_d();
  run.t3_set = {1300, 550};
  run.t4 = run.t3_set;
  CHECK_FALSE(judge_item_price_run(run).passed);
  run = case_d();
  run.t4 = kT1;
  CHECK_FALSE(judge_item_price_run(run).passed);
}

TEST_CASE("3.4.2.7 case A: T3 stalls until T2 commits", "[acid]") {
  ItemPriceRun run = case_d();
  run.t3_stalled = true;
  auto v = judge_item_price_run(run);
  CHECK(v.which == 'A');
  CHECK(v.passed);
  run.t2_second = kRaised;
  CHECK_FALSE(judge_item_price_run(run).passed);
}

TEST_CASE("3.4.2.7 case B: T2 rolled back, T4 reads T3's prices", "[acid]") {
  ItemPriceRun run = case_d();
  run.t2_rolled_back = true;
  run.t2_second = {};  // a rolled back T2's reads do not count
  auto v = judge_item_price_run(run);
  CHECK(v.which == 'B');
  CHECK(v.passed);
  run.t4 = kT1;
  CHECK_FALSE(judge_item_price_run(run).passed);
}

TEST_CASE("3.4.2.7 case C: T3 rolled back, T2 and T4 read T1's prices", "[acid]") {
  ItemPriceRun run = case_d();
  run.t3_rolled_back = true;
  run.t3_set = {};
  run.t4 = kT1;
  auto v = judge_item_price_run(run);
  CHECK(v.which == 'C');
  CHECK(v.passed);
  run.t4 = kRaised;
  CHECK_FALSE(judge_item_price_run(run).passed);
}

TEST_CASE("3.4.2.7 a run that follows none of the cases fails", "[acid]") {
  ItemPriceRun run = case_d();
  run.t3_rolled_back = true;
  run.t2_rolled_back = true;
  const auto v = judge_item_price_run(run);
  CHECK(v.which == '?');
  CHECK_FALSE(v.passed);
  CHECK_THAT(v.observed, Catch::Contains("none of the cases"));
}
