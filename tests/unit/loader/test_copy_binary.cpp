// The bytes of binary COPY: the header and trailer, int4, NULL, text, and the
// numeric and timestamp forms the server's receive functions take. Their
// equality with the text load in the database is tests/pg/test_prepare.cpp's.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "loader/copy_binary.hpp"
#include "loader/rows.hpp"

using namespace tpcc;

namespace {

std::string bytes(std::initializer_list<int> values) {
  std::string out;
  for (int v : values) out += static_cast<char>(v);
  return out;
}

std::string numeric(std::int64_t value, int scale) {
  std::string out;
  copy_binary::append_numeric(out, value, scale);
  return out;
}

}  // namespace

TEST_CASE("binary COPY header is PGCOPY, no flags, no extension, and -1 ends the data",
          "[load][format]") {
  const std::string header(copy_binary::kHeader, sizeof copy_binary::kHeader);
  CHECK(header == std::string("PGCOPY\n\xff\r\n", 10) + bytes({0, 0, 0, 0, 0, 0, 0, 0, 0}));
  CHECK(std::string(copy_binary::kTrailer, 2) == bytes({0xff, 0xff}));
}

TEST_CASE("binary COPY row: field count, then length and big-endian value, -1 for NULL",
          "[load][format]") {
  OrderRow row;
  row.o_w_id = 1;
  row.o_d_id = 258;  // 0x0102
  row.o_id = -2;
  row.o_c_id = 7;
  row.o_carrier_id = NullableInt{0, true};
  row.o_ol_cnt = 5;
  row.o_all_local = 1;
  std::string out;
  copy_binary::BinaryRowEncoder().append_row(out, row.fields());
  CHECK(out == bytes({0,    8,                                         // 8 fields
                      0,    0,    0,    4,    0,    0,    0,    1,     // o_w_id 1
                      0,    0,    0,    4,    0,    0,    1,    2,     // o_d_id 258
                      0,    0,    0,    4,    0xff, 0xff, 0xff, 0xfe,  // o_id -2
                      0,    0,    0,    4,    0,    0,    0,    7,     // o_c_id
                      0xff, 0xff, 0xff, 0xff,                          // o_carrier_id NULL
                      0,    0,    0,    4,    0,    0,    0,    5,     // o_ol_cnt
                      0,    0,    0,    4,    0,    0,    0,    1,     // o_all_local
                      0xff, 0xff, 0xff, 0xff}));                       // o_entry_d NULL

  std::string text;
  copy_binary::append_bytes(text, "OE");
  CHECK(text == bytes({0, 0, 0, 2, 'O', 'E'}));
}

TEST_CASE("binary numeric: base-10000 digits, weight, sign and the column's scale",
          "[load][format]") {
  // ndigits, weight, sign, dscale, digits (int16 each), after an int32 length.
  CHECK(numeric(0, 2) == bytes({0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 2}));
  // 300000.00 = 30 * 10000^1 (+ 0 * 10000^0, a trailing zero left out)
  CHECK(numeric(30000000, 2) == bytes({0, 0, 0, 10, 0, 1, 0, 1, 0, 0, 0, 2, 0, 30}));
  // -10.00: sign 0x4000
  CHECK(numeric(-1000, 2) == bytes({0, 0, 0, 10, 0, 1, 0, 0, 0x40, 0, 0, 2, 0, 10}));
  // 9999.99 = 9999 + 9900 * 10000^-1
  CHECK(numeric(999999, 2) == bytes({0, 0, 0, 12, 0, 2, 0, 0, 0, 0, 0, 2, 0x27, 0x0f, 0x26, 0xac}));
  // 0.05 = 500 * 10000^-1: weight -1
  CHECK(numeric(5, 2) == bytes({0, 0, 0, 10, 0, 1, 0xff, 0xff, 0, 0, 0, 2, 0x01, 0xf4}));
  // 0.1234, a rate of scale 4
  CHECK(numeric(1234, 4) == bytes({0, 0, 0, 10, 0, 1, 0xff, 0xff, 0, 0, 0, 4, 0x04, 0xd2}));
  // 12345678.90 = 1234 * 10000 + 5678 + 9000 * 10000^-1
  CHECK(numeric(1234567890, 2) ==
        bytes({0, 0, 0, 14, 0, 3, 0, 1, 0, 0, 0, 2, 0x04, 0xd2, 0x16, 0x2e, 0x23, 0x28}));
}

TEST_CASE("binary timestamp: microseconds since 2000-01-01, from the load time's text",
          "[load][format]") {
  CHECK(copy_binary::timestamp_microseconds("2000-01-01 00:00:00") == 0);
  CHECK(copy_binary::timestamp_microseconds("2000-01-02 00:00:01") == 86401000000LL);
  CHECK(copy_binary::timestamp_microseconds("1999-12-31 23:59:59") == -1000000LL);
  // 2026-03-01: 9556 days after 2000-01-01 (26 years, 7 of them leap, plus Jan and Feb 2026).
  CHECK(copy_binary::timestamp_microseconds("2026-03-01 12:34:56") ==
        ((9556LL * 24 + 12) * 3600 + 34 * 60 + 56) * 1000000LL);
  // 2024 is a leap year: 2024-03-01 follows 2024-02-29.
  CHECK(copy_binary::timestamp_microseconds("2024-03-01 00:00:00") -
            copy_binary::timestamp_microseconds("2024-02-28 00:00:00") ==
        2 * 86400000000LL);
  CHECK_THROWS_AS(copy_binary::timestamp_microseconds("2026-01-01"), std::invalid_argument);
  CHECK_THROWS_AS(copy_binary::timestamp_microseconds("2026-13-01 00:00:00"),
                  std::invalid_argument);
  CHECK_THROWS_AS(copy_binary::timestamp_microseconds("2026-01-01 00:00:00.5"),
                  std::invalid_argument);
}
