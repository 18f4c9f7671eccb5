// New-Order (2.4) as one call of tpcc_new_order.
#include <string>
#include <vector>

#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

constexpr const char* kCall = "call_new_order";
constexpr const char* kCallSql =
    "select * from tpcc_new_order($1::int, $2::int, $3::int, $4::int[], $5::int[], $6::int[])";

}  // namespace

void prepare_new_order_call(Session& session) {
  session.prepare(kCall, kCallSql, Session::Counted::AsWrite);
}

NewOrderOutput call_new_order(Session& session, const NewOrderInput& input,
                              const TpccTerminal& terminal) {
  std::vector<int> item_ids, supply_w_ids, quantities;
  for (const NewOrderLine& line : input.lines) {
    item_ids.push_back(line.i_id);
    supply_w_ids.push_back(line.supply_w_id);
    quantities.push_back(line.quantity);
  }
  Params params;
  params.add(input.w_id).add(input.d_id).add(input.c_id);
  params.add_int_array(item_ids).add_int_array(supply_w_ids).add_int_array(quantities);

  NewOrderOutput out;
  QueryResult rows{nullptr};
  try {
    rows = run_call(session, terminal, kCall, params);
  } catch (const SqlError& e) {
    // 2.4.2.3 the function ran the profile for the valid lines and then
    // raised, which rolled the whole transaction back.
    if (e.sqlstate != kUnusedItemSqlstate) throw;
    out.rolled_back = true;
    return out;
  }
  // One row per line: o_id, w_tax, d_tax, c_discount, c_last, c_credit,
  // ol_number, i_id, supply_w_id, quantity, i_name, i_price, ol_amount,
  // s_quantity, brand_generic.
  if (rows.rows() == 0) throw SqlError("New-Order: tpcc_new_order returned no line", "P0002");
  out.o_id = rows.as_int(0, 0);
  out.w_tax = rows.as_double(0, 1);
  out.d_tax = rows.as_double(0, 2);
  out.c_discount = rows.as_double(0, 3);
  out.c_last = rows.text(0, 4);
  out.c_credit = rows.text(0, 5);
  std::int64_t sum_cents = 0;
  for (int row = 0; row < rows.rows(); ++row) {
    NewOrderLineOutput line;
    line.i_id = rows.as_int(row, 7);
    line.supply_w_id = rows.as_int(row, 8);
    line.quantity = rows.as_int(row, 9);
    line.i_name = rows.text(row, 10);
    line.i_price_cents = rows.as_cents(row, 11);
    line.amount_cents = rows.as_cents(row, 12);
    line.s_quantity = rows.as_int(row, 13);
    line.brand_generic = rows.text(row, 14)[0];
    sum_cents += line.amount_cents;
    out.lines.push_back(std::move(line));
  }
  out.total = static_cast<double>(sum_cents) / 100.0 * (1.0 - out.c_discount) *
              (1.0 + out.w_tax + out.d_tax);
  return out;
}

}  // namespace tpcc
