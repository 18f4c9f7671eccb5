// Order-Status (2.6) as one call of tpcc_order_status.
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

constexpr const char* kCall = "call_order_status";
// The customer by number, or by last name when $3 (C_ID) is null.
constexpr const char* kCallSql =
    "select * from tpcc_order_status($1::int, $2::int, $3::int, $4::varchar)";

}  // namespace

void prepare_order_status_call(Session& session) { session.prepare(kCall, kCallSql); }

OrderStatusOutput call_order_status(Session& session, const OrderStatusInput& input,
                                    const TpccTerminal& terminal) {
  Params params;
  params.add(input.w_id).add(input.d_id);
  if (input.customer.by_last_name) {
    params.add_null().add(input.customer.c_last);
  } else {
    params.add(input.customer.c_id).add_null();
  }
  // The function returns the rows of the statement in order_status.cpp.
  return read_order_status_rows(run_call(session, terminal, kCall, params));
}

}  // namespace tpcc
