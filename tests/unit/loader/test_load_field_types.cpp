// Column values of the load as written to PostgreSQL: exact decimals from
// integer cents and ten-thousandths, NULLs, and escaping for COPY and INSERT.
#include <catch2/catch.hpp>

#include <string>
#include <tuple>

#include "loader/copy_format.hpp"
#include "loader/field_types.hpp"

using namespace tpcc;

namespace {

template <typename T>
std::string copy_text(const T& value) {
  std::string out;
  copy_format::copy_field(out, value);
  return out;
}

template <typename T>
std::string sql_text(const T& value) {
  std::string out;
  copy_format::sql_literal(out, value);
  return out;
}

}  // namespace

TEST_CASE("Money is written as a decimal with two places", "[load][field_types]") {
  CHECK(copy_text(Money{-1000}) == "-10.00");
  CHECK(copy_text(Money{5}) == "0.05");
  CHECK(copy_text(Money{0}) == "0.00");
  CHECK(copy_text(Money{-5}) == "-0.05");
  CHECK(copy_text(Money{100}) == "1.00");
  CHECK(copy_text(Money{999999}) == "9999.99");
  CHECK(copy_text(Money{30000000}) == "300000.00");
  CHECK(sql_text(Money{-1000}) == "-10.00");
  CHECK(sql_text(Money{5}) == "0.05");
}

TEST_CASE("Rate4 is written as a decimal with four places", "[load][field_types]") {
  CHECK(copy_text(Rate4{1234}) == "0.1234");
  CHECK(copy_text(Rate4{0}) == "0.0000");
  CHECK(copy_text(Rate4{5}) == "0.0005");
  CHECK(copy_text(Rate4{2000}) == "0.2000");
  CHECK(copy_text(Rate4{5000}) == "0.5000");
  CHECK(sql_text(Rate4{1234}) == "0.1234");
}

TEST_CASE("NULL values are backslash-N in COPY and null in INSERT", "[load][field_types]") {
  const std::string when = "2010-02-11 12:00:00";
  CHECK(copy_text(NullableInt{0, true}) == "\\N");
  CHECK(copy_text(NullableInt{7, false}) == "7");
  CHECK(copy_text(NullableTimestamp{}) == "\\N");
  CHECK(copy_text(NullableTimestamp{&when}) == when);
  CHECK(sql_text(NullableInt{0, true}) == "null");
  CHECK(sql_text(NullableInt{7, false}) == "7");
  CHECK(sql_text(NullableTimestamp{}) == "null");
  CHECK(sql_text(NullableTimestamp{&when}) == "'" + when + "'");
}

TEST_CASE("text is escaped for COPY and quoted for INSERT", "[load][field_types]") {
  CHECK(copy_text(std::string("abcXYZ019")) == "abcXYZ019");
  CHECK(copy_text(std::string("a\tb")) == "a\\011b");
  CHECK(copy_text(std::string("a\\b")) == "a\\134b");
  CHECK(copy_text(std::string("line\n")) == "line\\012");
  CHECK(sql_text(std::string("O'Brien")) == "'O''Brien'");
  CHECK(sql_text(std::string("")) == "''");
}

TEST_CASE("a row becomes one COPY line and one VALUES tuple", "[load][field_types]") {
  const std::string when = "2010-02-11 12:00:00";
  const auto fields = std::make_tuple(3, std::string("x'y"), Money{-1000}, NullableInt{0, true},
                                      NullableTimestamp{&when});
  std::string copy_line;
  copy_format::append_copy_row(copy_line, fields);
  CHECK(copy_line == "3\tx'y\t-10.00\t\\N\t2010-02-11 12:00:00\n");
  std::string values;
  copy_format::append_sql_row(values, fields);
  CHECK(values == "(3,'x''y',-10.00,null,'2010-02-11 12:00:00')");
}
