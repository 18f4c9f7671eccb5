#include "report/views/format.hpp"

#include <cstdio>

namespace tpcc {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string fixed_or_dash(const std::optional<double>& v, int decimals) {
  return v ? fixed(*v, decimals) : std::string("-");
}

std::string format_ms(double micros) {
  const double ms = micros / 1000.0;
  if (ms < 10) return fixed(ms, 2) + "ms";
  if (ms < 1000) return fixed(ms, 1) + "ms";
  return fixed(ms, 0) + "ms";
}

std::string ms_value(double micros) {
  const double ms = micros / 1000.0;
  return fixed(ms, ms < 100 ? 2 : 1);
}

std::string format_rate(double per_second) {
  if (per_second == 0) return "0";
  return fixed(per_second, per_second < 10 ? 2 : 1);
}

double percent(std::int64_t part, std::int64_t whole) {
  return whole > 0 ? static_cast<double>(part) * 100.0 / static_cast<double>(whole) : 0.0;
}

std::string limit_text(double seconds) {
  const double whole = static_cast<double>(static_cast<long long>(seconds));
  return (whole == seconds ? fixed(seconds, 0) : fixed(seconds, 1)) + " s";
}

}  // namespace tpcc
