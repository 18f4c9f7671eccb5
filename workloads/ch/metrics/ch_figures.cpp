#include "workloads/ch/metrics/ch_figures.hpp"

namespace tpcc {

double ch_qphh(std::int64_t queries, double seconds) {
  constexpr double kSecondsPerHour = 3600;
  return seconds > 0 ? static_cast<double>(queries) * kSecondsPerHour / seconds : 0;
}

}  // namespace tpcc
