// 4.3.3.1 initial population: cardinalities, table order, ITEM, WAREHOUSE,
// DISTRICT and STOCK. Customers and orders are in their own files.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "tests/unit/loader/load_rows_fixture.hpp"

using namespace tpcc;
using namespace tpcc::loadtest;

namespace {

bool has_original(const std::string& data) { return data.find("ORIGINAL") != std::string::npos; }

template <typename Row>
std::size_t column_count() {
  return std::tuple_size<decltype(std::declval<const Row&>().fields())>::value;
}

}  // namespace

TEST_CASE("4.3.3.1 cardinalities of one warehouse", "[load]") {
  const auto& rows = warehouse_rows();
  CHECK(rows.warehouses.size() == 1);
  CHECK(rows.districts.size() == 10);
  CHECK(rows.stock.size() == 100000);
  CHECK(rows.customers.size() == 30000);
  CHECK(rows.history.size() == 30000);
  CHECK(rows.orders.size() == 30000);
  CHECK(rows.new_orders.size() == 9000);
  CHECK(rows.items.empty());  // ITEM does not scale with warehouses
  long lines = 0;
  for (const auto& o : rows.orders) lines += o.o_ol_cnt;
  CHECK(rows.order_lines.size() == static_cast<std::size_t>(lines));
}

TEST_CASE("4.3.3.1 ITEM has 100,000 rows with I_ID 1..100,000", "[load]") {
  const auto& items = item_rows().items;
  REQUIRE(items.size() == 100000);
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].i_id != static_cast<int>(i) + 1) FAIL("I_ID out of sequence at row " << i);
  }
  CHECK(item_rows().table_sequence == std::vector<std::string>{"bmsql_item"});
}

TEST_CASE("generate_warehouse sends each table's rows together, in documented order", "[load]") {
  const std::vector<std::string> expected = {"bmsql_warehouse", "bmsql_district",  "bmsql_stock",
                                             "bmsql_customer",  "bmsql_history",   "bmsql_oorder",
                                             "bmsql_new_order", "bmsql_order_line"};
  CHECK(warehouse_rows().table_sequence == expected);
}

TEST_CASE("rows_per_warehouse_estimate is close to the rows generated", "[load]") {
  const auto actual = static_cast<double>(warehouse_rows().total_rows());
  CHECK(static_cast<double>(rows_per_warehouse_estimate()) == Approx(actual).epsilon(0.01));
}

TEST_CASE("each row type has one field per column", "[load]") {
  CHECK(column_count<ItemRow>() == ItemRow::kColumns.size());
  CHECK(column_count<WarehouseRow>() == WarehouseRow::kColumns.size());
  CHECK(column_count<DistrictRow>() == DistrictRow::kColumns.size());
  CHECK(column_count<StockRow>() == StockRow::kColumns.size());
  CHECK(column_count<CustomerRow>() == CustomerRow::kColumns.size());
  CHECK(column_count<HistoryRow>() == HistoryRow::kColumns.size());
  CHECK(column_count<OrderRow>() == OrderRow::kColumns.size());
  CHECK(column_count<NewOrderRow>() == NewOrderRow::kColumns.size());
  CHECK(column_count<OrderLineRow>() == OrderLineRow::kColumns.size());
}

TEST_CASE("4.3.3.1 ITEM I_IM_ID 1..10,000, I_PRICE 1.00..100.00, I_NAME a-string of 14..24",
          "[load]") {
  const auto& items = item_rows().items;
  TPCC_CHECK_NONE(
      violations(items, [](const ItemRow& r) { return r.i_im_id >= 1 && r.i_im_id <= 10000; }));
  TPCC_CHECK_NONE(violations(
      items, [](const ItemRow& r) { return r.i_price.cents >= 100 && r.i_price.cents <= 10000; }));
  TPCC_CHECK_NONE(
      violations(items, [](const ItemRow& r) { return a_string_in(r.i_name, 14, 24); }));
  // The ranges are used to their ends.
  const auto [min_im, max_im] =
      std::minmax_element(items.begin(), items.end(),
                          [](const ItemRow& a, const ItemRow& b) { return a.i_im_id < b.i_im_id; });
  CHECK(min_im->i_im_id == 1);
  CHECK(max_im->i_im_id == 10000);
  const auto [min_price, max_price] = std::minmax_element(
      items.begin(), items.end(),
      [](const ItemRow& a, const ItemRow& b) { return a.i_price.cents < b.i_price.cents; });
  CHECK(min_price->i_price.cents < 110);
  CHECK(max_price->i_price.cents > 9990);
}

TEST_CASE("4.3.3.1 ITEM I_DATA a-string of 26..50 with ORIGINAL in 10% of rows", "[load]") {
  const auto& items = item_rows().items;
  TPCC_CHECK_NONE(
      violations(items, [](const ItemRow& r) { return a_string_in(r.i_data, 26, 50); }));
  const auto original = std::count_if(items.begin(), items.end(),
                                      [](const ItemRow& r) { return has_original(r.i_data); });
  // 10,000 expected, standard deviation 95.
  CHECK(original > 9000);
  CHECK(original < 11000);
}

