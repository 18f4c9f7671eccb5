// 4.3.3.1 initial population: ORDER, NEW-ORDER and ORDER-LINE, and the
// consistency conditions of 3.3.2 that the loaded rows must already meet.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "tests/unit/loader/load_rows_fixture.hpp"

using namespace tpcc;
using namespace tpcc::loadtest;

namespace {

using OrderKey = std::tuple<int, int>;  // (district, order)

bool delivered(int o_id) { return o_id < 2101; }

// Order lines per (district, order) as they arrived.
const std::map<OrderKey, std::vector<const OrderLineRow*>>& lines_by_order() {
  static const auto lines = [] {
    std::map<OrderKey, std::vector<const OrderLineRow*>> m;
    for (const auto& l : warehouse_rows().order_lines) m[{l.ol_d_id, l.ol_o_id}].push_back(&l);
    return m;
  }();
  return lines;
}

}  // namespace

TEST_CASE("4.3.3.1 ORDER O_ID 1..3000 in each district, O_W_ID = W_ID", "[load]") {
  const auto& orders = warehouse_rows().orders;
  REQUIRE(orders.size() == 30000);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const auto& o = orders[i];
    if (o.o_w_id != kWarehouse || o.o_d_id != static_cast<int>(i / 3000) + 1 ||
        o.o_id != static_cast<int>(i % 3000) + 1) {
      ++bad;
    }
  }
  CHECK(bad == 0);
}

TEST_CASE("4.3.3.1 ORDER O_C_ID is a permutation of 1..3000 in each district", "[load]") {
  std::map<int, std::set<int>> customers_per_district;
  std::map<int, long> in_order_per_district;
  for (const auto& o : warehouse_rows().orders) {
    customers_per_district[o.o_d_id].insert(o.o_c_id);
    if (o.o_c_id == o.o_id) ++in_order_per_district[o.o_d_id];
  }
  REQUIRE(customers_per_district.size() == 10);
  for (const auto& [d, ids] : customers_per_district) {
    INFO("district " << d);
    CHECK(ids.size() == 3000);
    CHECK(*ids.begin() == 1);
    CHECK(*ids.rbegin() == 3000);
    // Random, not the identity: a random permutation has about one fixed point.
    CHECK(in_order_per_district[d] < 20);
  }
}

TEST_CASE("4.3.3.1 ORDER O_CARRIER_ID is 1..10 iff O_ID < 2101, else NULL", "[load]") {
  const auto& orders = warehouse_rows().orders;
  TPCC_CHECK_NONE(violations(orders, [](const OrderRow& r) {
    if (delivered(r.o_id)) {
      return !r.o_carrier_id.null_value && r.o_carrier_id.value >= 1 && r.o_carrier_id.value <= 10;
    }
    return r.o_carrier_id.null_value;
  }));
  std::set<int> carriers;
  for (const auto& o : orders) {
    if (!o.o_carrier_id.null_value) carriers.insert(o.o_carrier_id.value);
  }
  CHECK(carriers.size() == 10);
}

TEST_CASE("4.3.3.1 ORDER O_OL_CNT is 5..15 with mean 10, O_ALL_LOCAL 1, O_ENTRY_D set", "[load]") {
  const auto& orders = warehouse_rows().orders;
  TPCC_CHECK_NONE(
      violations(orders, [](const OrderRow& r) { return r.o_ol_cnt >= 5 && r.o_ol_cnt <= 15; }));
  TPCC_CHECK_NONE(violations(orders, [](const OrderRow& r) { return r.o_all_local == 1; }));
  TPCC_CHECK_NONE(violations(orders, [](const OrderRow& r) { return is_load_time(r.o_entry_d); }));
  std::set<int> counts;
  long total = 0;
  for (const auto& o : orders) {
    counts.insert(o.o_ol_cnt);
    total += o.o_ol_cnt;
  }
  CHECK(counts.size() == 11);
  // Standard deviation of the mean over 30,000 orders: 0.018.
  CHECK(static_cast<double>(total) / static_cast<double>(orders.size()) ==
        Approx(10.0).margin(0.1));
}

