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

// Microseconds as milliseconds with three decimals.
inline double micros_as_ms(double micros) { return round_to(micros / 1000.0, 3); }

}  // namespace tpcc
