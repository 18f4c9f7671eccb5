// 4.3.3.1 initial population: CUSTOMER (with the last names of 4.3.2.3 and
// the C-Load of 2.1.6) and HISTORY.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "spec/text.hpp"
#include "tests/unit/loader/load_rows_fixture.hpp"

using namespace tpcc;
using namespace tpcc::loadtest;

namespace {

// Last name -> its number 0..999 (the names are distinct, see test_spec_text).
const std::map<std::string, int>& last_name_numbers() {
  static const std::map<std::string, int> numbers = [] {
    std::map<std::string, int> m;
    for (int n = 0; n <= 999; ++n) m.emplace(last_name(n), n);
    return m;
  }();
  return numbers;
}

// Log-likelihood of observed name numbers under NURand(255, 0, 999) with
// constant c: P(n) = P((r1 | r2) + c = n mod 1000), r1 in [0, 255] and
// r2 in [0, 999] uniform, computed exactly over all 256,000 pairs.
double nurand_log_likelihood(const std::array<long, 1000>& counts, int c) {
  static const std::vector<double> p_or = [] {
    std::vector<double> p(1024, 0.0);
    for (int r1 = 0; r1 <= 255; ++r1) {
      for (int r2 = 0; r2 <= 999; ++r2) p[static_cast<std::size_t>(r1 | r2)] += 1.0;
    }
    for (auto& x : p) x /= 256.0 * 1000.0;
    return p;
  }();
  std::array<double, 1000> p_n{};
  for (std::size_t v = 0; v < p_or.size(); ++v)
    p_n[(v + static_cast<std::size_t>(c)) % 1000] += p_or[v];
  double ll = 0;
  for (std::size_t n = 0; n < 1000; ++n) {
    if (counts[n] > 0) ll += static_cast<double>(counts[n]) * std::log(p_n[n]);
  }
  return ll;
}

}  // namespace

TEST_CASE("4.3.3.1 CUSTOMER C_ID 1..3000 in each of the 10 districts of the warehouse", "[load]") {
  const auto& customers = warehouse_rows().customers;
  REQUIRE(customers.size() == 30000);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < customers.size(); ++i) {
    const auto& c = customers[i];
    const int d = static_cast<int>(i / 3000) + 1;
    const int id = static_cast<int>(i % 3000) + 1;
    if (c.c_w_id != kWarehouse || c.c_d_id != d || c.c_id != id) ++bad;
  }
  CHECK(bad == 0);
}

TEST_CASE(
    "4.3.3.1 CUSTOMER fixed values: C_MIDDLE, C_CREDIT_LIM, C_BALANCE, C_YTD_PAYMENT, "
    "C_PAYMENT_CNT, C_DELIVERY_CNT",
    "[load]") {
  const auto& customers = warehouse_rows().customers;
  TPCC_CHECK_NONE(violations(customers, [](const CustomerRow& r) { return r.c_middle == "OE"; }));
  TPCC_CHECK_NONE(violations(customers, [](const CustomerRow& r) {
    return r.c_credit_lim.cents == 5000000;  // 50,000.00
  }));
  TPCC_CHECK_NONE(violations(customers, [](const CustomerRow& r) {
    return r.c_balance.cents == -1000;  // -10.00
  }));
  TPCC_CHECK_NONE(violations(customers, [](const CustomerRow& r) {
    return r.c_ytd_payment.cents == 1000;  // 10.00
  }));
  TPCC_CHECK_NONE(violations(customers, [](const CustomerRow& r) {
    return r.c_payment_cnt == 1 && r.c_delivery_cnt == 0;
  }));
  TPCC_CHECK_NONE(
      violations(customers, [](const CustomerRow& r) { return is_load_time(r.c_since); }));
}

TEST_CASE("4.3.3.1 CUSTOMER text fields: C_FIRST, address, C_PHONE, C_DATA", "[load]") {
  const auto& customers = warehouse_rows().customers;
  TPCC_CHECK_NONE(
      violations(customers, [](const CustomerRow& r) { return a_string_in(r.c_first, 8, 16); }));
  TPCC_CHECK_NONE(violations(customers, [](const CustomerRow& r) {
    return is_address(r.c_street_1, r.c_street_2, r.c_city, r.c_state, r.c_zip);
  }));
  TPCC_CHECK_NONE(violations(customers, [](const CustomerRow& r) {
    return r.c_phone.size() == 16 && is_digits(r.c_phone);
  }));
  TPCC_CHECK_NONE(
      violations(customers, [](const CustomerRow& r) { return a_string_in(r.c_data, 300, 500); }));
}

TEST_CASE("4.3.3.1 CUSTOMER C_DISCOUNT is within 0.0000..0.5000", "[load]") {
  const auto& customers = warehouse_rows().customers;
  TPCC_CHECK_NONE(violations(customers, [](const CustomerRow& r) {
    return r.c_discount.ten_thousandths >= 0 && r.c_discount.ten_thousandths <= 5000;
  }));
  int min = 1 << 30, max = -1;
  for (const auto& c : customers) {
    min = std::min(min, c.c_discount.ten_thousandths);
    max = std::max(max, c.c_discount.ten_thousandths);
  }
  CHECK(min < 10);
  CHECK(max > 4990);
}

