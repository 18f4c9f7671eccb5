#include "workloads/tpcc/new_order.hpp"

#include <cstring>
#include <string>

#include "db/session.hpp"
#include "spec/constants.hpp"
#include "spec/nurand.hpp"
#include "workloads/tpcc/citus_new_order.hpp"
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

// 2.4.2.2 D_NEXT_O_ID is the new order's O_ID and is incremented; the row
// lock serialises New-Orders of one district. $1 W_ID, $2 D_ID.
constexpr const char* kUpdateDistrictSql = R"(
update bmsql_district
   set d_next_o_id = d_next_o_id + 1
 where d_w_id = $1::int and d_id = $2::int
returning d_tax, d_next_o_id - 1 as o_id
)";

// 2.4.2.2 W_TAX and the customer's C_DISCOUNT, C_LAST, C_CREDIT.
// $1 W_ID, $2 D_ID, $3 C_ID.
constexpr const char* kSelectCustomerSql = R"(
select w_tax, c_discount, c_last, c_credit
  from bmsql_warehouse
  join bmsql_customer on c_w_id = w_id
 where w_id = $1::int and c_d_id = $2::int and c_id = $3::int
)";

// 2.4.2.2 I_PRICE, I_NAME, I_DATA of every item of the order, one row per
// distinct item; a missing row is the unused item of 2.4.2.3.
// $1 the item numbers.
constexpr const char* kSelectItemsSql = R"(
select i_id, i_price, i_name, i_data
  from bmsql_item
 where i_id = any($1::int[])
)";

// The three statements above as one on a single server (the statements
// for Citus, terminal.citus_statements, keep the three): every statement
// costs the server an executor start-up and end and protocol messages. The district's
// row is updated first (kUpdateDistrictSql as a CTE), then the warehouse,
// the customer and the items are read: one row per distinct item found,
// each with D_TAX, O_ID, W_TAX, C_DISCOUNT, C_LAST and C_CREDIT in front
// (one row with null item columns when none is found); no row when the
// district or the customer is missing. $1 W_ID, $2 D_ID, $3 C_ID, $4 the
// item numbers.
constexpr const char* kCustomerItemsSql = R"(
select d.d_tax, d.o_id, w.w_tax, c.c_discount, c.c_last, c.c_credit,
       i.i_id, i.i_price, i.i_name, i.i_data
  from district d
 cross join bmsql_warehouse w
  join bmsql_customer c on c.c_w_id = w.w_id
  left join bmsql_item i on i.i_id = any($4::int[])
 where w.w_id = $1::int and c.c_d_id = $2::int and c.c_id = $3::int
)";

// 2.4.2.2 the ORDER row; O_CARRIER_ID stays null until delivery.
// $1 W_ID, $2 D_ID, $3 O_ID, $4 C_ID, $5 O_OL_CNT, $6 O_ALL_LOCAL.
constexpr const char* kInsertOrderSql = R"(
insert into bmsql_oorder
  (o_w_id, o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local, o_entry_d)
values ($1::int, $2::int, $3::int, $4::int, null, $5::int, $6::int, localtimestamp)
)";

// 2.4.2.2 the NEW-ORDER row. $1 W_ID, $2 D_ID, $3 O_ID.
constexpr const char* kInsertNewOrderSql = R"(
insert into bmsql_new_order (no_w_id, no_d_id, no_o_id)
values ($1::int, $2::int, $3::int)
)";

