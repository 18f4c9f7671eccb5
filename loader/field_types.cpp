#include "loader/field_types.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace tpcc {
namespace {

// Formats |value| / 10^scale with exactly `scale` decimals, sign in front.
std::string format_fixed(std::int64_t value, int scale, std::int64_t unit) {
  const bool negative = value < 0;
  const std::uint64_t magnitude =
      negative ? static_cast<std::uint64_t>(-value) : static_cast<std::uint64_t>(value);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s%llu.%0*llu", negative ? "-" : "",
                static_cast<unsigned long long>(magnitude / static_cast<std::uint64_t>(unit)), scale,
                static_cast<unsigned long long>(magnitude % static_cast<std::uint64_t>(unit)));
  return buf;
}

std::int64_t parse_fixed(const char* str, std::int64_t unit) {
  return static_cast<std::int64_t>(std::llround(std::strtod(str, nullptr) * static_cast<double>(unit)));
}

}  // namespace

std::string format_money(Money m) { return format_fixed(m.cents, 2, 100); }
std::string format_rate4(Rate4 r) { return format_fixed(r.ten_thousandths, 4, 10000); }

}  // namespace tpcc

namespace pqxx {

void string_traits<tpcc::Money>::from_string(const char* str, tpcc::Money& obj) {
  obj.cents = tpcc::parse_fixed(str, 100);
}

void string_traits<tpcc::Rate4>::from_string(const char* str, tpcc::Rate4& obj) {
  obj.ten_thousandths = static_cast<int>(tpcc::parse_fixed(str, 10000));
}

}  // namespace pqxx
