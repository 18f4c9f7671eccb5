// 2.7.2 deferred Delivery: a terminal's Delivery is queued, and its
// response is the acknowledgment of the queueing; delivery workers
// (--delivery-workers, connections of their own the engine runs as
// background workers) take the requests in order and execute each as a
// database transaction of its own, recording its completion
// (metrics/delivery.hpp, WorkerStats::record_delivery_execution).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "config/config.hpp"
#include "metrics/delivery.hpp"
#include "terminal/engine/background.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/queue.hpp"
#include "terminal/engine/transaction.hpp"
#include "workloads/tpcc/delivery.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {

struct DeliveryRequest {
  DeliveryInput input;                                // 2.7.1 drawn by the terminal
  TpccTerminal context;                               // the terminal's isolation and mode
  Clock::time_point queued;                           // completion times count from here
  std::chrono::system_clock::time_point queued_wall;  // 2.7.2.3 for the result file
};

using DeliveryQueue = ClosableQueue<DeliveryRequest>;

// Receives each Delivery's record as it ends (from the delivery workers'
// threads, and from the engine's for those never started); must be
// thread-safe.
using DeliverySink = std::function<void(const DeliveryRecord&)>;

// Deferred Deliveries queued at most, per terminal: a terminal that finds
// the queue full waits for room (and its Delivery's response time shows
// it), so unpaced terminals cannot grow the queue without bound while the
// delivery workers fall behind.
inline constexpr std::size_t kQueuedDeliveriesPerTerminal = 10;

// The record of a request that ended with `result` (output: what it
// delivered), at completed_wall.
DeliveryRecord delivery_record(const DeliveryRequest& request, const TxnResult& result,
                               const DeliveryOutput& output,
                               std::chrono::system_clock::time_point completed_wall);

// The primary's terminals' Deliveries under --delivery deferred.
class DeferredDeliveries : public BackgroundWork {
 public:
  // config: the primary's (terminals, --delivery-workers, whether terminals
  // keep their home warehouse); sink: optional, each Delivery's record.
  DeferredDeliveries(const Config& config, DeliverySink sink);

  int workers() const override { return workers_; }
  std::string worker_name(int k) const override;
  std::optional<TxnResult> hand_off(TxnIndex type, VirtualTerminal& terminal) override;
  std::optional<BackgroundJob> next() override;
  void close() override { queue_.close(); }
  void abandon_remaining(const RunPhases& phases, RunStats& measured) override;

 private:
  int workers_;
  bool warehouse_fixed_;
  DeliverySink sink_;
  DeliveryQueue queue_;
};

}  // namespace tpcc
