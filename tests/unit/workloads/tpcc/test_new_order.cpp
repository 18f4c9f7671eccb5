#include <catch2/catch.hpp>

#include <array>
#include <string>

#include "spec/constants.hpp"
#include "tests/unit/terminal_context.hpp"
#include "workloads/tpcc/new_order.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace {

tpcc::TpccTerminal terminal_for(int w_id, int warehouses) {
  return tpcc::test::terminal_context(w_id, 3, warehouses, {100, 200, 300});
}

constexpr int kDraws = 100000;

}  // namespace

TEST_CASE("2.4.1.5.2 remote supply lines are about 1% and never the home warehouse",
          "[new_order]") {
  tpcc::Random rng{11};
  const auto terminal = terminal_for(3, 5);
  long lines = 0;
  long remote = 0;
  std::array<long, 6> by_warehouse{};
  for (int i = 0; i < kDraws; ++i) {
    const auto input = tpcc::generate_new_order(rng, terminal);
    REQUIRE(input.w_id == 3);
    for (const auto& line : input.lines) {
      ++lines;
      REQUIRE(line.supply_w_id >= 1);
      REQUIRE(line.supply_w_id <= 5);
      ++by_warehouse[static_cast<std::size_t>(line.supply_w_id)];
      if (line.supply_w_id != terminal.w_id) ++remote;
    }
    CHECK(input.remote_lines() == static_cast<int>(input.lines.size()) - [&] {
      int local = 0;
      for (const auto& line : input.lines) local += line.supply_w_id == 3 ? 1 : 0;
      return local;
    }());
    CHECK(input.all_local() == (input.remote_lines() == 0));
  }
  // ~1,000,000 lines; 1% has sd ~ 0.01%.
  CHECK(static_cast<double>(remote) / static_cast<double>(lines) == Approx(0.01).margin(0.001));
  // The other four warehouses share the remote lines evenly (~2,500 each).
  for (int w = 1; w <= 5; ++w) {
    if (w == 3) continue;
    CHECK(static_cast<double>(by_warehouse[static_cast<std::size_t>(w)]) ==
          Approx(static_cast<double>(remote) / 4).epsilon(0.1));
  }
}

TEST_CASE("2.4.1.5.2 with one warehouse no supply line is remote", "[new_order]") {
  tpcc::Random rng{12};
  const auto terminal = terminal_for(1, 1);
  for (int i = 0; i < kDraws; ++i) {
    const auto input = tpcc::generate_new_order(rng, terminal);
    for (const auto& line : input.lines) REQUIRE(line.supply_w_id == 1);
    REQUIRE(input.all_local());
  }
}

TEST_CASE("2.4.1.5.2 with two warehouses the remote one is always the other", "[new_order]") {
  tpcc::Random rng{13};
  const auto terminal = terminal_for(2, 2);
  long remote = 0;
  for (int i = 0; i < kDraws / 10; ++i) {
    for (const auto& line : tpcc::generate_new_order(rng, terminal).lines) {
      REQUIRE((line.supply_w_id == 1 || line.supply_w_id == 2));
      if (line.supply_w_id == 1) ++remote;
    }
  }
  CHECK(remote > 0);
}

TEST_CASE("2.4.1.4 about 1% of New-Orders roll back, only on the last line", "[new_order]") {
  tpcc::Random rng{14};
  const auto terminal = terminal_for(1, 10);
  int rollbacks = 0;
  for (int i = 0; i < kDraws; ++i) {
    const auto input = tpcc::generate_new_order(rng, terminal);
    const std::size_t last = input.lines.size() - 1;
    for (std::size_t n = 0; n < last; ++n) {
      REQUIRE(input.lines[n].i_id >= 1);
      REQUIRE(input.lines[n].i_id <= tpcc::kItems);
    }
    if (input.rollback) {
      ++rollbacks;
      REQUIRE(input.lines[last].i_id == tpcc::kUnusedItemId);
    } else {
      REQUIRE(input.lines[last].i_id >= 1);
      REQUIRE(input.lines[last].i_id <= tpcc::kItems);
    }
  }
  // Binomial(100000, 0.01): sd ~ 31.
  CHECK(rollbacks == Approx(1000).margin(150));
  CHECK(tpcc::kUnusedItemId > tpcc::kItems);
}