// 2.4.2.2 the stock of every line and the ORDER-LINE rows, in the
// statement of the ORDER and NEW-ORDER inserts above (their CTEs, with
// their parameters: see kOrderStockAndLines), so that OL_DIST_INFO =
// S_DIST_<D_ID> is taken on the server and the order's writes cost one
// statement. $1 W_ID, $2 D_ID, $3 O_ID, then per line (in OL_NUMBER
// order): $7 OL_I_ID, $8 OL_SUPPLY_W_ID, $9 OL_QUANTITY, $10 OL_AMOUNT.
//
// Lines of the same item and supply warehouse (NURand repeats items) update
// their stock row once, with their summed quantity and line count; rows are
// locked in (S_W_ID, S_I_ID) order so that concurrent New-Orders cannot
// deadlock on stock. Applying the quantity rule line by line keeps
// S_QUANTITY within 10..100 and lowers it by OL_QUANTITY modulo 91, so the
// summed form is exact: the quantity itself while it stays >= 10, otherwise
// the value in 10..100 congruent to it modulo 91 (for one line, +91).
constexpr const char* kStockAndLinesSql = R"(
line as (
  select l.i_id, l.supply_w_id, l.quantity, l.amount, l.number::int as number
    from unnest($7::int[], $8::int[], $9::int[], $10::numeric[]) with ordinality
         as l(i_id, supply_w_id, quantity, amount, number)
),
demand as (
  select supply_w_id, i_id, sum(quantity)::int as quantity, count(*)::int as lines
    from line
   group by supply_w_id, i_id
   order by supply_w_id, i_id
),
stock as (
  update bmsql_stock
     set s_quantity = case when s_quantity - d.quantity >= 10 then s_quantity - d.quantity
                           else 10 + mod(mod(s_quantity - d.quantity - 10, 91) + 91, 91) end,
         s_ytd = s_ytd + d.quantity,
         s_order_cnt = s_order_cnt + d.lines,
         s_remote_cnt = s_remote_cnt + case when d.supply_w_id <> $1::int then d.lines else 0 end
    from demand d
   where s_w_id = d.supply_w_id and s_i_id = d.i_id
  returning s_w_id, s_i_id, s_quantity, s_data,
            case $2::int when 1 then s_dist_01 when 2 then s_dist_02 when 3 then s_dist_03
                         when 4 then s_dist_04 when 5 then s_dist_05 when 6 then s_dist_06
                         when 7 then s_dist_07 when 8 then s_dist_08 when 9 then s_dist_09
                         when 10 then s_dist_10 end as dist_info
),
order_line as (
  insert into bmsql_order_line
    (ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,
     ol_amount, ol_dist_info)
  select $1::int, $2::int, $3::int, l.number, l.i_id, l.supply_w_id, l.quantity,
         l.amount, s.dist_info
    from line l
    join stock s on s.s_w_id = l.supply_w_id and s.s_i_id = l.i_id
)
select s_w_id, s_i_id, s_quantity, s_data from stock
)";

constexpr const char* kUpdateDistrict = "no_district";
constexpr const char* kSelectCustomer = "no_customer";
constexpr const char* kSelectItems = "no_items";
constexpr const char* kInsertOrder = "no_order";
constexpr const char* kInsertNewOrder = "no_new_order";
constexpr const char* kDistrictCustomerItems = "no_district_customer_items";
constexpr const char* kOrderStockAndLines = "no_order_stock_lines";

std::string district_customer_items_sql() {
  return std::string{"with district as ("} + kUpdateDistrictSql + ")" + kCustomerItemsSql;
}

// The order's writes as one statement: the ORDER and NEW-ORDER rows (each
// insert above as a CTE), then the stock and the lines.
std::string order_stock_and_lines_sql() {
  return std::string{"with oorder as ("} + kInsertOrderSql + "),\nnew_order as (" +
         kInsertNewOrderSql + ")," + kStockAndLinesSql;
}

bool contains_original(const char* data) { return std::strstr(data, "ORIGINAL") != nullptr; }

// The row of `result` with `a` in column col_a (and `b` in column col_b
// unless col_b < 0), or -1. Results have at most 15 rows.
int find_row(const QueryResult& result, int col_a, int a, int col_b, int b) {
  for (int row = 0; row < result.rows(); ++row) {
    if (result.as_int(row, col_a) == a && (col_b < 0 || result.as_int(row, col_b) == b)) {
      return row;
    }
  }
  return -1;
}

[[noreturn]] void missing_row(Session& session, const std::string& what) {
  // A correctly loaded database always has these rows.
  session.rollback_if_open();
  throw SqlError("New-Order: " + what + " not found", "P0002");
}

}  // namespace

bool NewOrderInput::all_local() const { return remote_lines() == 0; }

int NewOrderInput::remote_lines() const {
  int remote = 0;
  for (const NewOrderLine& line : lines) remote += line.supply_w_id != w_id ? 1 : 0;
  return remote;
}

