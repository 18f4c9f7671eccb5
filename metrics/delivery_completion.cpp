#include "metrics/delivery_completion.hpp"

namespace tpcc {

bool DeliveryCompletion::within_limit() const {
  return judged() && reached && p90_micros <= kDeliveryCompletionLimitSeconds * 1e6;
}

DeliveryCompletion delivery_completion(const RunStats& stats) {
  const LatencyHistogram& h = stats.delivery_completion;
  DeliveryCompletion c;
  c.completed = h.count();
  c.not_completed = stats.deliveries_not_completed;
  c.queued = c.completed + c.not_completed;
  if (c.queued == 0) return c;
  // The ones not completed rank above every completed one.
  c.reached =
      percentile_with_failures(h, c.not_completed, kDeliveryCompletionPercent, &c.p90_micros);
  return c;
}

}  // namespace tpcc