TEST_CASE("4.3.3.1 WAREHOUSE W_TAX 0..0.2000, W_YTD 300,000.00, name and address", "[load]") {
  const auto& rows = warehouse_rows().warehouses;
  REQUIRE(rows.size() == 1);
  const WarehouseRow& w = rows.front();
  CHECK(w.w_id == kWarehouse);
  CHECK(w.w_tax.ten_thousandths >= 0);
  CHECK(w.w_tax.ten_thousandths <= 2000);
  CHECK(w.w_ytd.cents == 30000000);
  CHECK(a_string_in(w.w_name, 6, 10));
  CHECK(is_address(w.w_street_1, w.w_street_2, w.w_city, w.w_state, w.w_zip));
}

TEST_CASE("4.3.3.1 DISTRICT D_ID 1..10, D_TAX 0..0.2000, D_YTD 30,000.00, D_NEXT_O_ID 3001",
          "[load]") {
  const auto& rows = warehouse_rows().districts;
  REQUIRE(rows.size() == 10);
  std::set<int> taxes;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const DistrictRow& d = rows[i];
    INFO("district row " << i);
    CHECK(d.d_w_id == kWarehouse);
    CHECK(d.d_id == static_cast<int>(i) + 1);
    CHECK(d.d_tax.ten_thousandths >= 0);
    CHECK(d.d_tax.ten_thousandths <= 2000);
    CHECK(d.d_ytd.cents == 3000000);
    CHECK(d.d_next_o_id == 3001);
    CHECK(a_string_in(d.d_name, 6, 10));
    CHECK(is_address(d.d_street_1, d.d_street_2, d.d_city, d.d_state, d.d_zip));
    taxes.insert(d.d_tax.ten_thousandths);
  }
  // D_TAX is drawn per district, not once per warehouse.
  CHECK(taxes.size() > 5);
}

TEST_CASE("4.3.3.1 WAREHOUSE and DISTRICT W_YTD equals the sum of D_YTD (3.3.2.1)", "[load]") {
  long sum = 0;
  for (const auto& d : warehouse_rows().districts) sum += d.d_ytd.cents;
  CHECK(warehouse_rows().warehouses.front().w_ytd.cents == sum);
}

TEST_CASE("4.3.3.1 STOCK S_I_ID 1..100,000 and S_W_ID = W_ID", "[load]") {
  const auto& stock = warehouse_rows().stock;
  REQUIRE(stock.size() == 100000);
  std::size_t bad = 0;
  for (std::size_t i = 0; i < stock.size(); ++i) {
    if (stock[i].s_i_id != static_cast<int>(i) + 1 || stock[i].s_w_id != kWarehouse) ++bad;
  }
  CHECK(bad == 0);
}

TEST_CASE("4.3.3.1 STOCK S_QUANTITY is within 10..100", "[load]") {
  const auto& stock = warehouse_rows().stock;
  TPCC_CHECK_NONE(violations(
      stock, [](const StockRow& r) { return r.s_quantity >= 10 && r.s_quantity <= 100; }));
  const auto [lo, hi] = std::minmax_element(
      stock.begin(), stock.end(),
      [](const StockRow& a, const StockRow& b) { return a.s_quantity < b.s_quantity; });
  CHECK(lo->s_quantity == 10);
  CHECK(hi->s_quantity == 100);
}

TEST_CASE("4.3.3.1 STOCK S_YTD, S_ORDER_CNT and S_REMOTE_CNT are 0", "[load]") {
  TPCC_CHECK_NONE(violations(warehouse_rows().stock, [](const StockRow& r) {
    return r.s_ytd == 0 && r.s_order_cnt == 0 && r.s_remote_cnt == 0;
  }));
}

TEST_CASE("4.3.3.1 STOCK S_DIST_01..S_DIST_10 are a-strings of 24", "[load]") {
  TPCC_CHECK_NONE(violations(warehouse_rows().stock, [](const StockRow& r) {
    return std::all_of(r.s_dist.begin(), r.s_dist.end(),
                       [](const std::string& s) { return a_string_in(s, 24, 24); });
  }));
  // The ten are drawn separately.
  TPCC_CHECK_NONE(violations(warehouse_rows().stock, [](const StockRow& r) {
    return std::set<std::string>(r.s_dist.begin(), r.s_dist.end()).size() == 10;
  }));
}

TEST_CASE("4.3.3.1 STOCK S_DATA a-string of 26..50 with ORIGINAL in 10% of rows", "[load]") {
  const auto& stock = warehouse_rows().stock;
  TPCC_CHECK_NONE(
      violations(stock, [](const StockRow& r) { return a_string_in(r.s_data, 26, 50); }));
  const auto original = std::count_if(stock.begin(), stock.end(),
                                      [](const StockRow& r) { return has_original(r.s_data); });
  CHECK(original > 9000);
  CHECK(original < 11000);
}

TEST_CASE("4.3.3.1 STOCK ORIGINAL rows are chosen apart from ITEM ORIGINAL rows", "[load]") {
  // Both are 10% at random: about 1% of items have ORIGINAL in both, which is
  // what gives New-Order's brand-generic "B" its rate.
  const auto& stock = warehouse_rows().stock;
  const auto& items = item_rows().items;
  REQUIRE(stock.size() == items.size());
  long both = 0;
  for (std::size_t i = 0; i < stock.size(); ++i) {
    both += has_original(stock[i].s_data) && has_original(items[i].i_data) ? 1 : 0;
  }
  CHECK(both > 700);
  CHECK(both < 1300);
}