NewOrderInput generate_new_order(Random& rng, const TpccTerminal& terminal) {
  NewOrderInput input;
  input.w_id = terminal.w_id;                                                        // 2.4.1.1
  input.d_id = static_cast<int>(rng.uniform(1, kDistrictsPerWarehouse));             // 2.4.1.2
  input.c_id = nurand_customer_id(rng, terminal.c_run);                              // 2.4.1.2
  const int ol_cnt = static_cast<int>(rng.uniform(kMinOrderLines, kMaxOrderLines));  // 2.4.1.3
  input.rollback = rng.uniform(1, 100) <= terminal.rollback_percent;                 // 2.4.1.4 rbk
  input.lines.resize(static_cast<std::size_t>(ol_cnt));
  for (int number = 1; number <= ol_cnt; ++number) {
    NewOrderLine& line = input.lines[static_cast<std::size_t>(number - 1)];
    // 2.4.1.5.1 items are not made unique: an order may repeat one.
    line.i_id = nurand_item_id(rng, terminal.c_run);
    // 2.4.1.4 the rollback order's last line names an unused item.
    if (input.rollback && number == ol_cnt) line.i_id = kUnusedItemId;
    // 2.4.1.5.2 x = random(1, 100): x > 1 supplies from the home warehouse;
    // x = 1 from another one, never the home one, when there is another.
    line.supply_w_id = terminal.w_id;
    if (rng.uniform(1, 100) == 1 && terminal.warehouses > 1) {
      const int other = static_cast<int>(rng.uniform(1, terminal.warehouses - 1));
      line.supply_w_id = other >= terminal.w_id ? other + 1 : other;
    }
    line.quantity = static_cast<int>(rng.uniform(1, 10));  // 2.4.1.5.3
  }
  return input;
}

