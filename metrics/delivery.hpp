// 2.7.2.3: what the kit records of each deferred Delivery: when it was
// queued and completed, W_ID, O_CARRIER_ID, and the O_ID delivered in each
// of the ten districts. Written to delivery.csv by report/results.
#pragma once

#include <array>
#include <chrono>
#include <string>

#include "spec/constants.hpp"

namespace tpcc {

struct DeliveryRecord {
  std::chrono::system_clock::time_point queued_at;
  std::chrono::system_clock::time_point completed_at;  // when outcome is completed
  int w_id = 0;
  int carrier_id = 0;
  std::array<int, kDistrictsPerWarehouse> o_id{};  // 0: skipped
  // "completed"; "error: <message>"; "unfinished" (cancelled at the end);
  // "not started" (still queued when the run ended).
  std::string outcome;
};

}  // namespace tpcc
