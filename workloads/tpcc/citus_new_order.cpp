#include "workloads/tpcc/citus_new_order.hpp"

#include <set>
#include <string>

#include "db/session.hpp"

namespace tpcc {
namespace {

// 2.4.2.2 the stock rows one supply warehouse gives to the order: the
// quantity rule, S_YTD, S_ORDER_CNT and S_REMOTE_CNT as in new_order.cpp
// (lines of one item summed, rows locked in S_I_ID order; the warehouses
// are queued in S_W_ID order, so the locks follow (S_W_ID, S_I_ID) as
// there). S_W_ID = $1 is what lets Citus route it to one shard.
// $1 supply W_ID, $2 home W_ID, $3 the lines' item numbers, $4 their
// quantities.
constexpr const char* kStockOfWarehouseSql = R"(
with demand as (
  select i_id, sum(quantity)::int as quantity, count(*)::int as lines
    from unnest($3::int[], $4::int[]) as l(i_id, quantity)
   group by i_id
   order by i_id
)
update bmsql_stock
   set s_quantity = case when s_quantity - d.quantity >= 10 then s_quantity - d.quantity
                         else 10 + mod(mod(s_quantity - d.quantity - 10, 91) + 91, 91) end,
       s_ytd = s_ytd + d.quantity,
       s_order_cnt = s_order_cnt + d.lines,
       s_remote_cnt = s_remote_cnt + case when $1::int <> $2::int then d.lines else 0 end
  from demand d
 where s_w_id = $1::int and s_i_id = d.i_id
returning s_w_id, s_i_id, s_quantity, s_data
)";

// 2.4.2.2 the ORDER-LINE rows, OL_DIST_INFO = S_DIST_<D_ID> read from each
// line's stock row (after its update above, which leaves S_DIST_xx as it
// was). $1 W_ID, $2 D_ID, $3 O_ID, then per line (in OL_NUMBER order): $4
// OL_I_ID, $5 OL_SUPPLY_W_ID, $6 OL_QUANTITY, $7 OL_AMOUNT. A searched
// CASE: Citus deparses "case $2 when 1 ..." with the parameter substituted
// into "when 1 = true", which fails. OL_W_ID and the join condition
// are each form's own (below).
constexpr const char* kOrderLinesHeadSql = R"(
insert into bmsql_order_line
  (ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,
   ol_amount, ol_dist_info)
select )";
constexpr const char* kOrderLinesTailSql = R"(,
       $2::int, $3::int, l.number::int, l.i_id, l.supply_w_id, l.quantity, l.amount,
       case when $2::int = 1 then s.s_dist_01 when $2::int = 2 then s.s_dist_02
            when $2::int = 3 then s.s_dist_03 when $2::int = 4 then s.s_dist_04
            when $2::int = 5 then s.s_dist_05 when $2::int = 6 then s.s_dist_06
            when $2::int = 7 then s.s_dist_07 when $2::int = 8 then s.s_dist_08
            when $2::int = 9 then s.s_dist_09 when $2::int = 10 then s.s_dist_10 end
  from unnest($4::int[], $5::int[], $6::int[], $7::numeric[]) with ordinality
       as l(i_id, supply_w_id, quantity, amount, number)
  join bmsql_stock s on s.s_i_id = l.i_id)";

// Every line from the home warehouse: the stock rows read are the home
// warehouse's, on the shard the lines go to, and Citus runs the INSERT
// there as one statement. OL_W_ID is taken from the stock row (= $1):
// with $1 itself Citus reads the rows to the coordinator first and sends
// them back, two executions instead of one.
constexpr const char* kLocalLineWarehouseSql = "s.s_w_id";
constexpr const char* kLocalStockJoinSql = " and s.s_w_id = $1::int\n";
// Some line from another warehouse (2.4.1.5.2): Citus reads the stock
// rows from their shards and routes the lines to the home warehouse's.
constexpr const char* kAnyLineWarehouseSql = "$1::int";
constexpr const char* kAnyStockJoinSql = " and s.s_w_id = l.supply_w_id\n";

std::string order_lines_sql(const char* line_warehouse, const char* stock_join) {
  return std::string{kOrderLinesHeadSql} + line_warehouse + kOrderLinesTailSql + stock_join;
}

constexpr const char* kStockOfWarehouse = "no_citus_stock";
constexpr const char* kLocalOrderLines = "no_citus_lines_local";
constexpr const char* kAnyOrderLines = "no_citus_lines_any";

}  // namespace

int queue_citus_stock_and_lines(Session& session, const OrderLinesArgs& args) {
  const std::set<int> supply_warehouses(args.supply_w_ids.begin(), args.supply_w_ids.end());
  for (const int supply_w_id : supply_warehouses) {
    std::vector<int> item_ids, quantities;
    for (std::size_t i = 0; i < args.item_ids.size(); ++i) {
      if (args.supply_w_ids[i] != supply_w_id) continue;
      item_ids.push_back(args.item_ids[i]);
      quantities.push_back(args.quantities[i]);
    }
    session.queue(
        kStockOfWarehouse,
        Params{}.add(supply_w_id).add(args.w_id).add_int_array(item_ids).add_int_array(quantities));
  }
  const bool all_local = supply_warehouses.empty() ||
                         (supply_warehouses.size() == 1 && *supply_warehouses.begin() == args.w_id);
  session.queue(all_local ? kLocalOrderLines : kAnyOrderLines,
                Params{}
                    .add(args.w_id)
                    .add(args.d_id)
                    .add(args.o_id)
                    .add_int_array(args.item_ids)
                    .add_int_array(args.supply_w_ids)
                    .add_int_array(args.quantities)
                    .add_cents_array(args.amounts_cents));
  return static_cast<int>(supply_warehouses.size());
}

void prepare_citus_new_order_statements(Session& session) {
  session.prepare(kStockOfWarehouse, kStockOfWarehouseSql);
  session.prepare(kLocalOrderLines, order_lines_sql(kLocalLineWarehouseSql, kLocalStockJoinSql));
  session.prepare(kAnyOrderLines, order_lines_sql(kAnyLineWarehouseSql, kAnyStockJoinSql));
}

}  // namespace tpcc
