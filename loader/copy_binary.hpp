// Rows in COPY's binary format ("PGCOPY"), appended to a reused buffer. The
// server then runs each type's receive function instead of its text input
// function: numeric_recv takes base-10000 digits where numeric_in parses
// decimal text, timestamp_recv takes microseconds where timestamp_in parses
// a date, and no line is split on tabs or unescaped. The rows stored are the
// same as with COPY text (tests/pg/test_prepare.cpp compares both loads).
#pragma once

#include <cstdint>
#include <string>
#include <tuple>

#include "loader/field_types.hpp"

namespace tpcc::copy_binary {

// Signature, flags (no OIDs), header extension length: 19 bytes.
inline constexpr char kHeader[19] = {'P',  'G', 'C', 'O', 'P', 'Y', '\n', '\377', '\r', '\n',
                                     '\0', 0,   0,   0,   0,   0,   0,    0,      0};
// A field count of -1 ends the data.
inline constexpr char kTrailer[2] = {'\xff', '\xff'};

template <typename Int>
void append_big_endian(std::string& out, Int value) {
  auto bits = static_cast<std::uint64_t>(value);
  char bytes[sizeof(Int)];
  for (int i = static_cast<int>(sizeof(Int)) - 1; i >= 0; --i, bits >>= 8) {
    bytes[i] = static_cast<char>(bits & 0xff);
  }
  out.append(bytes, sizeof(Int));
}

inline void append_null(std::string& out) { append_big_endian<std::int32_t>(out, -1); }

inline void append_int4(std::string& out, int value) {
  append_big_endian<std::int32_t>(out, 4);
  append_big_endian<std::int32_t>(out, value);
}

inline void append_bytes(std::string& out, const std::string& text) {
  append_big_endian<std::int32_t>(out, static_cast<std::int32_t>(text.size()));
  out += text;
}

// numeric_recv's input: ndigits, weight, sign, dscale (int16 each), then
// ndigits base-10000 digits, most significant first; the value is
// sum(digit[i] * 10000^(weight - i)). value / 10^scale, scale 0..4.
inline void append_numeric(std::string& out, std::int64_t value, int scale) {
  constexpr std::uint16_t kPositive = 0x0000, kNegative = 0x4000;
  const bool negative = value < 0;
  auto units = negative ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  for (int i = scale; i < 4; ++i) units *= 10;  // now in 10^-4, one base-10000 fraction digit
  std::uint16_t whole_digits[5];                // least significant first
  int whole_count = 0;
  for (std::uint64_t whole = units / 10000; whole > 0; whole /= 10000) {
    whole_digits[whole_count++] = static_cast<std::uint16_t>(whole % 10000);
  }
  std::uint16_t digits[6];
  int count = 0;
  for (int i = whole_count - 1; i >= 0; --i) digits[count++] = whole_digits[i];
  digits[count++] = static_cast<std::uint16_t>(units % 10000);
  while (count > 0 && digits[count - 1] == 0) --count;  // trailing zero digits say nothing
  const bool zero = count == 0;
  append_big_endian<std::int32_t>(out, 8 + 2 * count);
  append_big_endian<std::int16_t>(out, static_cast<std::int16_t>(count));
  append_big_endian<std::int16_t>(out, static_cast<std::int16_t>(zero ? 0 : whole_count - 1));
  append_big_endian<std::uint16_t>(out, negative && !zero ? kNegative : kPositive);
  append_big_endian<std::int16_t>(out, static_cast<std::int16_t>(scale));
  for (int i = 0; i < count; ++i) append_big_endian<std::uint16_t>(out, digits[i]);
}

// Microseconds since 2000-01-01 00:00:00 (PostgreSQL's timestamp epoch) of
// "YYYY-MM-DD HH:MM:SS", the load time's text; throws std::invalid_argument
// for any other text.
std::int64_t timestamp_microseconds(const std::string& text);

inline void append_timestamp(std::string& out, std::int64_t microseconds) {
  append_big_endian<std::int32_t>(out, 8);
  append_big_endian<std::int64_t>(out, microseconds);
}

// Writes rows; remembers the last timestamp's value (every timestamp of a
// load is the load time), so that its text is converted once.
class BinaryRowEncoder {
 public:
  template <typename Fields>
  void append_row(std::string& out, const Fields& fields) {
    append_big_endian<std::int16_t>(out, static_cast<std::int16_t>(std::tuple_size_v<Fields>));
    std::apply([&](const auto&... f) { (field(out, f), ...); }, fields);
  }

 private:
  void field(std::string& out, int v) { append_int4(out, v); }
  void field(std::string& out, const std::string& v) { append_bytes(out, v); }
  void field(std::string& out, Money v) { append_numeric(out, v.cents, 2); }
  void field(std::string& out, Rate4 v) { append_numeric(out, v.ten_thousandths, 4); }
  void field(std::string& out, const NullableInt& v) {
    if (v.null_value)
      append_null(out);
    else
      append_int4(out, v.value);
  }
  void field(std::string& out, const NullableTimestamp& v) {
    if (v.is_null()) return append_null(out);
    if (*v.text != timestamp_text_) {
      timestamp_microseconds_ = timestamp_microseconds(*v.text);
      timestamp_text_ = *v.text;
    }
    append_timestamp(out, timestamp_microseconds_);
  }

  std::string timestamp_text_;
  std::int64_t timestamp_microseconds_ = 0;
};

}  // namespace tpcc::copy_binary
