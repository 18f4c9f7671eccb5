// Numbers as result.json holds them.
#pragma once

#include <cmath>

namespace tpcc {

// v rounded to `decimals` places; dividing by a power of ten keeps the
// printed JSON number short (9.024, not 9.024000000000001).
inline double round_to(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(v * scale) / scale;
}

}  // namespace tpcc