TEST_CASE("4.3.3.1 CUSTOMER C_CREDIT is BC for 10% of customers and GC otherwise", "[load]") {
  const auto& customers = warehouse_rows().customers;
  TPCC_CHECK_NONE(violations(
      customers, [](const CustomerRow& r) { return r.c_credit == "GC" || r.c_credit == "BC"; }));
  std::array<long, 11> bad_credit_per_district{};
  long bad_credit = 0;
  for (const auto& c : customers) {
    if (c.c_credit == "BC") {
      ++bad_credit;
      ++bad_credit_per_district[static_cast<std::size_t>(c.c_d_id)];
    }
  }
  // 3,000 expected, standard deviation 52: 2,800..3,200 fails one in nine (3,333).
  CHECK(bad_credit > 2800);
  CHECK(bad_credit < 3200);
  for (int d = 1; d <= 10; ++d) {
    INFO("district " << d);
    CHECK(bad_credit_per_district[static_cast<std::size_t>(d)] > 200);
    CHECK(bad_credit_per_district[static_cast<std::size_t>(d)] < 400);
  }
}

TEST_CASE("4.3.2.3 CUSTOMER C_LAST of customers 1..1000 is last_name(C_ID - 1)", "[load]") {
  TPCC_CHECK_NONE(violations(warehouse_rows().customers, [](const CustomerRow& r) {
    return r.c_id > 1000 || r.c_last == last_name(r.c_id - 1);
  }));
}

TEST_CASE("4.3.3.1 CUSTOMER C_LAST of customers 1001..3000 is NURand(255, 0, 999) with C-Load",
          "[load]") {
  const int c_load = load_parameters().c_load.c_last;
  REQUIRE(load_parameters().c_load.c_last == load_constants_for_seed(kSeed).c_last);

  std::array<long, 1000> counts{};
  long unknown = 0, drawn = 0;
  for (const auto& c : warehouse_rows().customers) {
    if (c.c_id <= 1000) continue;
    ++drawn;
    const auto it = last_name_numbers().find(c.c_last);
    if (it == last_name_numbers().end()) {
      ++unknown;
    } else {
      ++counts[static_cast<std::size_t>(it->second)];
    }
  }
  REQUIRE(drawn == 20000);
  CHECK(unknown == 0);

  // The constant that best explains the 20,000 names is C-Load, by far.
  int best = -1;
  double best_ll = -std::numeric_limits<double>::infinity();
  double runner_up_ll = best_ll;
  for (int c = 0; c <= 255; ++c) {
    const double ll = nurand_log_likelihood(counts, c);
    if (ll > best_ll) {
      runner_up_ll = best_ll;
      best_ll = ll;
      best = c;
    } else if (ll > runner_up_ll) {
      runner_up_ll = ll;
    }
  }
  INFO("C-Load " << c_load << ", best fitting C " << best);
  CHECK(best == c_load);
  CHECK(best_ll - runner_up_ll > 100.0);
  // And NURand explains them far better than a uniform draw of 0..999.
  const double uniform_ll = static_cast<double>(drawn) * std::log(1.0 / 1000.0);
  CHECK(best_ll - uniform_ll > 1000.0);
}

TEST_CASE("4.3.3.1 HISTORY has one row per customer with H_AMOUNT 10.00", "[load]") {
  const auto& history = warehouse_rows().history;
  REQUIRE(history.size() == 30000);
  std::set<std::tuple<int, int, int>> customers;
  for (const auto& c : warehouse_rows().customers) customers.emplace(c.c_w_id, c.c_d_id, c.c_id);
  std::set<std::tuple<int, int, int>> paid;
  long unmatched = 0;
  for (const auto& h : history) {
    const auto key = std::make_tuple(h.h_c_w_id, h.h_c_d_id, h.h_c_id);
    if (customers.count(key) == 0) ++unmatched;
    paid.insert(key);
  }
  CHECK(unmatched == 0);
  CHECK(paid.size() == 30000);  // every customer once
  TPCC_CHECK_NONE(violations(history, [](const HistoryRow& r) {
    return r.h_d_id == r.h_c_d_id && r.h_w_id == r.h_c_w_id && r.h_w_id == kWarehouse;
  }));
  TPCC_CHECK_NONE(
      violations(history, [](const HistoryRow& r) { return r.h_amount.cents == 1000; }));
  TPCC_CHECK_NONE(violations(history, [](const HistoryRow& r) { return is_load_time(r.h_date); }));
}

TEST_CASE("4.3.3.1 HISTORY H_DATA is an a-string of 12..24", "[load]") {
  const auto& history = warehouse_rows().history;
  TPCC_CHECK_NONE(
      violations(history, [](const HistoryRow& r) { return a_string_in(r.h_data, 12, 24); }));
  std::size_t min = 1000, max = 0;
  for (const auto& h : history) {
    min = std::min(min, h.h_data.size());
    max = std::max(max, h.h_data.size());
  }
  CHECK(min == 12);
  CHECK(max == 24);
}

TEST_CASE("HISTORY hist_id is unique", "[load]") {
  std::set<int> ids;
  for (const auto& h : warehouse_rows().history) ids.insert(h.hist_id);
  CHECK(ids.size() == warehouse_rows().history.size());
  CHECK(*ids.begin() > 0);
}