TEST_CASE("4.3.3.1 NEW-ORDER holds orders 2101..3000 of each district", "[load]") {
  const auto& new_orders = warehouse_rows().new_orders;
  REQUIRE(new_orders.size() == 9000);
  std::set<OrderKey> keys;
  long bad = 0;
  for (const auto& n : new_orders) {
    if (n.no_w_id != kWarehouse || n.no_d_id < 1 || n.no_d_id > 10 || n.no_o_id < 2101 ||
        n.no_o_id > 3000) {
      ++bad;
    }
    keys.emplace(n.no_d_id, n.no_o_id);
  }
  CHECK(bad == 0);
  CHECK(keys.size() == 9000);  // no duplicates, so every (district, 2101..3000) once
}

TEST_CASE("4.3.3.1 ORDER-LINE rows per order equal O_OL_CNT, OL_NUMBER 1..O_OL_CNT", "[load]") {
  const auto& lines = lines_by_order();
  long bad_count = 0, bad_numbers = 0, missing = 0;
  for (const auto& o : warehouse_rows().orders) {
    const auto it = lines.find({o.o_d_id, o.o_id});
    if (it == lines.end()) {
      ++missing;
      continue;
    }
    if (static_cast<int>(it->second.size()) != o.o_ol_cnt) ++bad_count;
    for (std::size_t n = 0; n < it->second.size(); ++n) {
      if (it->second[n]->ol_number != static_cast<int>(n) + 1) ++bad_numbers;
    }
  }
  CHECK(missing == 0);
  CHECK(bad_count == 0);
  CHECK(bad_numbers == 0);
  CHECK(lines.size() == 30000);  // no lines without an order
}

TEST_CASE("4.3.3.1 ORDER-LINE OL_W_ID = OL_SUPPLY_W_ID = W_ID, OL_QUANTITY 5", "[load]") {
  TPCC_CHECK_NONE(violations(warehouse_rows().order_lines, [](const OrderLineRow& r) {
    return r.ol_w_id == kWarehouse && r.ol_supply_w_id == kWarehouse;
  }));
  TPCC_CHECK_NONE(violations(warehouse_rows().order_lines,
                             [](const OrderLineRow& r) { return r.ol_quantity == 5; }));
}

TEST_CASE("4.3.3.1 ORDER-LINE OL_I_ID is within 1..100000", "[load]") {
  const auto& lines = warehouse_rows().order_lines;
  TPCC_CHECK_NONE(violations(
      lines, [](const OrderLineRow& r) { return r.ol_i_id >= 1 && r.ol_i_id <= 100000; }));
  int min = 1 << 30, max = -1;
  for (const auto& l : lines) {
    min = std::min(min, l.ol_i_id);
    max = std::max(max, l.ol_i_id);
  }
  CHECK(min < 100);
  CHECK(max > 99900);
}

TEST_CASE("4.3.3.1 ORDER-LINE OL_AMOUNT 0.00 iff O_ID < 2101, else 0.01..9,999.99", "[load]") {
  const auto& lines = warehouse_rows().order_lines;
  TPCC_CHECK_NONE(violations(lines, [](const OrderLineRow& r) {
    if (delivered(r.ol_o_id)) return r.ol_amount.cents == 0;
    return r.ol_amount.cents >= 1 && r.ol_amount.cents <= 999999;
  }));
  long undelivered = 0;
  double sum = 0;
  std::int64_t min = 1 << 30, max = -1;
  for (const auto& l : lines) {
    if (delivered(l.ol_o_id)) continue;
    ++undelivered;
    sum += static_cast<double>(l.ol_amount.cents);
    min = std::min(min, l.ol_amount.cents);
    max = std::max(max, l.ol_amount.cents);
  }
  REQUIRE(undelivered > 80000);
  CHECK(sum / static_cast<double>(undelivered) == Approx(500000.0).epsilon(0.02));
  CHECK(min < 100);
  CHECK(max > 999000);
}

TEST_CASE("4.3.3.1 ORDER-LINE OL_DELIVERY_D = O_ENTRY_D iff O_ID < 2101, else NULL", "[load]") {
  TPCC_CHECK_NONE(violations(warehouse_rows().order_lines, [](const OrderLineRow& r) {
    return delivered(r.ol_o_id) ? is_load_time(r.ol_delivery_d) : r.ol_delivery_d.is_null();
  }));
}

TEST_CASE("4.3.3.1 ORDER-LINE OL_DIST_INFO is an a-string of 24", "[load]") {
  TPCC_CHECK_NONE(violations(warehouse_rows().order_lines, [](const OrderLineRow& r) {
    return a_string_in(r.ol_dist_info, 24, 24);
  }));
}