NewOrderOutput place_new_order(Session& session, const NewOrderInput& input,
                               const TpccTerminal& terminal) {
  NewOrderOutput out;
  const std::size_t ol_cnt = input.lines.size();
  std::vector<int> item_ids(ol_cnt);
  for (std::size_t i = 0; i < ol_cnt; ++i) item_ids[i] = input.lines[i].i_id;

  // Round trip 1: district, warehouse and customer, items; on a single
  // server one statement, whose rows hold the district's columns, then the
  // customer's, then the item's (kCustomerItemsSql).
  const bool one_statement = !terminal.citus_statements;
  session.queue_command(begin_command(terminal.isolation, terminal.read_only));
  if (one_statement) {
    session.queue(kDistrictCustomerItems,
                  Params{}.add(input.w_id).add(input.d_id).add(input.c_id).add_int_array(item_ids));
  } else {
    session.queue(kUpdateDistrict, Params{}.add(input.w_id).add(input.d_id));
    session.queue(kSelectCustomer, Params{}.add(input.w_id).add(input.d_id).add(input.c_id));
    session.queue(kSelectItems, Params{}.add_int_array(item_ids));
  }
  const std::vector<QueryResult> first = session.flush();
  const QueryResult& district = first[1];
  const QueryResult& customer = first[one_statement ? 1 : 2];
  const QueryResult& items = first[one_statement ? 1 : 3];
  const int customer_col = one_statement ? 2 : 0;
  const int item_col = one_statement ? 6 : 0;
  if (one_statement && district.rows() == 0) {
    missing_row(session, "district " + std::to_string(input.d_id) + " or customer " +
                             std::to_string(input.c_id));
  }
  if (!one_statement && district.rows() != 1) {
    missing_row(session, "district " + std::to_string(input.d_id));
  }
  if (!one_statement && customer.rows() != 1) {
    missing_row(session, "customer " + std::to_string(input.c_id));
  }
  out.d_tax = district.as_double(0, 0);
  out.o_id = district.as_int(0, 1);
  out.w_tax = customer.as_double(0, customer_col);
  out.c_discount = customer.as_double(0, customer_col + 1);
  out.c_last = customer.text(0, customer_col + 2);
  out.c_credit = customer.text(0, customer_col + 3);

  // 2.4.2.3: an unused item number is found here. The profile still runs
  // for the other lines (stock, order, new-order, order lines); only then is
  // the whole transaction rolled back.
  std::vector<std::size_t> valid_lines;
  std::vector<int> item_row(ol_cnt, -1);
  for (std::size_t i = 0; i < ol_cnt; ++i) {
    item_row[i] = find_row(items, item_col, item_ids[i], -1, 0);
    if (item_row[i] >= 0) valid_lines.push_back(i);
  }
  const bool unused_item = valid_lines.size() < ol_cnt;

  // Round trip 2: order, new-order, stock and lines, then commit (or the
  // 2.4.2.3 rollback).
  OrderLinesArgs lines{input.w_id, input.d_id, out.o_id, {}, {}, {}, {}};
  for (const std::size_t i : valid_lines) {
    const NewOrderLine& line = input.lines[i];
    NewOrderLineOutput shown;
    shown.i_id = line.i_id;
    shown.supply_w_id = line.supply_w_id;
    shown.quantity = line.quantity;
    shown.i_name = items.text(item_row[i], item_col + 2);
    shown.i_price_cents = items.as_cents(item_row[i], item_col + 1);
    shown.amount_cents = shown.i_price_cents * line.quantity;  // 2.4.2.2 OL_AMOUNT
    out.lines.push_back(shown);
    lines.item_ids.push_back(line.i_id);
    lines.supply_w_ids.push_back(line.supply_w_id);
    lines.quantities.push_back(line.quantity);
    lines.amounts_cents.push_back(shown.amount_cents);
  }
  Params order;
  order.add(input.w_id)
      .add(input.d_id)
      .add(out.o_id)
      .add(input.c_id)
      .add(static_cast<int>(ol_cnt))
      .add(input.all_local() ? 1 : 0);
  int stock_results = 1;
  if (one_statement) {
    order.add_int_array(lines.item_ids)
        .add_int_array(lines.supply_w_ids)
        .add_int_array(lines.quantities)
        .add_cents_array(lines.amounts_cents);
    session.queue(kOrderStockAndLines, order);
  } else {
    session.queue(kInsertOrder, order);
    session.queue(kInsertNewOrder, Params{}.add(input.w_id).add(input.d_id).add(out.o_id));
    stock_results = queue_citus_stock_and_lines(session, lines);
  }
  session.queue_command(unused_item ? "rollback" : "commit");
  const std::vector<QueryResult> second = session.flush();
  if (unused_item) {
    // 2.4.3.4: the display shows only the order's identity and the error.
    out.rolled_back = true;
    out.lines.clear();
    return out;
  }
  // The updated stock rows: the one statement's result, or the results
  // after the order's and the new-order's.
  const std::size_t first_stock_result = one_statement ? 0 : 2;

  // 2.4.3 the display: stock after the update and brand-generic per line.
  std::int64_t sum_cents = 0;
  for (std::size_t n = 0; n < ol_cnt; ++n) {
    NewOrderLineOutput& shown = out.lines[n];
    sum_cents += shown.amount_cents;
    for (int k = 0; k < stock_results; ++k) {
      const QueryResult& stock = second[first_stock_result + static_cast<std::size_t>(k)];
      const int row = find_row(stock, 0, shown.supply_w_id, 1, shown.i_id);
      if (row < 0) continue;
      shown.s_quantity = stock.as_int(row, 2);
      shown.brand_generic = contains_original(items.text(item_row[n], item_col + 3)) &&
                                    contains_original(stock.text(row, 3))
                                ? 'B'
                                : 'G';
    }
  }
  out.total = static_cast<double>(sum_cents) / 100.0 * (1.0 - out.c_discount) *
              (1.0 + out.w_tax + out.d_tax);
  return out;
}

Outcome execute_new_order(Session& session, const NewOrderInput& input,
                          const TpccTerminal& terminal, TxnAudit& audit, int* o_id) {
  audit.order_lines = static_cast<int>(input.lines.size());
  audit.remote_order_lines = input.remote_lines();
  const NewOrderOutput out = terminal.mode == Mode::Procedures
                                 ? call_new_order(session, input, terminal)
                                 : place_new_order(session, input, terminal);
  if (o_id != nullptr) *o_id = out.o_id;
  return out.rolled_back ? Outcome::RolledBack : Outcome::Committed;
}

void prepare_new_order_statements(Session& session) {
  session.prepare(kUpdateDistrict, kUpdateDistrictSql);
  session.prepare(kSelectCustomer, kSelectCustomerSql);
  session.prepare(kSelectItems, kSelectItemsSql);
  session.prepare(kInsertOrder, kInsertOrderSql);
  session.prepare(kInsertNewOrder, kInsertNewOrderSql);
  session.prepare(kDistrictCustomerItems, district_customer_items_sql(), Session::Counted::AsWrite);
  session.prepare(kOrderStockAndLines, order_stock_and_lines_sql(), Session::Counted::AsWrite);
  prepare_citus_new_order_statements(session);
}

}  // namespace tpcc
