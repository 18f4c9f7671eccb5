#include "workloads/tpcc/deferred_delivery.hpp"

#include <memory>
#include <utility>

#include "metrics/stats.hpp"
#include "terminal/engine/worker.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/tpcc_workload.hpp"

namespace tpcc {

DeliveryRecord delivery_record(const DeliveryRequest& request, const TxnResult& result,
                               const DeliveryOutput& output,
                               std::chrono::system_clock::time_point completed_wall) {
  DeliveryRecord record;
  record.queued_at = request.queued_wall;
  record.completed_at = completed_wall;
  record.w_id = request.input.w_id;
  record.carrier_id = request.input.carrier_id;
  switch (result.outcome) {
    case Outcome::Committed:
    case Outcome::RolledBack:
      record.outcome = "completed";
      record.o_id = output.o_id;
      break;
    case Outcome::Error: record.outcome = "error: " + result.error; break;
    case Outcome::Unfinished: record.outcome = "unfinished"; break;
  }
  return record;
}

DeferredDeliveries::DeferredDeliveries(const Config& config, DeliverySink sink)
    : workers_(config.delivery_workers),
      warehouse_fixed_(config.terminal_warehouse_fixed),
      sink_(std::move(sink)),
      queue_(kQueuedDeliveriesPerTerminal * static_cast<std::size_t>(config.terminals)) {}

std::string DeferredDeliveries::worker_name(int k) const {
  return "delivery worker " + std::to_string(k);
}

std::optional<TxnResult> DeferredDeliveries::hand_off(TxnIndex type, VirtualTerminal& terminal) {
  if (type != kDelivery) return std::nullopt;
  const TpccTerminal context = transaction_context(terminal, warehouse_fixed_);
  DeliveryRequest request;
  request.input = generate_delivery(terminal.rng, context);
  request.context = context;
  request.queued = Clock::now();
  request.queued_wall = std::chrono::system_clock::now();
  TxnResult result;
  // A closed queue means the run has ended: the request is not taken, and
  // the transaction falls after the end, where nothing is counted.
  if (!queue_.push(std::move(request))) {
    result.outcome = Outcome::Error;
    result.error = "the run ended before the Delivery was queued";
  }
  return result;
}

std::optional<BackgroundJob> DeferredDeliveries::next() {
  std::optional<DeliveryRequest> request = queue_.pop();
  if (!request) return std::nullopt;
  struct Delivery {
    DeliveryRequest request;
    DeliveryOutput output;  // what it delivered, once it ran
  };
  const auto delivery = std::make_shared<Delivery>(Delivery{std::move(*request), {}});
  BackgroundJob job;
  job.queued = delivery->request.queued;
  job.what = "deferred Delivery for warehouse " + std::to_string(delivery->request.input.w_id);
  job.run = [delivery](Session& session, Random& rng) {
    return run_deferred_delivery(session, rng, delivery->request.context, delivery->request.input,
                                 delivery->output);
  };
  job.ended = [this, delivery](const TxnResult& result) {
    if (sink_) {
      sink_(delivery_record(delivery->request, result, delivery->output,
                            std::chrono::system_clock::now()));
    }
  };
  return job;
}

// 2.7.2: Deliveries still queued when the run ended are not executed (the
// database never saw them, so the consistency conditions hold); those
// queued in the measured interval count as not completed, and every one
// gets its line in the result file.
void DeferredDeliveries::abandon_remaining(const RunPhases& phases, RunStats& measured) {
  for (const DeliveryRequest& request : queue_.take_remaining()) {
    if (phases.phase_at(request.queued) == Phase::Measured) ++measured.deliveries_not_completed;
    if (!sink_) continue;
    TxnResult never;
    never.outcome = Outcome::Unfinished;
    DeliveryRecord record = delivery_record(request, never, DeliveryOutput{}, {});
    record.outcome = "not started";
    sink_(record);
  }
}

}  // namespace tpcc
