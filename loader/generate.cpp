#include "loader/generate.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "spec/constants.hpp"
#include "spec/text.hpp"

namespace tpcc {
namespace {

// Keys of the independent random streams (Random::stream).
enum StreamKey : std::uint64_t {
  kLoadConstantsStream = 1,
  kItemStream,
  kWarehouseStream,
  kDistrictStream,
  kStockStream,
  kCustomerStream,
  kHistoryStream,
  kOrderStream,
  kOrderLineCountStream,
  kOrderLineStream,
};

std::uint64_t u(int v) { return static_cast<std::uint64_t>(v); }

int uniform_int(Random& rng, int lo, int hi) { return static_cast<int>(rng.uniform(lo, hi)); }

void assign_a_string(Random& rng, int min_len, int max_len, std::string& out) {
  out.clear();
  append_a_string(rng, min_len, max_len, out);
}

// 4.3.3.1 address: street 1, street 2, city a-string[10..20], state
// a-string[2], zip 4.3.2.7.
void fill_address(Random& rng, std::string& street_1, std::string& street_2, std::string& city,
                  std::string& state, std::string& zip) {
  assign_a_string(rng, 10, 20, street_1);
  assign_a_string(rng, 10, 20, street_2);
  assign_a_string(rng, 10, 20, city);
  assign_a_string(rng, 2, 2, state);
  zip = zip_code(rng);
}

// 4.3.3.1 O_OL_CNT random within [5 .. 15], shared by ORDER and ORDER-LINE.
std::vector<int> order_line_counts(const LoadParameters& p, int w_id, int d_id) {
  Random rng = Random::stream(p.seed, {kOrderLineCountStream, u(w_id), u(d_id)});
  std::vector<int> counts(kOrdersPerDistrict + 1, 0);
  for (int o = 1; o <= kOrdersPerDistrict; ++o) {
    counts[static_cast<std::size_t>(o)] = uniform_int(rng, kMinOrderLines, kMaxOrderLines);
  }
  return counts;
}

void generate_district_rows(const LoadParameters& p, int w_id, RowSink& sink) {
  DistrictRow row;
  row.d_w_id = w_id;
  for (int d = 1; d <= kDistrictsPerWarehouse; ++d) {
    Random rng = Random::stream(p.seed, {kDistrictStream, u(w_id), u(d)});
    row.d_id = d;
    assign_a_string(rng, 6, 10, row.d_name);
    fill_address(rng, row.d_street_1, row.d_street_2, row.d_city, row.d_state, row.d_zip);
    row.d_tax = Rate4{uniform_int(rng, 0, 2000)};
    row.d_ytd = Money{kDistrictInitialYtdCents};
    row.d_next_o_id = kOrdersPerDistrict + 1;
    sink.write(row);
  }
}

void generate_stock_rows(const LoadParameters& p, int w_id, RowSink& sink) {
  Random rng = Random::stream(p.seed, {kStockStream, u(w_id)});
  StockRow row;
  row.s_w_id = w_id;
  for (int i = 1; i <= kStockPerWarehouse; ++i) {
    row.s_i_id = i;
    row.s_quantity = uniform_int(rng, 10, 100);
    for (auto& dist : row.s_dist) assign_a_string(rng, 24, 24, dist);
    row.s_data = item_or_stock_data(rng);
    sink.write(row);
  }
}

void generate_customer_rows(const LoadParameters& p, int w_id, RowSink& sink) {
  CustomerRow row;
  row.c_w_id = w_id;
  row.c_middle = "OE";
  row.c_credit_lim = Money{kCustomerCreditLimitCents};
  row.c_balance = Money{kCustomerInitialBalanceCents};
  row.c_ytd_payment = Money{kCustomerInitialYtdPaymentCents};
  row.c_payment_cnt = 1;
  row.c_delivery_cnt = 0;
  row.c_since = NullableTimestamp{&p.load_time};
  for (int d = 1; d <= kDistrictsPerWarehouse; ++d) {
    Random rng = Random::stream(p.seed, {kCustomerStream, u(w_id), u(d)});
    row.c_d_id = d;
    for (int c = 1; c <= kCustomersPerDistrict; ++c) {
      row.c_id = c;
      // 4.3.2.3: the first 1,000 customers take the names 0..999 in order.
      const int name_number =
          c <= kCustomersWithSequentialLastNames ? c - 1 : nurand_last_name_number(rng, p.c_load);
      row.c_last.clear();
      append_last_name(name_number, row.c_last);
      assign_a_string(rng, 8, 16, row.c_first);
      fill_address(rng, row.c_street_1, row.c_street_2, row.c_city, row.c_state, row.c_zip);
      row.c_phone = n_string(rng, 16, 16);
      row.c_credit = rng.uniform(1, 10) == 1 ? "BC" : "GC";  // 10% bad credit
      row.c_discount = Rate4{uniform_int(rng, 0, 5000)};
      assign_a_string(rng, 300, 500, row.c_data);
      sink.write(row);
    }
  }
}

void generate_history_rows(const LoadParameters& p, int w_id, RowSink& sink) {
  HistoryRow row;
  row.h_c_w_id = row.h_w_id = w_id;
  row.h_date = NullableTimestamp{&p.load_time};
  row.h_amount = Money{kHistoryInitialAmountCents};
  for (int d = 1; d <= kDistrictsPerWarehouse; ++d) {
    Random rng = Random::stream(p.seed, {kHistoryStream, u(w_id), u(d)});
    row.h_c_d_id = row.h_d_id = d;
    for (int c = 1; c <= kCustomersPerDistrict; ++c) {
      // A key unique across warehouses, so a resumed load gives the same ids.
      row.hist_id = ((w_id - 1) * kDistrictsPerWarehouse + (d - 1)) * kCustomersPerDistrict + c;
      row.h_c_id = c;
      assign_a_string(rng, 12, 24, row.h_data);
      sink.write(row);
    }
  }
}

void generate_order_rows(const LoadParameters& p, int w_id, RowSink& sink) {
  OrderRow row;
  row.o_w_id = w_id;
  row.o_all_local = 1;
  row.o_entry_d = NullableTimestamp{&p.load_time};
  std::vector<int> customer_ids(kCustomersPerDistrict);
  for (int d = 1; d <= kDistrictsPerWarehouse; ++d) {
    Random rng = Random::stream(p.seed, {kOrderStream, u(w_id), u(d)});
    const std::vector<int> line_counts = order_line_counts(p, w_id, d);
    // 4.3.3.1: O_C_ID is a random permutation of 1..3000 (Fisher-Yates).
    std::iota(customer_ids.begin(), customer_ids.end(), 1);
    for (std::size_t i = customer_ids.size() - 1; i > 0; --i) {
      const auto j = static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(i)));
      std::swap(customer_ids[i], customer_ids[j]);
    }
    row.o_d_id = d;
    for (int o = 1; o <= kOrdersPerDistrict; ++o) {
      row.o_id = o;
      row.o_c_id = customer_ids[static_cast<std::size_t>(o - 1)];
      row.o_carrier_id =
          o < kFirstNewOrderId ? NullableInt{uniform_int(rng, 1, 10), false} : NullableInt{0, true};
      row.o_ol_cnt = line_counts[static_cast<std::size_t>(o)];
      sink.write(row);
    }
  }
}

