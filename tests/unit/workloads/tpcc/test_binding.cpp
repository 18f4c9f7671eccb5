// 5.2.1 terminals bound to a home warehouse and a fixed district.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "config/errors.hpp"
#include "spec/random.hpp"
#include "workloads/tpcc/binding.hpp"

namespace {

// Districts of each warehouse's terminals, for T terminals over W warehouses.
std::map<int, std::multiset<int>> districts_by_warehouse(int terminals, int warehouses) {
  std::map<int, std::multiset<int>> by_warehouse;
  for (int i = 0; i < terminals; ++i) {
    const tpcc::TerminalBinding b = tpcc::bind_terminal(i, warehouses);
    by_warehouse[b.w_id].insert(b.d_id);
  }
  return by_warehouse;
}

}  // namespace

TEST_CASE("5.2.1 terminals go round-robin over the warehouses") {
  CHECK(tpcc::bind_terminal(0, 3).w_id == 1);
  CHECK(tpcc::bind_terminal(1, 3).w_id == 2);
  CHECK(tpcc::bind_terminal(2, 3).w_id == 3);
  CHECK(tpcc::bind_terminal(3, 3).w_id == 1);
  CHECK(tpcc::bind_terminal(3, 3).d_id == 2);
  CHECK(tpcc::bind_terminal(29, 3).w_id == 3);
  CHECK(tpcc::bind_terminal(29, 3).d_id == 10);
}

TEST_CASE("5.2.1 every warehouse has a terminal once T >= W") {
  for (int warehouses : {1, 2, 7, 50}) {
    for (int terminals : {warehouses, warehouses + 3, 4 * warehouses}) {
      INFO("W=" << warehouses << " T=" << terminals);
      const auto by_warehouse = districts_by_warehouse(terminals, warehouses);
      CHECK(static_cast<int>(by_warehouse.size()) == warehouses);
      for (const auto& [w_id, districts] : by_warehouse) {
        CHECK(w_id >= 1);
        CHECK(w_id <= warehouses);
      }
    }
  }
}

TEST_CASE("5.2.1 ten terminals per warehouse cover districts 1..10 exactly once") {
  const int warehouses = 7;
  const auto by_warehouse = districts_by_warehouse(10 * warehouses, warehouses);
  REQUIRE(by_warehouse.size() == 7);
  const std::multiset<int> all_districts = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  for (const auto& [w_id, districts] : by_warehouse) {
    INFO("warehouse " << w_id);
    CHECK(districts == all_districts);
  }
}

TEST_CASE("5.2.1 a warehouse's terminals have distinct districts up to ten") {
  for (int terminals : {1, 5, 13, 27, 30}) {
    const auto by_warehouse = districts_by_warehouse(terminals, 3);
    for (const auto& [w_id, districts] : by_warehouse) {
      INFO("T=" << terminals << " warehouse " << w_id);
      const std::set<int> distinct(districts.begin(), districts.end());
      CHECK(distinct.size() == districts.size());
    }
  }
}

TEST_CASE("5.2.1 beyond ten terminals per warehouse the districts repeat evenly") {
  const auto by_warehouse = districts_by_warehouse(40, 2);  // 20 per warehouse
  for (const auto& [w_id, districts] : by_warehouse) {
    for (int d = 1; d <= 10; ++d) CHECK(districts.count(d) == 2);
  }
}

TEST_CASE("terminalWarehouseFixed=false draws home warehouses over 1..W") {
  tpcc::Random rng(17);
  std::map<int, int> seen;
  for (int i = 0; i < 5000; ++i) ++seen[tpcc::random_home_warehouse(rng, 5)];
  REQUIRE(seen.size() == 5);
  CHECK(seen.begin()->first == 1);
  CHECK(seen.rbegin()->first == 5);
  for (const auto& [w, n] : seen) CHECK(n > 850);  // expected 1000 each
}

TEST_CASE("bind_terminal rejects a negative index or no warehouses") {
  CHECK_THROWS(tpcc::bind_terminal(-1, 2));
  CHECK_THROWS(tpcc::bind_terminal(0, 0));
}

TEST_CASE("useWarehouseFrom/To: terminals are homed round-robin over the range only") {
  tpcc::Config config;
  config.warehouse_from = 3;
  config.warehouse_to = 5;
  const auto homes = tpcc::home_warehouses(config, 8);
  CHECK(homes.first == 3);
  CHECK(homes.last == 5);
  std::map<int, int> per_warehouse;
  for (int i = 0; i < 9; ++i) ++per_warehouse[tpcc::bind_terminal(i, homes).w_id];
  CHECK(per_warehouse == std::map<int, int>{{3, 3}, {4, 3}, {5, 3}});
  tpcc::Random rng(5);
  for (int i = 0; i < 1000; ++i) {
    const int w = tpcc::random_home_warehouse(rng, homes);
    CHECK((w >= 3 && w <= 5));
  }
}

TEST_CASE("useWarehouseFrom/To default to every warehouse and must lie within W") {
  tpcc::Config config;
  const auto all = tpcc::home_warehouses(config, 4);
  CHECK((all.first == 1 && all.last == 4));
  config.warehouse_to = 5;
  CHECK_THROWS_WITH(tpcc::home_warehouses(config, 4),
                    Catch::Contains("useWarehouseTo") && Catch::Contains("4 loaded warehouses"));
  config.warehouse_from = 3;
  config.warehouse_to = 2;
  CHECK_THROWS_AS(tpcc::home_warehouses(config, 4), tpcc::UsageError);
}
