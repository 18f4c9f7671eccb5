// 2.7.2.3: the result file of deferred Delivery, delivery.csv in the result
// directory: for each Delivery the time it was queued, W_ID, O_CARRIER_ID,
// the time its execution completed, and for each of the ten districts the
// O_ID delivered or "skipped" when the district had no undelivered order.
#pragma once

#include <array>
#include <chrono>
#include <string>

#include "metrics/delivery.hpp"
#include "metrics/stats.hpp"
#include "spec/constants.hpp"

namespace tpcc {

std::string delivery_csv_header();
std::string delivery_csv_row(const DeliveryRecord& record);

// 2.7.2.2 / 5.2.5.3: at least 90% of deferred Deliveries complete within
// 80 seconds of being queued.
inline constexpr double kDeliveryCompletionLimitSeconds = 80;

// "Delivery (deferred, 2.7.2): 1234 completed, completion p50 ... p90 ...
// max ... (90% within 80 s: PASS); 4 not completed at the end"; empty when
// no Delivery was deferred.
std::string delivery_completion_text(const RunStats& stats);

}  // namespace tpcc