TEST_CASE("2.4.1.3 OL_CNT is uniform over 5..15 and averages 10", "[new_order]") {
  tpcc::Random rng{15};
  const auto terminal = terminal_for(1, 2);
  std::array<int, tpcc::kMaxOrderLines + 1> counts{};
  long total = 0;
  for (int i = 0; i < kDraws; ++i) {
    const int ol_cnt = static_cast<int>(tpcc::generate_new_order(rng, terminal).lines.size());
    REQUIRE(ol_cnt >= tpcc::kMinOrderLines);
    REQUIRE(ol_cnt <= tpcc::kMaxOrderLines);
    ++counts[static_cast<std::size_t>(ol_cnt)];
    total += ol_cnt;
  }
  CHECK(static_cast<double>(total) / kDraws == Approx(10.0).margin(0.05));
  for (int n = tpcc::kMinOrderLines; n <= tpcc::kMaxOrderLines; ++n) {
    // Expected 100000 / 11 ~ 9,091 each, sd ~ 91.
    CHECK(counts[static_cast<std::size_t>(n)] == Approx(9091).margin(500));
  }
}

TEST_CASE("2.4.1.2 and 2.4.1.5 New-Order fields stay in their ranges", "[new_order]") {
  tpcc::Random rng{16};
  const auto terminal = terminal_for(4, 8);
  std::array<int, 11> quantities{};
  std::array<int, tpcc::kDistrictsPerWarehouse + 1> districts{};
  for (int i = 0; i < kDraws; ++i) {
    const auto input = tpcc::generate_new_order(rng, terminal);
    REQUIRE(input.d_id >= 1);
    REQUIRE(input.d_id <= tpcc::kDistrictsPerWarehouse);
    ++districts[static_cast<std::size_t>(input.d_id)];
    REQUIRE(input.c_id >= 1);
    REQUIRE(input.c_id <= tpcc::kCustomersPerDistrict);
    for (const auto& line : input.lines) {
      REQUIRE(line.quantity >= 1);
      REQUIRE(line.quantity <= 10);
      ++quantities[static_cast<std::size_t>(line.quantity)];
    }
  }
  for (int q = 1; q <= 10; ++q) CHECK(quantities[static_cast<std::size_t>(q)] > 90000);
  for (int d = 1; d <= tpcc::kDistrictsPerWarehouse; ++d) {
    CHECK(districts[static_cast<std::size_t>(d)] == Approx(10000).margin(600));
  }
}

TEST_CASE("2.4.1.5.1 item numbers follow NURand(8191) with the run's constant", "[new_order]") {
  // The same draws with another C give other items: the constant is used.
  tpcc::Random a{17};
  tpcc::Random b{17};
  auto other = terminal_for(1, 1);
  other.c_run.ol_i_id = 4000;
  int differing = 0;
  for (int i = 0; i < 1000; ++i) {
    const auto x = tpcc::generate_new_order(a, terminal_for(1, 1));
    const auto y = tpcc::generate_new_order(b, other);
    REQUIRE(x.lines.size() == y.lines.size());
    if (x.lines[0].i_id != y.lines[0].i_id) ++differing;
  }
  CHECK(differing > 900);
}

TEST_CASE("kTransactions lists the five in TxnIndex order with the 5.2 timings", "[transactions]") {
  REQUIRE(tpcc::kTransactions.size() == 5);
  for (std::size_t i = 0; i < tpcc::kTransactions.size(); ++i) {
    CHECK(tpcc::kTransactions[i].index == static_cast<tpcc::TxnIndex>(i));
  }
  CHECK(std::string{tpcc::kTransactions[tpcc::kNewOrder].name} == "new_order");
  CHECK(tpcc::kTransactions[tpcc::kNewOrder].keying_seconds == 18);
  CHECK(tpcc::kTransactions[tpcc::kPayment].min_mix_percent == 43);
  CHECK(tpcc::kTransactions[tpcc::kStockLevel].p90_limit_seconds == 20);
  CHECK(tpcc::kTransactions[tpcc::kOrderStatus].read_only);
  CHECK_FALSE(tpcc::kTransactions[tpcc::kDelivery].read_only);
}
