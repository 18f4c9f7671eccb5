#include "terminal/engine/ramp.hpp"

#include <algorithm>
#include <cmath>

namespace tpcc {

double terminal_start_seconds(int index, int terminals, double ramp_seconds) {
  if (ramp_seconds <= 0 || terminals <= 0) return 0;
  return ramp_seconds * index / terminals;
}

int started_terminals(double elapsed_seconds, int terminals, double ramp_seconds) {
  if (terminals <= 0) return 0;
  if (ramp_seconds <= 0) return terminals;
  if (elapsed_seconds < 0) return 0;
  // A first guess from the inverse, then settled against the start times
  // themselves, so the count never disagrees with terminal_start_seconds by
  // a rounding.
  const double guess = std::floor(elapsed_seconds * terminals / ramp_seconds) + 1;
  int n = static_cast<int>(std::clamp(guess, 0.0, static_cast<double>(terminals)));
  while (n > 0 && terminal_start_seconds(n - 1, terminals, ramp_seconds) > elapsed_seconds) --n;
  while (n < terminals && terminal_start_seconds(n, terminals, ramp_seconds) <= elapsed_seconds) {
    ++n;
  }
  return n;
}

}  // namespace tpcc
