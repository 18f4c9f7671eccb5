#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>

#include "spec/constants.hpp"
#include "spec/text.hpp"
#include "tests/unit/terminal_context.hpp"
#include "workloads/tpcc/customer_lookup.hpp"
#include "workloads/tpcc/payment.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace {

tpcc::TpccTerminal terminal_for(int w_id, int warehouses) {
  return tpcc::test::terminal_context(w_id, 7, warehouses, {150, 250, 350});
}

constexpr int kDraws = 100000;

}  // namespace

TEST_CASE("2.5.1.2 about 15% of Payments are for a remote customer, never home", "[payment]") {
  tpcc::Random rng{21};
  const auto terminal = terminal_for(2, 4);
  int remote = 0;
  int remote_other_district = 0;
  for (int i = 0; i < kDraws; ++i) {
    const auto input = tpcc::generate_payment(rng, terminal);
    REQUIRE(input.w_id == 2);
    REQUIRE(input.c_w_id >= 1);
    REQUIRE(input.c_w_id <= 4);
    REQUIRE(input.c_d_id >= 1);
    REQUIRE(input.c_d_id <= tpcc::kDistrictsPerWarehouse);
    if (input.remote()) {
      ++remote;
      REQUIRE(input.c_w_id != input.w_id);
      if (input.c_d_id != input.d_id) ++remote_other_district;
    } else {
      // 2.5.1.2 the home customer is in the terminal's chosen district.
      REQUIRE(input.c_d_id == input.d_id);
    }
  }
  // Binomial(100000, 0.15): sd ~ 113.
  CHECK(static_cast<double>(remote) / kDraws == Approx(0.15).margin(0.005));
  // The remote district is random 1..10, so 90% differ from D_ID.
  CHECK(static_cast<double>(remote_other_district) / remote == Approx(0.9).margin(0.02));
}

TEST_CASE("2.5.1.2 with one warehouse every Payment is for a home customer", "[payment]") {
  tpcc::Random rng{22};
  const auto terminal = terminal_for(1, 1);
  for (int i = 0; i < kDraws; ++i) {
    const auto input = tpcc::generate_payment(rng, terminal);
    REQUIRE(input.c_w_id == 1);
    REQUIRE_FALSE(input.remote());
  }
}

TEST_CASE("2.5.1.2 about 60% of Payments select the customer by last name", "[payment]") {
  tpcc::Random rng{23};
  const auto terminal = terminal_for(1, 3);
  std::set<std::string> valid_names;
  for (int n = 0; n <= 999; ++n) valid_names.insert(tpcc::last_name(n));
  int by_name = 0;
  for (int i = 0; i < kDraws; ++i) {
    const auto input = tpcc::generate_payment(rng, terminal);
    if (input.by_last_name) {
      ++by_name;
      REQUIRE(valid_names.count(input.c_last) == 1);
    } else {
      REQUIRE(input.c_last.empty());
      REQUIRE(input.c_id >= 1);
      REQUIRE(input.c_id <= tpcc::kCustomersPerDistrict);
    }
  }
  // Binomial(100000, 0.6): sd ~ 155.
  CHECK(static_cast<double>(by_name) / kDraws == Approx(0.60).margin(0.01));
}

TEST_CASE("2.5.1.3 H_AMOUNT is uniform over 1.00..5,000.00", "[payment]") {
  tpcc::Random rng{24};
  const auto terminal = terminal_for(1, 2);
  long long sum = 0;
  std::int64_t low = 1000000;
  std::int64_t high = 0;
  for (int i = 0; i < kDraws; ++i) {
    const std::int64_t cents = tpcc::generate_payment(rng, terminal).amount_cents;
    REQUIRE(cents >= 100);
    REQUIRE(cents <= 500000);
    sum += cents;
    low = std::min(low, cents);
    high = std::max(high, cents);
  }
  CHECK(static_cast<double>(sum) / kDraws == Approx(250050).epsilon(0.01));
  CHECK(low < 1000);
  CHECK(high > 499000);
}

TEST_CASE("2.5.1.2 Payment D_ID is uniform over 1..10", "[payment]") {
  tpcc::Random rng{25};
  const auto terminal = terminal_for(1, 2);
  std::array<int, tpcc::kDistrictsPerWarehouse + 1> counts{};
  for (int i = 0; i < kDraws; ++i) {
    const int d_id = tpcc::generate_payment(rng, terminal).d_id;
    REQUIRE(d_id >= 1);
    REQUIRE(d_id <= tpcc::kDistrictsPerWarehouse);
    ++counts[static_cast<std::size_t>(d_id)];
  }
  for (int d = 1; d <= tpcc::kDistrictsPerWarehouse; ++d) {
    CHECK(counts[static_cast<std::size_t>(d)] == Approx(10000).margin(600));
  }
}

TEST_CASE("2.5.2.2 the middle customer by last name is at position ceil(n/2)", "[payment]") {
  // 0-based offsets of positions ceil(n/2): n=1 -> 1st, 2 -> 1st, 3 -> 2nd,
  // 4 -> 2nd, 5 -> 3rd.
  CHECK(tpcc::middle_customer_offset(1) == 0);
  CHECK(tpcc::middle_customer_offset(2) == 0);
  CHECK(tpcc::middle_customer_offset(3) == 1);
  CHECK(tpcc::middle_customer_offset(4) == 1);
  CHECK(tpcc::middle_customer_offset(5) == 2);
  CHECK(tpcc::middle_customer_offset(10) == 4);
}

TEST_CASE("2.5.1.2 the customer selector uses the run's C_LAST constant", "[payment]") {
  tpcc::Random a{26};
  tpcc::Random b{26};
  const tpcc::NURandConstants one{10, 20, 30};
  const tpcc::NURandConstants two{200, 20, 30};
  int differing = 0;
  int by_name = 0;
  for (int i = 0; i < 1000; ++i) {
    const auto x = tpcc::select_customer(a, one);
    const auto y = tpcc::select_customer(b, two);
    REQUIRE(x.by_last_name == y.by_last_name);
    if (!x.by_last_name) {
      CHECK(x.c_id == y.c_id);  // C for C_ID is the same in both
      continue;
    }
    ++by_name;
    if (x.c_last != y.c_last) ++differing;
  }
  CHECK(differing > by_name / 2);
}
