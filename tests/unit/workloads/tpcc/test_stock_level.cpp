#include <catch2/catch.hpp>

#include <array>

#include "workloads/tpcc/stock_level.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

TEST_CASE("2.8.1.2 Stock-Level threshold covers 10..20 with both ends reached", "[stock_level]") {
  tpcc::Random rng{5};
  tpcc::TpccTerminal terminal;
  terminal.w_id = 3;
  terminal.d_id = 8;
  constexpr int kDraws = 22000;
  std::array<int, 21> counts{};
  for (int i = 0; i < kDraws; ++i) {
    const auto input = tpcc::generate_stock_level(rng, terminal);
    REQUIRE(input.threshold >= 10);
    REQUIRE(input.threshold <= 20);
    ++counts[static_cast<std::size_t>(input.threshold)];
  }
  CHECK(counts[10] > 0);
  CHECK(counts[20] > 0);
  for (int t = 10; t <= 20; ++t) {
    // Expected 2,000 each, sd ~ 43.
    CHECK(counts[static_cast<std::size_t>(t)] == Approx(2000).margin(250));
  }
}

TEST_CASE("2.8.1.1 Stock-Level uses the terminal's home warehouse and fixed district",
          "[stock_level]") {
  tpcc::Random rng{6};
  for (int d_id = 1; d_id <= 10; ++d_id) {
    tpcc::TpccTerminal terminal;
    terminal.w_id = 2;
    terminal.d_id = d_id;
    terminal.warehouses = 4;
    for (int i = 0; i < 200; ++i) {
      const auto input = tpcc::generate_stock_level(rng, terminal);
      CHECK(input.w_id == 2);
      CHECK(input.d_id == d_id);
    }
  }
}
