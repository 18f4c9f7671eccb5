#include <catch2/catch.hpp>

#include <array>
#include <set>
#include <string>

#include "spec/constants.hpp"
#include "spec/text.hpp"
#include "tests/unit/terminal_context.hpp"
#include "workloads/tpcc/order_status.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace {

tpcc::TpccTerminal terminal_for(int w_id) {
  return tpcc::test::terminal_context(w_id, 4, 5, {123, 456, 789});
}

}  // namespace

TEST_CASE("2.6.1.2 Order-Status selects by last name 60% of the time", "[order_status]") {
  tpcc::Random rng{42};
  const auto terminal = terminal_for(3);
  constexpr int kDraws = 100000;
  int by_name = 0;
  for (int i = 0; i < kDraws; ++i) {
    if (tpcc::generate_order_status(rng, terminal).customer.by_last_name) ++by_name;
  }
  // Binomial(100000, 0.6): sd ~ 155; 0.01 is over 6 sd.
  CHECK(static_cast<double>(by_name) / kDraws == Approx(0.60).margin(0.01));
}

TEST_CASE("2.6.1.2 Order-Status D_ID is uniform over 1..10", "[order_status]") {
  tpcc::Random rng{7};
  const auto terminal = terminal_for(2);
  constexpr int kDraws = 100000;
  std::array<int, tpcc::kDistrictsPerWarehouse + 1> counts{};
  for (int i = 0; i < kDraws; ++i) {
    const int d_id = tpcc::generate_order_status(rng, terminal).d_id;
    REQUIRE(d_id >= 1);
    REQUIRE(d_id <= tpcc::kDistrictsPerWarehouse);
    ++counts[static_cast<std::size_t>(d_id)];
  }
  for (int d_id = 1; d_id <= tpcc::kDistrictsPerWarehouse; ++d_id) {
    // Expected 10,000 each, sd ~ 95.
    CHECK(counts[static_cast<std::size_t>(d_id)] == Approx(10000).margin(600));
  }
}

TEST_CASE("2.6.1.1 Order-Status runs on the terminal's home warehouse", "[order_status]") {
  tpcc::Random rng{1};
  const auto terminal = terminal_for(5);
  for (int i = 0; i < 1000; ++i) CHECK(tpcc::generate_order_status(rng, terminal).w_id == 5);
}

TEST_CASE("2.6.1.2 Order-Status customer is a NURand last name or a NURand C_ID",
          "[order_status]") {
  tpcc::Random rng{99};
  const auto terminal = terminal_for(1);
  std::set<std::string> valid_names;
  for (int n = 0; n <= 999; ++n) valid_names.insert(tpcc::last_name(n));
  std::set<int> ids;
  std::set<std::string> names;
  for (int i = 0; i < 20000; ++i) {
    const auto customer = tpcc::generate_order_status(rng, terminal).customer;
    if (customer.by_last_name) {
      CHECK(valid_names.count(customer.c_last) == 1);
      CHECK(customer.c_id == 0);
      names.insert(customer.c_last);
    } else {
      CHECK(customer.c_last.empty());
      REQUIRE(customer.c_id >= 1);
      REQUIRE(customer.c_id <= tpcc::kCustomersPerDistrict);
      ids.insert(customer.c_id);
    }
  }
  // Non-uniform but spread over the ranges, not stuck on a few values.
  CHECK(names.size() > 500);
  CHECK(ids.size() > 1000);
}

TEST_CASE("2.6.1 Order-Status input depends only on the random stream", "[order_status]") {
  tpcc::Random a{2024};
  tpcc::Random b{2024};
  const auto terminal = terminal_for(2);
  for (int i = 0; i < 100; ++i) {
    const auto x = tpcc::generate_order_status(a, terminal);
    const auto y = tpcc::generate_order_status(b, terminal);
    CHECK(x.d_id == y.d_id);
    CHECK(x.customer.by_last_name == y.customer.by_last_name);
    CHECK(x.customer.c_id == y.customer.c_id);
    CHECK(x.customer.c_last == y.customer.c_last);
  }
}
