#include "check/conditions.hpp"

namespace tpcc {
namespace {

// Every query aggregates each table once (group by per warehouse, district,
// order or customer) and joins the aggregates, so that its cost grows
// linearly with the database instead of a correlated subquery per row.
// Missing aggregates count as zero: a warehouse without history rows must
// have W_YTD = 0. NULL values on the checked side count as violations
// ("is distinct from").

// 3.3.2.1: W_YTD = sum(D_YTD) for each warehouse (W_ID = D_W_ID).
constexpr const char* kCondition1 = R"sql(
select count(*)
  from bmsql_warehouse w
  left join (select d_w_id, sum(d_ytd) as sum_d_ytd
               from bmsql_district
              group by d_w_id) d
    on d.d_w_id = w.w_id
 where w.w_ytd is distinct from coalesce(d.sum_d_ytd, 0)
)sql";

// 3.3.2.2: D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) for each district.
// The comment to the clause exempts the NEW-ORDER part for districts that
// have no outstanding new orders.
constexpr const char* kCondition2 = R"sql(
select count(*)
  from bmsql_district d
  left join (select o_w_id, o_d_id, max(o_id) as max_o_id
               from bmsql_oorder
              group by o_w_id, o_d_id) o
    on o.o_w_id = d.d_w_id and o.o_d_id = d.d_id
  left join (select no_w_id, no_d_id, max(no_o_id) as max_no_o_id
               from bmsql_new_order
              group by no_w_id, no_d_id) n
    on n.no_w_id = d.d_w_id and n.no_d_id = d.d_id
 where d.d_next_o_id - 1 is distinct from coalesce(o.max_o_id, 0)
    or (n.max_no_o_id is not null and n.max_no_o_id is distinct from d.d_next_o_id - 1)
)sql";

// 3.3.2.3: max(NO_O_ID) - min(NO_O_ID) + 1 = number of NEW-ORDER rows, for
// each district that has NEW-ORDER rows (the new orders are contiguous).
constexpr const char* kCondition3 = R"sql(
select count(*)
  from (select 1
          from bmsql_new_order
         group by no_w_id, no_d_id
        having max(no_o_id) - min(no_o_id) + 1 <> count(*)) v
)sql";

// 3.3.2.4: sum(O_OL_CNT) = number of ORDER-LINE rows, for each district.
// The full join also catches order lines of a district without orders.
constexpr const char* kCondition4 = R"sql(
select count(*)
  from (select o_w_id as w_id, o_d_id as d_id, sum(o_ol_cnt) as ol_cnt
          from bmsql_oorder
         group by o_w_id, o_d_id) o
  full join (select ol_w_id as w_id, ol_d_id as d_id, count(*) as ol_rows
               from bmsql_order_line
              group by ol_w_id, ol_d_id) l
    on l.w_id = o.w_id and l.d_id = o.d_id
 where coalesce(o.ol_cnt, 0) <> coalesce(l.ol_rows, 0)
)sql";

// 3.3.2.5: O_CARRIER_ID is null if and only if the order has a NEW-ORDER row.
constexpr const char* kCondition5 = R"sql(
select count(*)
  from bmsql_oorder o
  left join bmsql_new_order n
    on n.no_w_id = o.o_w_id and n.no_d_id = o.o_d_id and n.no_o_id = o.o_id
 where (o.o_carrier_id is null) <> (n.no_o_id is not null)
)sql";

// 3.3.2.6: O_OL_CNT = number of ORDER-LINE rows of the order, for each order.
constexpr const char* kCondition6 = R"sql(
select count(*)
  from bmsql_oorder o
  left join (select ol_w_id, ol_d_id, ol_o_id, count(*) as ol_rows
               from bmsql_order_line
              group by ol_w_id, ol_d_id, ol_o_id) l
    on l.ol_w_id = o.o_w_id and l.ol_d_id = o.o_d_id and l.ol_o_id = o.o_id
 where o.o_ol_cnt is distinct from coalesce(l.ol_rows, 0)
)sql";

// 3.3.2.7: OL_DELIVERY_D is null if and only if the order's O_CARRIER_ID is
// null, for each order line.
constexpr const char* kCondition7 = R"sql(
select count(*)
  from bmsql_order_line ol
  join bmsql_oorder o
    on o.o_w_id = ol.ol_w_id and o.o_d_id = ol.ol_d_id and o.o_id = ol.ol_o_id
 where (ol.ol_delivery_d is null) <> (o.o_carrier_id is null)
)sql";

// 3.3.2.8: W_YTD = sum(H_AMOUNT) for each warehouse (W_ID = H_W_ID).
constexpr const char* kCondition8 = R"sql(
select count(*)
  from bmsql_warehouse w
  left join (select h_w_id, sum(h_amount) as sum_h_amount
               from bmsql_history
              group by h_w_id) h
    on h.h_w_id = w.w_id
 where w.w_ytd is distinct from coalesce(h.sum_h_amount, 0)
)sql";

