// Numbers as result.json holds them.
#pragma once

#include <cmath>
#include <cstdint>

namespace tpcc {

// v rounded to `decimals` places; dividing by a power of ten keeps the
// printed JSON number short (9.024, not 9.024000000000001).
inline double round_to(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(v * scale) / scale;
}

// count per second of `seconds` (0 when none measured).
inline double per_second(std::int64_t count, double seconds) {
  return seconds > 0 ? static_cast<double>(count) / seconds : 0.0;
}

// Microseconds as milliseconds with three decimals.
inline double micros_as_ms(double micros) { return round_to(micros / 1000.0, 3); }

}  // namespace tpcc
