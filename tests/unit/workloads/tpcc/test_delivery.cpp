#include <catch2/catch.hpp>

#include <array>

#include "workloads/tpcc/delivery.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

TEST_CASE("2.7.1.2 Delivery O_CARRIER_ID is uniform over 1..10", "[delivery]") {
  tpcc::Random rng{11};
  tpcc::TpccTerminal terminal;
  terminal.w_id = 7;
  terminal.warehouses = 9;
  constexpr int kDraws = 50000;
  std::array<int, 11> counts{};
  for (int i = 0; i < kDraws; ++i) {
    const auto input = tpcc::generate_delivery(rng, terminal);
    REQUIRE(input.w_id == 7);  // 2.7.1.1 home warehouse
    REQUIRE(input.carrier_id >= 1);
    REQUIRE(input.carrier_id <= 10);
    ++counts[static_cast<std::size_t>(input.carrier_id)];
  }
  for (int carrier = 1; carrier <= 10; ++carrier) {
    // Expected 5,000 each, sd ~ 67.
    CHECK(counts[static_cast<std::size_t>(carrier)] == Approx(5000).margin(400));
  }
}

TEST_CASE("2.7.2.3 Delivery output counts the skipped districts", "[delivery]") {
  tpcc::DeliveryOutput out;
  CHECK(out.skipped() == 10);
  out.o_id = {2101, 2101, 0, 2101, 2101, 2101, 2101, 2101, 0, 2101};
  CHECK(out.skipped() == 2);
}