// 3.3.2.9: D_YTD = sum(H_AMOUNT) for each district
// ((D_W_ID, D_ID) = (H_W_ID, H_D_ID)).
constexpr const char* kCondition9 = R"sql(
select count(*)
  from bmsql_district d
  left join (select h_w_id, h_d_id, sum(h_amount) as sum_h_amount
               from bmsql_history
              group by h_w_id, h_d_id) h
    on h.h_w_id = d.d_w_id and h.h_d_id = d.d_id
 where d.d_ytd is distinct from coalesce(h.sum_h_amount, 0)
)sql";

// 3.3.2.10: C_BALANCE = sum(OL_AMOUNT of the delivered lines of the
// customer's orders) - sum(H_AMOUNT of the customer's history), per
// customer. The delivered amounts are summed per customer in one pass over
// ORDER joined with ORDER-LINE.
constexpr const char* kCondition10 = R"sql(
select count(*)
  from bmsql_customer c
  left join (select o.o_w_id, o.o_d_id, o.o_c_id, sum(ol.ol_amount) as delivered
               from bmsql_oorder o
               join bmsql_order_line ol
                 on ol.ol_w_id = o.o_w_id and ol.ol_d_id = o.o_d_id and ol.ol_o_id = o.o_id
              where ol.ol_delivery_d is not null
              group by o.o_w_id, o.o_d_id, o.o_c_id) dl
    on dl.o_w_id = c.c_w_id and dl.o_d_id = c.c_d_id and dl.o_c_id = c.c_id
  left join (select h_c_w_id, h_c_d_id, h_c_id, sum(h_amount) as paid
               from bmsql_history
              group by h_c_w_id, h_c_d_id, h_c_id) h
    on h.h_c_w_id = c.c_w_id and h.h_c_d_id = c.c_d_id and h.h_c_id = c.c_id
 where c.c_balance is distinct from coalesce(dl.delivered, 0) - coalesce(h.paid, 0)
)sql";

// 3.3.2.11: count(ORDER) - count(NEW-ORDER) = 2100 for each district. Only
// true right after the load (4.3.3.1: 3,000 orders, 900 of them new).
constexpr const char* kCondition11 = R"sql(
select count(*)
  from bmsql_district d
  left join (select o_w_id, o_d_id, count(*) as orders
               from bmsql_oorder
              group by o_w_id, o_d_id) o
    on o.o_w_id = d.d_w_id and o.o_d_id = d.d_id
  left join (select no_w_id, no_d_id, count(*) as new_orders
               from bmsql_new_order
              group by no_w_id, no_d_id) n
    on n.no_w_id = d.d_w_id and n.no_d_id = d.d_id
 where coalesce(o.orders, 0) - coalesce(n.new_orders, 0) <> 2100
)sql";

// 3.3.2.12: C_BALANCE + C_YTD_PAYMENT = sum(OL_AMOUNT of the delivered lines
// of the customer's orders), per customer.
constexpr const char* kCondition12 = R"sql(
select count(*)
  from bmsql_customer c
  left join (select o.o_w_id, o.o_d_id, o.o_c_id, sum(ol.ol_amount) as delivered
               from bmsql_oorder o
               join bmsql_order_line ol
                 on ol.ol_w_id = o.o_w_id and ol.ol_d_id = o.o_d_id and ol.ol_o_id = o.o_id
              where ol.ol_delivery_d is not null
              group by o.o_w_id, o.o_d_id, o.o_c_id) dl
    on dl.o_w_id = c.c_w_id and dl.o_d_id = c.c_d_id and dl.o_c_id = c.c_id
 where c.c_balance + c.c_ytd_payment is distinct from coalesce(dl.delivered, 0)
)sql";

}  // namespace

const std::vector<ConsistencyCondition>& consistency_conditions() {
  static const std::vector<ConsistencyCondition> kConditions = {
      {1, "3.3.2.1", "W_YTD = sum(D_YTD)", kCondition1, false},
      {2, "3.3.2.2", "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)", kCondition2, false},
      {3, "3.3.2.3", "max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER) per district", kCondition3,
       false},
      {4, "3.3.2.4", "sum(O_OL_CNT) = count(ORDER-LINE) per district", kCondition4, false},
      {5, "3.3.2.5", "O_CARRIER_ID is null <=> NEW-ORDER row exists", kCondition5, false},
      {6, "3.3.2.6", "O_OL_CNT = count(ORDER-LINE) per order", kCondition6, false},
      {7, "3.3.2.7", "OL_DELIVERY_D is null <=> O_CARRIER_ID is null", kCondition7, false},
      {8, "3.3.2.8", "W_YTD = sum(H_AMOUNT)", kCondition8, false},
      {9, "3.3.2.9", "D_YTD = sum(H_AMOUNT)", kCondition9, false},
      {10, "3.3.2.10", "C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT)", kCondition10, false},
      {11, "3.3.2.11", "count(ORDER) - count(NEW-ORDER) = 2100 per district", kCondition11, true},
      {12, "3.3.2.12", "C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT)", kCondition12, false},
  };
  return kConditions;
}

}  // namespace tpcc
