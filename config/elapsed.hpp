// Seconds on the steady clock since `start`: how long a step (a load, a
// copy, a restore, a conditioning step) took, for the line that reports it.
#pragma once

#include <chrono>

namespace tpcc {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace tpcc