TEST_CASE("3.3.2 the loaded warehouse meets the consistency conditions", "[load]") {
  const auto& rows = warehouse_rows();
  // 3.3.2.1 and 3.3.2.8: W_YTD = sum(D_YTD) = sum(H_AMOUNT).
  long d_ytd = 0, h_amount = 0;
  std::map<int, long> h_amount_per_district;
  for (const auto& d : rows.districts) d_ytd += d.d_ytd.cents;
  for (const auto& h : rows.history) {
    h_amount += h.h_amount.cents;
    h_amount_per_district[h.h_d_id] += h.h_amount.cents;
  }
  CHECK(rows.warehouses.front().w_ytd.cents == d_ytd);
  CHECK(rows.warehouses.front().w_ytd.cents == h_amount);
  // 3.3.2.9: D_YTD = sum(H_AMOUNT) of the district.
  for (const auto& d : rows.districts) CHECK(d.d_ytd.cents == h_amount_per_district[d.d_id]);

  // 3.3.2.2, 3.3.2.3, 3.3.2.4, 3.3.2.11 per district.
  std::map<int, int> max_o_id, max_no, min_no, no_count, orders, ol_cnt_sum, ol_rows;
  for (const auto& o : rows.orders) {
    max_o_id[o.o_d_id] = std::max(max_o_id[o.o_d_id], o.o_id);
    ++orders[o.o_d_id];
    ol_cnt_sum[o.o_d_id] += o.o_ol_cnt;
  }
  for (const auto& n : rows.new_orders) {
    max_no[n.no_d_id] = std::max(max_no[n.no_d_id], n.no_o_id);
    min_no[n.no_d_id] =
        min_no.count(n.no_d_id) ? std::min(min_no[n.no_d_id], n.no_o_id) : n.no_o_id;
    ++no_count[n.no_d_id];
  }
  for (const auto& l : rows.order_lines) ++ol_rows[l.ol_d_id];
  for (const auto& d : rows.districts) {
    INFO("district " << d.d_id);
    CHECK(d.d_next_o_id - 1 == max_o_id[d.d_id]);
    CHECK(max_o_id[d.d_id] == max_no[d.d_id]);
    CHECK(max_no[d.d_id] - min_no[d.d_id] + 1 == no_count[d.d_id]);
    CHECK(ol_cnt_sum[d.d_id] == ol_rows[d.d_id]);
    CHECK(orders[d.d_id] - no_count[d.d_id] == 2100);
  }

  // 3.3.2.5 and 3.3.2.7: O_CARRIER_ID is NULL exactly for orders with a
  // NEW-ORDER row, and so is OL_DELIVERY_D of their lines.
  std::set<OrderKey> new_order_keys;
  for (const auto& n : rows.new_orders) new_order_keys.emplace(n.no_d_id, n.no_o_id);
  long bad = 0;
  for (const auto& o : rows.orders) {
    const bool is_new = new_order_keys.count({o.o_d_id, o.o_id}) != 0;
    if (o.o_carrier_id.null_value != is_new) ++bad;
    for (const auto* l : lines_by_order().at({o.o_d_id, o.o_id})) {
      if (l->ol_delivery_d.is_null() != o.o_carrier_id.null_value) ++bad;
    }
  }
  CHECK(bad == 0);

  // 3.3.2.10 and 3.3.2.12: C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT)
  // and C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT).
  std::map<std::tuple<int, int>, long> delivered_amount, paid;
  std::map<OrderKey, int> customer_of_order;
  for (const auto& o : rows.orders) customer_of_order[{o.o_d_id, o.o_id}] = o.o_c_id;
  for (const auto& l : rows.order_lines) {
    if (!l.ol_delivery_d.is_null()) {
      delivered_amount[{l.ol_d_id, customer_of_order.at({l.ol_d_id, l.ol_o_id})}] +=
          l.ol_amount.cents;
    }
  }
  for (const auto& h : rows.history) paid[{h.h_c_d_id, h.h_c_id}] += h.h_amount.cents;
  long bad_balance = 0;
  for (const auto& c : rows.customers) {
    const long ol = delivered_amount[{c.c_d_id, c.c_id}];
    if (c.c_balance.cents != ol - paid[{c.c_d_id, c.c_id}]) ++bad_balance;
    if (c.c_balance.cents + c.c_ytd_payment.cents != ol) ++bad_balance;
  }
  CHECK(bad_balance == 0);
}
