// Payment (2.5) as one call of tpcc_payment.
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

constexpr const char* kCall = "call_payment";
// The customer by number, or by last name when $5 (C_ID) is null.
constexpr const char* kCallSql =
    "select * from tpcc_payment($1::int, $2::int, $3::int, $4::int, $5::int, $6::varchar, "
    "$7::numeric)";

}  // namespace

void prepare_payment_call(Session& session) {
  session.prepare(kCall, kCallSql, Session::Counted::AsWrite);
}

PaymentOutput call_payment(Session& session, const PaymentInput& input,
                           const TpccTerminal& terminal) {
  Params params;
  params.add(input.w_id).add(input.d_id).add(input.c_w_id).add(input.c_d_id);
  if (input.by_last_name) {
    params.add_null().add(input.c_last);
  } else {
    params.add(input.c_id).add_null();
  }
  params.add_cents(input.amount_cents);
  const QueryResult row = run_call(session, terminal, kCall, params);
  // Columns: W_ and D_ name and address (0..11), C_ID, C_FIRST, C_MIDDLE,
  // C_LAST, address, phone, since (12..22), C_CREDIT, C_CREDIT_LIM,
  // C_DISCOUNT, C_BALANCE, C_DATA (23..27).
  PaymentOutput out;
  out.w_name = row.text(0, 0);
  out.d_name = row.text(0, 6);
  out.c_id = row.as_int(0, 12);
  out.c_first = row.text(0, 13);
  out.c_middle = row.text(0, 14);
  out.c_last = row.text(0, 15);
  out.c_credit = row.text(0, 23);
  out.c_credit_lim_cents = row.as_cents(0, 24);
  out.c_discount = row.as_double(0, 25);
  out.c_balance_cents = row.as_cents(0, 26);
  out.c_data = row.text(0, 27);
  return out;
}

}  // namespace tpcc
