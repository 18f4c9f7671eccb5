#include "loader/copy_binary.hpp"

#include <cstdio>
#include <stdexcept>

namespace tpcc::copy_binary {
namespace {

// Days from 1970-01-01 to a date of the proleptic Gregorian calendar
// (H. Hinnant's days_from_civil).
std::int64_t days_from_civil(std::int64_t y, int m, int d) {
  y -= m <= 2 ? 1 : 0;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t year_of_era = y - era * 400;
  const std::int64_t day_of_year = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const std::int64_t day_of_era =
      year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

}  // namespace

std::int64_t timestamp_microseconds(const std::string& text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, consumed = 0;
  const int fields = std::sscanf(text.c_str(), "%4d-%2d-%2d %2d:%2d:%2d%n", &year, &month, &day,
                                 &hour, &minute, &second, &consumed);
  if (fields != 6 || static_cast<std::size_t>(consumed) != text.size() || month < 1 || month > 12 ||
      day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    throw std::invalid_argument("timestamp '" + text + "' is not YYYY-MM-DD HH:MM:SS");
  }
  constexpr std::int64_t kPostgresEpochDays = 10957;  // 2000-01-01 from 1970-01-01
  const std::int64_t days = days_from_civil(year, month, day) - kPostgresEpochDays;
  return ((days * 24 + hour) * 60 + minute) * 60 * 1000000LL + second * 1000000LL;
}

}  // namespace tpcc::copy_binary
