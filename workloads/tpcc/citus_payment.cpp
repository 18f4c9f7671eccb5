#include "workloads/tpcc/citus_payment.hpp"

#include <string>
#include <vector>

#include "db/session.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

// 2.5.2.2 case 1 as the CTE `target` of the customer's UPDATE. Unlike the
// one statement, whose later steps change nothing without a customer, the
// statements after this one do not depend on it: a missing customer must
// fail the transaction (22P02 from the cast, as by last name; the count
// keeps the planner from evaluating the cast ahead of time). $1 C_W_ID,
// $2 C_D_ID, $3 C_ID.
constexpr const char* kTargetByIdSql = R"(
with target as (
  select coalesce(min(c_id),
                  ('no customer with C_ID ' || $3::int || ' in warehouse ' || $1::int ||
                   ' district ' || $2::int || left('', count(*)::int))::int) as c_id
    from bmsql_customer
   where c_w_id = $1::int and c_d_id = $2::int and c_id = $3::int
))";

// 2.5.2.2 case 2: the C_ID of the customer chosen by last name.
// $1 C_W_ID, $2 C_D_ID, $3 C_LAST.
constexpr const char* kChosenCustomerSql = "\nselect c_id from target\n";

// 2.5.2.2 W_YTD grows by H_AMOUNT. $1 W_ID, $2 H_AMOUNT.
constexpr const char* kWarehousePaidSql = R"(
update bmsql_warehouse
   set w_ytd = w_ytd + $2::numeric
 where w_id = $1::int
returning w_name
)";

// 2.5.2.2 D_YTD grows by H_AMOUNT. $1 W_ID, $2 D_ID, $3 H_AMOUNT.
constexpr const char* kDistrictPaidSql = R"(
update bmsql_district
   set d_ytd = d_ytd + $3::numeric
 where d_w_id = $1::int and d_id = $2::int
returning d_name
)";

// 2.5.2.2 the HISTORY row, H_DATA = W_NAME, four spaces, D_NAME, read on
// the home warehouse's shard. $1 C_W_ID, $2 C_D_ID, $3 C_ID, $4 W_ID,
// $5 D_ID, $6 H_AMOUNT. (Citus reads the names and then inserts, both on
// that shard: HIST_ID's sequence is drawn on the coordinator.)
constexpr const char* kHistorySql = R"(
insert into bmsql_history
  (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
select $3::int, $2::int, $1::int, d.d_id, w.w_id, localtimestamp, $6::numeric,
       w.w_name || '    ' || d.d_name
  from bmsql_warehouse w
  join bmsql_district d on d.d_w_id = w.w_id
 where w.w_id = $4::int and d.d_id = $5::int
)";

constexpr const char* kChosenCustomer = "pay_citus_chosen";
constexpr const char* kCustomerPays = "pay_citus_customer";
constexpr const char* kWarehousePaid = "pay_citus_warehouse";
constexpr const char* kDistrictPaid = "pay_citus_district";
constexpr const char* kHistory = "pay_citus_history";

// Where the customer's, the warehouse's and the district's results are.
constexpr std::size_t kCustomerResult = 0;
constexpr std::size_t kWarehouseResult = 1;
constexpr std::size_t kDistrictResult = 2;

}  // namespace

PaymentOutput pay_on_citus(Session& session, const PaymentInput& input,
                           const TpccTerminal& terminal) {
  session.queue_command(begin_command(terminal.isolation, terminal.read_only));
  std::size_t first = 1;  // after BEGIN
  int c_id = input.c_id;
  if (input.by_last_name) {
    session.queue(kChosenCustomer, Params{}.add(input.c_w_id).add(input.c_d_id).add(input.c_last));
    const std::vector<QueryResult> chosen = session.flush();
    c_id = chosen[1].as_int(0, 0);
    first = 0;
  }
  const Params customer = Params{}
                              .add(input.c_w_id)
                              .add(input.c_d_id)
                              .add(c_id)
                              .add(input.w_id)
                              .add(input.d_id)
                              .add_cents(input.amount_cents);
  session.queue(kCustomerPays, customer);
  session.queue(kWarehousePaid, Params{}.add(input.w_id).add_cents(input.amount_cents));
  session.queue(kDistrictPaid,
                Params{}.add(input.w_id).add(input.d_id).add_cents(input.amount_cents));
  session.queue(kHistory, customer);
  session.queue_command("commit");
  const std::vector<QueryResult> results = session.flush();
  PaymentOutput out = read_paid_customer(results[first + kCustomerResult], input);
  const QueryResult& warehouse = results[first + kWarehouseResult];
  const QueryResult& district = results[first + kDistrictResult];
  if (warehouse.rows() != 1 || district.rows() != 1) {
    // Committed already; a correctly loaded database always has both.
    throw SqlError("Payment: no district " + std::to_string(input.d_id) + " in warehouse " +
                       std::to_string(input.w_id),
                   "P0002");
  }
  out.w_name = warehouse.text(0, 0);
  out.d_name = district.text(0, 0);
  return out;
}

void prepare_citus_payment_statements(Session& session) {
  session.prepare(kChosenCustomer,
                  std::string{payment_customer_by_last_name_sql()} + kChosenCustomerSql);
  session.prepare(kCustomerPays, std::string{kTargetByIdSql} + payment_customer_pays_sql());
  session.prepare(kWarehousePaid, kWarehousePaidSql);
  session.prepare(kDistrictPaid, kDistrictPaidSql);
  session.prepare(kHistory, kHistorySql);
}

}  // namespace tpcc
