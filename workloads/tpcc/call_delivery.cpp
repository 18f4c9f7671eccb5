// Delivery (2.7) as one call of tpcc_delivery.
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

constexpr const char* kCall = "call_delivery";
constexpr const char* kCallSql = "select d_id, o_id from tpcc_delivery($1::int, $2::int)";

}  // namespace

void prepare_delivery_call(Session& session) {
  session.prepare(kCall, kCallSql, Session::Counted::AsWrite);
}

DeliveryOutput call_delivery(Session& session, const DeliveryInput& input,
                             const TpccTerminal& terminal) {
  Params params;
  params.add(input.w_id).add(input.carrier_id);
  const QueryResult rows = run_call(session, terminal, kCall, params);
  DeliveryOutput out;
  for (int row = 0; row < rows.rows(); ++row) {
    const int d_id = rows.as_int(row, 0);
    if (d_id < 1 || d_id > kDistrictsPerWarehouse) continue;
    // 2.7.4.2 a district without a new order is skipped (null O_ID).
    out.o_id[static_cast<std::size_t>(d_id - 1)] = rows.is_null(row, 1) ? 0 : rows.as_int(row, 1);
  }
  return out;
}

}  // namespace tpcc
