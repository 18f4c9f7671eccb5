// What check says of a load that did not finish: which warehouses are
// missing, as ranges, and what else is.
#include <catch2/catch.hpp>

#include <string>

#include "check/load_gaps.hpp"

TEST_CASE("check: missing warehouses read as ranges") {
  CHECK(tpcc::format_ranges({}) == "");
  CHECK(tpcc::format_ranges({7}) == "7");
  CHECK(tpcc::format_ranges({3, 4, 5, 8}) == "3-5, 8");
  CHECK(tpcc::format_ranges({1, 2, 4, 6, 7}) == "1-2, 4, 6-7");
}

TEST_CASE(
    "check: a load is incomplete while a warehouse, the items or the completion mark is missing") {
  tpcc::DatabaseState state;
  state.kind = tpcc::DatabaseState::Kind::Ours;
  state.recorded.warehouses = 8;
  state.recorded.complete = true;
  state.items_loaded = true;
  state.complete_warehouses = {1, 2, 3, 4, 5, 6, 7, 8};
  CHECK(tpcc::load_gaps(state).empty());

  state.complete_warehouses = {1, 2, 6, 7};
  auto gaps = tpcc::load_gaps(state);
  REQUIRE(gaps.size() == 1);
  CHECK(gaps[0] == "warehouses 3-5, 8 of the 8 recorded in bmsql_config are missing");

  state.complete_warehouses = {1, 2, 3, 4, 5, 6, 7, 8};
  state.items_loaded = false;
  state.recorded.complete = false;
  gaps = tpcc::load_gaps(state);
  REQUIRE(gaps.size() == 2);
  CHECK(gaps[0].find("bmsql_item") != std::string::npos);
  CHECK(gaps[1].find("tpcc_load_complete") != std::string::npos);
}
