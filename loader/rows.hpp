// One struct per table of the initial population (4.3.3.1). Each knows its
// table, its column names and exposes its fields as a tuple of references,
// in column order, so that the writers need no per-table code.
#pragma once

#include <array>
#include <string>
#include <tuple>

#include "loader/field_types.hpp"

namespace tpcc {

struct ItemRow {
  static constexpr const char* kTable = "bmsql_item";
  static constexpr std::array<const char*, 5> kColumns = {"i_id", "i_name", "i_price", "i_data",
                                                          "i_im_id"};
  int i_id = 0;
  std::string i_name;
  Money i_price;
  std::string i_data;
  int i_im_id = 0;
  auto fields() const { return std::tie(i_id, i_name, i_price, i_data, i_im_id); }
};

struct WarehouseRow {
  static constexpr const char* kTable = "bmsql_warehouse";
  static constexpr std::array<const char*, 9> kColumns = {
      "w_id", "w_ytd", "w_tax", "w_name", "w_street_1", "w_street_2", "w_city", "w_state", "w_zip"};
  int w_id = 0;
  Money w_ytd;
  Rate4 w_tax;
  std::string w_name, w_street_1, w_street_2, w_city, w_state, w_zip;
  auto fields() const {
    return std::tie(w_id, w_ytd, w_tax, w_name, w_street_1, w_street_2, w_city, w_state, w_zip);
  }
};

struct DistrictRow {
  static constexpr const char* kTable = "bmsql_district";
  static constexpr std::array<const char*, 11> kColumns = {
      "d_w_id",     "d_id",       "d_ytd",  "d_tax",   "d_next_o_id", "d_name",
      "d_street_1", "d_street_2", "d_city", "d_state", "d_zip"};
  int d_w_id = 0, d_id = 0;
  Money d_ytd;
  Rate4 d_tax;
  int d_next_o_id = 0;
  std::string d_name, d_street_1, d_street_2, d_city, d_state, d_zip;
  auto fields() const {
    return std::tie(d_w_id, d_id, d_ytd, d_tax, d_next_o_id, d_name, d_street_1, d_street_2, d_city,
                    d_state, d_zip);
  }
};

struct StockRow {
  static constexpr const char* kTable = "bmsql_stock";
  static constexpr std::array<const char*, 17> kColumns = {
      "s_w_id",    "s_i_id",    "s_quantity", "s_ytd",     "s_order_cnt", "s_remote_cnt",
      "s_data",    "s_dist_01", "s_dist_02",  "s_dist_03", "s_dist_04",   "s_dist_05",
      "s_dist_06", "s_dist_07", "s_dist_08",  "s_dist_09", "s_dist_10"};
  int s_w_id = 0, s_i_id = 0, s_quantity = 0, s_ytd = 0, s_order_cnt = 0, s_remote_cnt = 0;
  std::string s_data;
  std::array<std::string, 10> s_dist;
  auto fields() const {
    return std::tie(s_w_id, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt, s_data, s_dist[0],
                    s_dist[1], s_dist[2], s_dist[3], s_dist[4], s_dist[5], s_dist[6], s_dist[7],
                    s_dist[8], s_dist[9]);
  }
};

struct CustomerRow {
  static constexpr const char* kTable = "bmsql_customer";
  static constexpr std::array<const char*, 21> kColumns = {
      "c_w_id",     "c_d_id",       "c_id",      "c_discount",    "c_credit",      "c_last",
      "c_first",    "c_credit_lim", "c_balance", "c_ytd_payment", "c_payment_cnt", "c_delivery_cnt",
      "c_street_1", "c_street_2",   "c_city",    "c_state",       "c_zip",         "c_phone",
      "c_since",    "c_middle",     "c_data"};
  int c_w_id = 0, c_d_id = 0, c_id = 0;
  Rate4 c_discount;
  std::string c_credit, c_last, c_first;
  Money c_credit_lim, c_balance, c_ytd_payment;
  int c_payment_cnt = 0, c_delivery_cnt = 0;
  std::string c_street_1, c_street_2, c_city, c_state, c_zip, c_phone;
  NullableTimestamp c_since;
  std::string c_middle, c_data;
  auto fields() const {
    return std::tie(c_w_id, c_d_id, c_id, c_discount, c_credit, c_last, c_first, c_credit_lim,
                    c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_street_1, c_street_2,
                    c_city, c_state, c_zip, c_phone, c_since, c_middle, c_data);
  }
};

struct HistoryRow {
  static constexpr const char* kTable = "bmsql_history";
  static constexpr std::array<const char*, 9> kColumns = {"hist_id",  "h_c_id",   "h_c_d_id",
                                                          "h_c_w_id", "h_d_id",   "h_w_id",
                                                          "h_date",   "h_amount", "h_data"};
  int hist_id = 0, h_c_id = 0, h_c_d_id = 0, h_c_w_id = 0, h_d_id = 0, h_w_id = 0;
  NullableTimestamp h_date;
  Money h_amount;
  std::string h_data;
  auto fields() const {
    return std::tie(hist_id, h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data);
  }
};

struct OrderRow {
  static constexpr const char* kTable = "bmsql_oorder";
  static constexpr std::array<const char*, 8> kColumns = {
      "o_w_id", "o_d_id", "o_id", "o_c_id", "o_carrier_id", "o_ol_cnt", "o_all_local", "o_entry_d"};
  int o_w_id = 0, o_d_id = 0, o_id = 0, o_c_id = 0;
  NullableInt o_carrier_id;
  int o_ol_cnt = 0, o_all_local = 0;
  NullableTimestamp o_entry_d;
  auto fields() const {
    return std::tie(o_w_id, o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local, o_entry_d);
  }
};

struct NewOrderRow {
  static constexpr const char* kTable = "bmsql_new_order";
  static constexpr std::array<const char*, 3> kColumns = {"no_w_id", "no_d_id", "no_o_id"};
  int no_w_id = 0, no_d_id = 0, no_o_id = 0;
  auto fields() const { return std::tie(no_w_id, no_d_id, no_o_id); }
};

struct OrderLineRow {
  static constexpr const char* kTable = "bmsql_order_line";
  static constexpr std::array<const char*, 10> kColumns = {
      "ol_w_id",       "ol_d_id",   "ol_o_id",        "ol_number",   "ol_i_id",
      "ol_delivery_d", "ol_amount", "ol_supply_w_id", "ol_quantity", "ol_dist_info"};
  int ol_w_id = 0, ol_d_id = 0, ol_o_id = 0, ol_number = 0, ol_i_id = 0;
  NullableTimestamp ol_delivery_d;
  Money ol_amount;
  int ol_supply_w_id = 0, ol_quantity = 0;
  std::string ol_dist_info;
  auto fields() const {
    return std::tie(ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_delivery_d, ol_amount,
                    ol_supply_w_id, ol_quantity, ol_dist_info);
  }
};

}  // namespace tpcc
