#include "workloads/tpcc/delivery.hpp"

#include <string>
#include <vector>

#include "db/session.hpp"
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

// 2.7.4.2 one district's delivery: $1 W_ID, $2 D_ID, $3 O_CARRIER_ID.
// The oldest NEW-ORDER row is locked (FOR UPDATE) and deleted; everything
// else keys off the deleted row, so when a concurrent Delivery took the
// row first (read committed skips the row it waited on and takes the next;
// the stricter levels fail with a serialization error and are retried) or
// the district has no new order, nothing is changed and no row is returned.
// Data-modifying CTEs run to completion whether or not the final query
// reads them.
constexpr const char* kDeliverDistrictSql = R"(
with new_order as (
  delete from bmsql_new_order
   where no_w_id = $1 and no_d_id = $2
     and no_o_id = (select no_o_id
                      from bmsql_new_order
                     where no_w_id = $1 and no_d_id = $2
                     order by no_o_id
                     limit 1
                       for update)
  returning no_o_id
),
oorder as (
  update bmsql_oorder
     set o_carrier_id = $3
   where o_w_id = $1 and o_d_id = $2 and o_id = (select no_o_id from new_order)
  returning o_id, o_c_id
),
order_line as (
  update bmsql_order_line
     set ol_delivery_d = now()
   where ol_w_id = $1 and ol_d_id = $2 and ol_o_id = (select no_o_id from new_order)
  returning ol_amount
),
customer as (
  update bmsql_customer
     set c_balance = c_balance + (select coalesce(sum(ol_amount), 0) from order_line),
         c_delivery_cnt = c_delivery_cnt + 1
   where c_w_id = $1 and c_d_id = $2 and c_id = (select o_c_id from oorder)
  returning c_id
)
select no_o_id from new_order
)";

constexpr const char* kDeliverDistrictStatement = "dl_district";

}  // namespace

int DeliveryOutput::skipped() const {
  int count = 0;
  for (const int id : o_id) count += id == 0 ? 1 : 0;
  return count;
}

DeliveryInput generate_delivery(Random& rng, const TpccTerminal& terminal) {
  DeliveryInput input;
  input.w_id = terminal.w_id;                               // 2.7.1.1
  input.carrier_id = static_cast<int>(rng.uniform(1, 10));  // 2.7.1.2
  return input;
}

void queue_district_delivery(Session& session, int w_id, int d_id, int carrier_id) {
  session.queue(kDeliverDistrictStatement, Params{}.add(w_id).add(d_id).add(carrier_id));
}

DeliveryOutput deliver(Session& session, const DeliveryInput& input, const TpccTerminal& terminal) {
  session.queue_command(begin_command(terminal.isolation, terminal.read_only));
  // 2.7.4.2 districts in ascending order, so concurrent Deliveries lock
  // in the same order and cannot deadlock with each other.
  for (int d_id = 1; d_id <= kDistrictsPerWarehouse; ++d_id) {
    queue_district_delivery(session, input.w_id, d_id, input.carrier_id);
  }
  session.queue_command("commit");
  const std::vector<QueryResult> results = session.flush();
  DeliveryOutput out;
  for (int d_id = 1; d_id <= kDistrictsPerWarehouse; ++d_id) {
    const QueryResult& district = results.at(static_cast<std::size_t>(d_id));
    // 2.7.4.2 a district without a new order is skipped.
    out.o_id[static_cast<std::size_t>(d_id - 1)] = district.rows() == 0 ? 0 : district.as_int(0, 0);
  }
  return out;
}

Outcome execute_delivery(Session& session, const DeliveryInput& input, const TpccTerminal& terminal,
                         TxnAudit& audit) {
  // 2.7.2.3 skipped districts are recorded (the result file reports them).
  const DeliveryOutput out = terminal.mode == Mode::Procedures
                                 ? call_delivery(session, input, terminal)
                                 : deliver(session, input, terminal);
  audit.skipped_deliveries = out.skipped();
  return Outcome::Committed;
}

void prepare_delivery_statements(Session& session) {
  session.prepare(kDeliverDistrictStatement, kDeliverDistrictSql, Session::Counted::AsWrite);
}

}  // namespace tpcc
