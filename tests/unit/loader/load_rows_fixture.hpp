// Rows of the initial population (4.3.3.1) generated once per test run and
// shared by the load tests: one warehouse, its districts, stock, customers,
// history, orders, new orders and order lines, and the 100,000 items.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "loader/generate.hpp"
#include "loader/rows.hpp"

namespace tpcc::loadtest {

// A warehouse other than 1, so that W_ID really flows into every row.
inline constexpr int kWarehouse = 3;
inline constexpr std::uint64_t kSeed = 20100211;

// Keeps every row and the order in which the tables arrived.
class CollectingSink : public RowSink {
 public:
  std::vector<ItemRow> items;
  std::vector<WarehouseRow> warehouses;
  std::vector<DistrictRow> districts;
  std::vector<StockRow> stock;
  std::vector<CustomerRow> customers;
  std::vector<HistoryRow> history;
  std::vector<OrderRow> orders;
  std::vector<NewOrderRow> new_orders;
  std::vector<OrderLineRow> order_lines;
  // Table names in arrival order, a name repeated only if its rows were interleaved.
  std::vector<std::string> table_sequence;

  void write(const ItemRow& r) override { keep(items, r); }
  void write(const WarehouseRow& r) override { keep(warehouses, r); }
  void write(const DistrictRow& r) override { keep(districts, r); }
  void write(const StockRow& r) override { keep(stock, r); }
  void write(const CustomerRow& r) override { keep(customers, r); }
  void write(const HistoryRow& r) override { keep(history, r); }
  void write(const OrderRow& r) override { keep(orders, r); }
  void write(const NewOrderRow& r) override { keep(new_orders, r); }
  void write(const OrderLineRow& r) override { keep(order_lines, r); }

  std::size_t total_rows() const {
    return items.size() + warehouses.size() + districts.size() + stock.size() + customers.size() +
           history.size() + orders.size() + new_orders.size() + order_lines.size();
  }

 private:
  template <typename Row>
  void keep(std::vector<Row>& rows, const Row& row) {
    if (table_sequence.empty() || table_sequence.back() != Row::kTable) {
      table_sequence.emplace_back(Row::kTable);
    }
    rows.push_back(row);
  }
};

// The parameters of the shared load; the rows' timestamps point into it.
inline const LoadParameters& load_parameters() {
  static const LoadParameters p = [] {
    LoadParameters params;
    params.seed = kSeed;
    params.c_load = load_constants_for_seed(kSeed);
    params.load_time = "2010-02-11 12:00:00";
    return params;
  }();
  return p;
}

// generate_warehouse(load_parameters(), kWarehouse), generated on first use.
inline const CollectingSink& warehouse_rows() {
  static const CollectingSink sink = [] {
    CollectingSink s;
    generate_warehouse(load_parameters(), kWarehouse, s);
    return s;
  }();
  return sink;
}

// generate_items(load_parameters()), generated on first use.
inline const CollectingSink& item_rows() {
  static const CollectingSink sink = [] {
    CollectingSink s;
    generate_items(load_parameters(), s);
    return s;
  }();
  return sink;
}

// How many rows break a rule, and the index of the first that does, so a
// failing test names a row to look at instead of failing 300,000 times.
struct Violations {
  std::size_t count = 0;
  std::size_t first = 0;
};

template <typename Row, typename Rule>
Violations violations(const std::vector<Row>& rows, Rule holds) {
  Violations v;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!holds(rows[i])) {
      if (v.count == 0) v.first = i;
      ++v.count;
    }
  }
  return v;
}

inline bool is_alnum(const std::string& s) {
  for (char c : s) {
    const bool ok = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    if (!ok) return false;
  }
  return true;
}

inline bool is_digits(const std::string& s) {
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

inline bool a_string_in(const std::string& s, std::size_t lo, std::size_t hi) {
  return s.size() >= lo && s.size() <= hi && is_alnum(s);
}

// 4.3.2.7: four digits then "11111".
inline bool is_zip(const std::string& s) {
  return s.size() == 9 && is_digits(s.substr(0, 4)) && s.substr(4) == "11111";
}

// 4.3.3.1: street 1 and 2 and city a-string[10..20], state a-string[2].
inline bool is_address(const std::string& street_1, const std::string& street_2,
                       const std::string& city, const std::string& state, const std::string& zip) {
  return a_string_in(street_1, 10, 20) && a_string_in(street_2, 10, 20) &&
         a_string_in(city, 10, 20) && a_string_in(state, 2, 2) && is_zip(zip);
}

// The timestamp is set and carries the load's time.
inline bool is_load_time(const NullableTimestamp& t) {
  return !t.is_null() && *t.text == load_parameters().load_time;
}

}  // namespace tpcc::loadtest

// Lets a failing check print the first offending row's index.
#define TPCC_CHECK_NONE(v)                                \
  do {                                                    \
    const auto tpcc_v_ = (v);                             \
    INFO("rule: " #v);                                    \
    INFO("first violating row index: " << tpcc_v_.first); \
    CHECK(tpcc_v_.count == 0);                            \
  } while (false)
