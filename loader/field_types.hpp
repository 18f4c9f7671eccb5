// Column value types of the generated rows that libpqxx does not know:
// exact decimals held as integers, and a timestamp that may be NULL. Their
// string_traits let both writers (COPY and INSERT) format them.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>

#include <pqxx/strconv>

namespace tpcc {

// decimal(N,2): an amount in cents.
struct Money {
  std::int64_t cents = 0;
};

// decimal(4,4): a rate in ten-thousandths (W_TAX, D_TAX, C_DISCOUNT).
struct Rate4 {
  int ten_thousandths = 0;
};

// timestamp text or NULL (null_value == true).
struct NullableTimestamp {
  const std::string* text = nullptr;  // points at the load's timestamp text
  bool is_null() const { return text == nullptr; }
};

// integer or NULL.
struct NullableInt {
  int value = 0;
  bool null_value = false;
};

std::string format_money(Money m);
std::string format_rate4(Rate4 r);

}  // namespace tpcc

namespace pqxx {

template <>
struct string_traits<tpcc::Money> {
  static constexpr const char* name() noexcept { return "tpcc::Money"; }
  static constexpr bool has_null() noexcept { return false; }
  static bool is_null(const tpcc::Money&) { return false; }
  [[noreturn]] static tpcc::Money null() { internal::throw_null_conversion(name()); }
  static void from_string(const char* str, tpcc::Money& obj);
  static std::string to_string(const tpcc::Money& obj) { return tpcc::format_money(obj); }
};

template <>
struct string_traits<tpcc::Rate4> {
  static constexpr const char* name() noexcept { return "tpcc::Rate4"; }
  static constexpr bool has_null() noexcept { return false; }
  static bool is_null(const tpcc::Rate4&) { return false; }
  [[noreturn]] static tpcc::Rate4 null() { internal::throw_null_conversion(name()); }
  static void from_string(const char* str, tpcc::Rate4& obj);
  static std::string to_string(const tpcc::Rate4& obj) { return tpcc::format_rate4(obj); }
};

template <>
struct string_traits<tpcc::NullableTimestamp> {
  static constexpr const char* name() noexcept { return "tpcc::NullableTimestamp"; }
  static constexpr bool has_null() noexcept { return true; }
  static bool is_null(const tpcc::NullableTimestamp& t) { return t.is_null(); }
  static tpcc::NullableTimestamp null() { return {}; }
  [[noreturn]] static void from_string(const char*, tpcc::NullableTimestamp&) {
    throw std::logic_error("NullableTimestamp is write-only");
  }
  static std::string to_string(const tpcc::NullableTimestamp& t) { return *t.text; }
};

template <>
struct string_traits<tpcc::NullableInt> {
  static constexpr const char* name() noexcept { return "tpcc::NullableInt"; }
  static constexpr bool has_null() noexcept { return true; }
  static bool is_null(const tpcc::NullableInt& v) { return v.null_value; }
  static tpcc::NullableInt null() { return {0, true}; }
  static void from_string(const char* str, tpcc::NullableInt& obj) {
    obj = {std::atoi(str), false};
  }
  static std::string to_string(const tpcc::NullableInt& v) { return std::to_string(v.value); }
};

}  // namespace pqxx
