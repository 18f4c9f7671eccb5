#include "terminal/engine/deferred_delivery.hpp"

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

}  // namespace tpcc
