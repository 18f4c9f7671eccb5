// 2.7.2 deferred Delivery: a terminal's Delivery is queued, and its
// response is the acknowledgment of the queueing; delivery workers (the
// engine's, --delivery-workers) take the requests in order and execute each
// as a database transaction of its own, recording its completion
// (metrics/delivery.hpp, WorkerStats::record_delivery_execution).
#pragma once

#include <chrono>
#include <functional>

#include "metrics/delivery.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/queue.hpp"
#include "terminal/transactions/delivery.hpp"
#include "terminal/transactions/transaction.hpp"

namespace tpcc {

struct DeliveryRequest {
  DeliveryInput input;                                // 2.7.1 drawn by the terminal
  TerminalContext context;                            // the terminal's isolation and mode
  Clock::time_point queued;                           // completion times count from here
  std::chrono::system_clock::time_point queued_wall;  // 2.7.2.3 for the result file
};

using DeliveryQueue = ClosableQueue<DeliveryRequest>;

// Receives each Delivery's record as it ends (from the delivery workers'
// threads, and from the engine for those never started); must be thread-safe.
using DeliverySink = std::function<void(const DeliveryRecord&)>;

// The record of a request that ended with `result` (output: what it
// delivered), at completed_wall.
DeliveryRecord delivery_record(const DeliveryRequest& request, const TxnResult& result,
                               const DeliveryOutput& output,
                               std::chrono::system_clock::time_point completed_wall);

}  // namespace tpcc
