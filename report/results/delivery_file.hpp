// 2.7.2.3: the result file of deferred Delivery, delivery.csv in the result
// directory: for each Delivery the time it was queued, W_ID, O_CARRIER_ID,
// the time its execution completed, and for each of the ten districts the
// O_ID delivered or "skipped" when the district had no undelivered order.
#pragma once

#include <array>
#include <chrono>
#include <string>

#include "metrics/delivery.hpp"
#include "metrics/delivery_completion.hpp"
#include "metrics/stats.hpp"
#include "spec/constants.hpp"

namespace tpcc {

std::string delivery_csv_header();
std::string delivery_csv_row(const DeliveryRecord& record);

// "Delivery (deferred, 2.7.2): 1234 completed, completion p50 ... p90 ...
// max ... (90% within 80 s: PASS); 4 not completed at the end"; empty when
// no Delivery was deferred. The verdict is delivery_completion()'s, which
// counts those not completed as late.
std::string delivery_completion_text(const RunStats& stats);

// 2.7.4.2: "Delivery skipped districts (2.7.4.2): 3 of 412 Deliveries
// (0.73%) skipped a district, 3 of 4120 districts (0.07%); within 1% or
// one: no report required"; empty when no Delivery completed.
std::string skipped_districts_text(const RunStats& stats);

}  // namespace tpcc
