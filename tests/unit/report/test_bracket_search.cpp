// tpcc capacity's bracketing search over a pass/fail oracle: doubling from
// the start while steps pass, then bisecting between the last pass and the
// first failure.
#include <catch2/catch.hpp>

#include <vector>

#include "report/rules/bracket_search.hpp"

namespace {

// A system that carries up to `limit` and fails beyond.
auto carries(int limit) {
  return [limit](int value) { return value <= limit; };
}

}  // namespace

TEST_CASE("capacity search: doubles from the start, then bisects to the largest passing",
          "[capacity]") {
  const tpcc::BracketOutcome outcome = tpcc::bracket_search(1, 100, carries(11));
  CHECK(outcome.tried == std::vector<int>{1, 2, 4, 8, 16, 12, 10, 11});
  CHECK(outcome.largest_passing == 11);
}

TEST_CASE("capacity search: every answer from 0 to the most is found", "[capacity]") {
  for (int most : {1, 2, 3, 7, 16, 33}) {
    for (int start : {1, 2, 5, 40}) {
      for (int limit = 0; limit <= most; ++limit) {
        const tpcc::BracketOutcome outcome = tpcc::bracket_search(start, most, carries(limit));
        INFO("most " << most << " start " << start << " limit " << limit);
        CHECK(outcome.largest_passing == limit);
        // No value is run twice, and none beyond the most.
        for (std::size_t i = 0; i < outcome.tried.size(); ++i) {
          CHECK(outcome.tried[i] >= 1);
          CHECK(outcome.tried[i] <= most);
          for (std::size_t j = 0; j < i; ++j) CHECK(outcome.tried[i] != outcome.tried[j]);
        }
      }
    }
  }
}

TEST_CASE("capacity search: a load all of which passes stops at the most", "[capacity]") {
  const tpcc::BracketOutcome outcome = tpcc::bracket_search(1, 6, carries(6));
  CHECK(outcome.tried == std::vector<int>{1, 2, 4, 6});
  CHECK(outcome.largest_passing == 6);
}

TEST_CASE("capacity search: a failing first step bisects below it, down to none passing",
          "[capacity]") {
  const tpcc::BracketOutcome some = tpcc::bracket_search(8, 20, carries(3));
  CHECK(some.tried == std::vector<int>{8, 4, 2, 3});
  CHECK(some.largest_passing == 3);
  const tpcc::BracketOutcome none = tpcc::bracket_search(1, 20, carries(0));
  CHECK(none.tried == std::vector<int>{1});
  CHECK(none.largest_passing == 0);
}

TEST_CASE("capacity search: a start beyond the most starts at the most", "[capacity]") {
  tpcc::BracketSearch search(50, 4);
  REQUIRE(search.next() == 4);
  search.record(4, true);
  CHECK_FALSE(search.next().has_value());
  CHECK(search.largest_passing() == 4);
  CHECK(search.smallest_failing() == 0);
}