void generate_new_order_rows(int w_id, RowSink& sink) {
  NewOrderRow row;
  row.no_w_id = w_id;
  for (int d = 1; d <= kDistrictsPerWarehouse; ++d) {
    row.no_d_id = d;
    for (int o = kFirstNewOrderId; o <= kOrdersPerDistrict; ++o) {
      row.no_o_id = o;
      sink.write(row);
    }
  }
}

void generate_order_line_rows(const LoadParameters& p, int w_id, RowSink& sink) {
  OrderLineRow row;
  row.ol_w_id = w_id;
  row.ol_supply_w_id = w_id;
  row.ol_quantity = 5;
  for (int d = 1; d <= kDistrictsPerWarehouse; ++d) {
    Random rng = Random::stream(p.seed, {kOrderLineStream, u(w_id), u(d)});
    const std::vector<int> line_counts = order_line_counts(p, w_id, d);
    row.ol_d_id = d;
    for (int o = 1; o <= kOrdersPerDistrict; ++o) {
      row.ol_o_id = o;
      const bool delivered = o < kFirstNewOrderId;
      row.ol_delivery_d = delivered ? NullableTimestamp{&p.load_time} : NullableTimestamp{};
      for (int n = 1; n <= line_counts[static_cast<std::size_t>(o)]; ++n) {
        row.ol_number = n;
        row.ol_i_id = uniform_int(rng, 1, kItems);
        row.ol_amount = Money{delivered ? 0 : rng.uniform(1, 999999)};
        assign_a_string(rng, 24, 24, row.ol_dist_info);
        sink.write(row);
      }
    }
  }
}

}  // namespace

NURandConstants load_constants_for_seed(std::uint64_t seed) {
  Random rng = Random::stream(seed, {kLoadConstantsStream});
  return draw_load_constants(rng);
}

void generate_items(const LoadParameters& p, RowSink& sink) {
  Random rng = Random::stream(p.seed, {kItemStream});
  ItemRow row;
  for (int i = 1; i <= kItems; ++i) {
    row.i_id = i;
    row.i_im_id = uniform_int(rng, 1, 10000);
    assign_a_string(rng, 14, 24, row.i_name);
    row.i_price = Money{rng.uniform(100, 10000)};
    row.i_data = item_or_stock_data(rng);
    sink.write(row);
  }
}

void generate_warehouse(const LoadParameters& p, int w_id, RowSink& sink) {
  {
    Random rng = Random::stream(p.seed, {kWarehouseStream, u(w_id)});
    WarehouseRow row;
    row.w_id = w_id;
    assign_a_string(rng, 6, 10, row.w_name);
    fill_address(rng, row.w_street_1, row.w_street_2, row.w_city, row.w_state, row.w_zip);
    row.w_tax = Rate4{uniform_int(rng, 0, 2000)};
    row.w_ytd = Money{kWarehouseInitialYtdCents};
    sink.write(row);
  }
  generate_district_rows(p, w_id, sink);
  generate_stock_rows(p, w_id, sink);
  generate_customer_rows(p, w_id, sink);
  generate_history_rows(p, w_id, sink);
  generate_order_rows(p, w_id, sink);
  generate_new_order_rows(w_id, sink);
  generate_order_line_rows(p, w_id, sink);
}

std::int64_t rows_per_warehouse_estimate() {
  constexpr std::int64_t per_district = kCustomersPerDistrict * 2 + kOrdersPerDistrict +
                                        kNewOrdersPerDistrict +
                                        kOrdersPerDistrict * (kMinOrderLines + kMaxOrderLines) / 2;
  return 1 + kDistrictsPerWarehouse + kStockPerWarehouse +
         kDistrictsPerWarehouse * (1 + per_district);
}

}  // namespace tpcc
