#include "config/local_time.hpp"

#include <cstdio>

namespace tpcc {

std::string format_local_time(std::time_t t, const char* format) {
  std::tm local{};
  localtime_r(&t, &local);
  char text[64];
  const std::size_t n = std::strftime(text, sizeof text, format, &local);
  return std::string(text, n);
}

std::string format_utc_ms(std::int64_t ms_since_epoch) {
  const std::time_t seconds = static_cast<std::time_t>(ms_since_epoch / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[64];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  char millis[8];
  std::snprintf(millis, sizeof millis, ".%03dZ", static_cast<int>(ms_since_epoch % 1000));
  return std::string(text, n) + millis;
}

}  // namespace tpcc
