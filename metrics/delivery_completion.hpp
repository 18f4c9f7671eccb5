// 2.7.2.2: at least 90% of the deferred Deliveries complete within 80 s of
// being queued. One reading for every place that shows it (the run rules,
// the summary's and report.html's Delivery line, result.json): the
// Deliveries queued in the measured interval that never completed count as
// later than the limit, so a backlog left at the end cannot pass.
#pragma once

#include <cstdint>

#include "metrics/stats.hpp"

namespace tpcc {

inline constexpr double kDeliveryCompletionLimitSeconds = 80;
inline constexpr double kDeliveryCompletionPercent = 90;

struct DeliveryCompletion {
  std::int64_t queued = 0;  // completed + not completed
  std::int64_t completed = 0;
  std::int64_t not_completed = 0;
  // The 90th percentile completion time over every queued Delivery, in
  // microseconds; meaningful only when reached (90% of them completed).
  bool reached = false;
  double p90_micros = 0;
  bool judged() const { return queued > 0; }
  // 90% completed, and the 90th percentile within 80 s.
  bool within_limit() const;
};

// Empty (not judged) with --delivery sync.
DeliveryCompletion delivery_completion(const RunStats& stats);

}  // namespace tpcc
