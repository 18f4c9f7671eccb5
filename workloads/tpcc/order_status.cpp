#include "workloads/tpcc/order_status.hpp"

#include <string>
#include <utility>

#include "db/session.hpp"
#include "spec/constants.hpp"
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

// 2.6.2.2 the customer by number: $1 W_ID, $2 D_ID, $3 C_ID.
constexpr const char* kCustomerByIdSql = R"(
with customer as (
  select c_id, c_first, c_middle, c_last, c_balance
    from bmsql_customer
   where c_w_id = $1 and c_d_id = $2 and c_id = $3
))";

// 2.6.2.2 the customer by last name: $1 W_ID, $2 D_ID, $3 C_LAST. The
// customer at position ceil(n/2) of the matches sorted by C_FIRST is the
// one at offset (n-1)/2 (middle_customer_offset), chosen on the server so
// that it costs no round trip.
constexpr const char* kCustomerByLastNameSql = R"(
with matches as (
  select c_id, c_first, c_middle, c_last, c_balance
    from bmsql_customer
   where c_w_id = $1 and c_d_id = $2 and c_last = $3
),
customer as (
  select * from matches
   order by c_first, c_id
  offset (select (count(*) - 1) / 2 from matches)
   limit 1
))";

// 2.6.2.2 the customer's last order (highest O_ID) and its lines; one row
// per line, or one row with nulls when the customer has no order. No row
// at all: no such customer.
constexpr const char* kLastOrderSql = R"(,
last_order as (
  select o_id, o_entry_d, o_carrier_id
    from bmsql_oorder
   where o_w_id = $1 and o_d_id = $2 and o_c_id = (select c_id from customer)
   order by o_id desc
   limit 1
)
select c.c_id, c.c_first, c.c_middle, c.c_last, c.c_balance,
       o.o_id, o.o_entry_d, o.o_carrier_id,
       ol.ol_i_id, ol.ol_supply_w_id, ol.ol_quantity, ol.ol_amount, ol.ol_delivery_d
  from customer c
  left join last_order o on true
  left join bmsql_order_line ol
    on ol.ol_w_id = $1 and ol.ol_d_id = $2 and ol.ol_o_id = o.o_id
 order by ol.ol_number
)";

constexpr const char* kByIdStatement = "os_by_id";
constexpr const char* kByLastNameStatement = "os_by_last_name";

std::string text_or_empty(const QueryResult& result, int row, int col) {
  return result.is_null(row, col) ? std::string{} : std::string{result.text(row, col)};
}

}  // namespace

OrderStatusOutput read_order_status_rows(const QueryResult& result) {
  OrderStatusOutput out;
  out.c_id = result.as_int(0, 0);
  out.c_first = text_or_empty(result, 0, 1);
  out.c_middle = text_or_empty(result, 0, 2);
  out.c_last = text_or_empty(result, 0, 3);
  out.c_balance_cents = result.as_cents(0, 4);
  if (result.is_null(0, 5)) return out;
  out.o_id = result.as_int(0, 5);
  out.o_entry_d = text_or_empty(result, 0, 6);
  out.o_carrier_id = result.is_null(0, 7) ? 0 : result.as_int(0, 7);
  for (int row = 0; row < result.rows(); ++row) {
    if (result.is_null(row, 8)) continue;  // an order without lines
    OrderStatusLine line;
    line.i_id = result.as_int(row, 8);
    line.supply_w_id = result.as_int(row, 9);
    line.quantity = result.as_int(row, 10);
    line.amount_cents = result.as_cents(row, 11);
    line.delivery_d = text_or_empty(result, row, 12);
    out.lines.push_back(std::move(line));
  }
  return out;
}

OrderStatusInput generate_order_status(Random& rng, const TpccTerminal& terminal) {
  OrderStatusInput input;
  input.w_id = terminal.w_id;                                             // 2.6.1.1
  input.d_id = static_cast<int>(rng.uniform(1, kDistrictsPerWarehouse));  // 2.6.1.2
  input.customer = select_customer(rng, terminal.c_run);                  // 2.6.1.2
  return input;
}

OrderStatusOutput query_order_status(Session& session, const OrderStatusInput& input,
                                     const TpccTerminal& terminal) {
  const CustomerSelector& customer = input.customer;
  Params params;
  params.add(input.w_id).add(input.d_id);
  if (customer.by_last_name) {
    params.add(customer.c_last);
  } else {
    params.add(customer.c_id);
  }
  // One statement, its own transaction at read committed (run_call).
  const QueryResult rows =
      run_call(session, terminal, customer.by_last_name ? kByLastNameStatement : kByIdStatement,
               params, true);
  if (rows.rows() == 0) {
    // 2.6.2.2 the input always names an existing customer on a correctly
    // loaded database; none found means the data or C-Run is wrong.
    const std::string who = customer.by_last_name ? "C_LAST = '" + customer.c_last + "'"
                                                  : "C_ID = " + std::to_string(customer.c_id);
    throw SqlError("Order-Status: no customer with " + who + " in warehouse " +
                       std::to_string(input.w_id) + " district " + std::to_string(input.d_id),
                   "P0002");
  }
  return read_order_status_rows(rows);
}

Outcome execute_order_status(Session& session, const OrderStatusInput& input,
                             const TpccTerminal& terminal, TxnAudit& audit) {
  audit.by_last_name = input.customer.by_last_name;
  if (terminal.mode == Mode::Procedures) {
    call_order_status(session, input, terminal);
  } else {
    query_order_status(session, input, terminal);
  }
  return Outcome::Committed;
}

void prepare_order_status_statements(Session& session) {
  session.prepare(kByIdStatement, std::string{kCustomerByIdSql} + kLastOrderSql);
  session.prepare(kByLastNameStatement, std::string{kCustomerByLastNameSql} + kLastOrderSql);
}

}  // namespace tpcc
