// The text the loader sends: COPY rows and INSERT literals.
#include <catch2/catch.hpp>

#include "loader/copy_format.hpp"
#include "loader/rows.hpp"

using namespace tpcc;

TEST_CASE("COPY row: tab separated, backslash-N for NULL, exact decimals", "[load][format]") {
  const std::string time = "2026-01-02 03:04:05";
  OrderLineRow row;
  row.ol_w_id = 1;
  row.ol_d_id = 2;
  row.ol_o_id = 2101;
  row.ol_number = 3;
  row.ol_i_id = 99999;
  row.ol_amount = Money{999999};
  row.ol_supply_w_id = 1;
  row.ol_quantity = 5;
  row.ol_dist_info = "abcdefghijklmnopqrstuvwx";
  std::string out;
  copy_format::append_copy_row(out, row.fields());
  CHECK(out == "1\t2\t2101\t3\t99999\t\\N\t9999.99\t1\t5\tabcdefghijklmnopqrstuvwx\n");

  row.ol_delivery_d = NullableTimestamp{&time};
  row.ol_amount = Money{0};
  out.clear();
  copy_format::append_copy_row(out, row.fields());
  CHECK(out == "1\t2\t2101\t3\t99999\t2026-01-02 03:04:05\t0.00\t1\t5\tabcdefghijklmnopqrstuvwx\n");
}

TEST_CASE("COPY text escapes tab, newline and backslash", "[load][format]") {
  std::string out;
  copy_format::append_copy_text(out, "a\tb\nc\\d");
  CHECK(out == "a\\011b\\012c\\134d");
}

TEST_CASE("decimals keep their sign and leading zeros", "[load][format]") {
  CHECK(format_money(Money{-1000}) == "-10.00");
  CHECK(format_money(Money{5}) == "0.05");
  CHECK(format_money(Money{30000000}) == "300000.00");
  CHECK(format_rate4(Rate4{1234}) == "0.1234");
  CHECK(format_rate4(Rate4{5}) == "0.0005");
}

TEST_CASE("INSERT literals quote text and write NULL", "[load][format]") {
  NewOrderRow no;
  no.no_w_id = 3;
  no.no_d_id = 4;
  no.no_o_id = 2500;
  std::string out;
  copy_format::append_sql_row(out, no.fields());
  CHECK(out == "(3,4,2500)");

  OrderRow order;
  order.o_carrier_id = NullableInt{0, true};
  out.clear();
  copy_format::append_sql_row(out, order.fields());
  CHECK(out == "(0,0,0,0,null,0,0,null)");

  out.clear();
  copy_format::append_sql_string(out, "O'Brien");
  CHECK(out == "'O''Brien'");
}
