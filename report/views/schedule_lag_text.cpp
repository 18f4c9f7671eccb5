#include "report/views/schedule_lag_text.hpp"

#include "report/views/format.hpp"

namespace tpcc {

std::string schedule_lag_text(const RunStats& stats) {
  const LatencyHistogram lag = schedule_lag_all(stats);
  if (lag.count() == 0) return {};
  return "p50 " + fixed(lag.percentile(50) / 1000.0, 3) + " ms, p99 " +
         fixed(lag.percentile(99) / 1000.0, 3) + " ms, max " +
         fixed(static_cast<double>(lag.max()) / 1000.0, 3) + " ms";
}

}  // namespace tpcc
