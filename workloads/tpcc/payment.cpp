#include "workloads/tpcc/payment.hpp"

#include <string>

#include "db/session.hpp"
#include "spec/constants.hpp"
#include "workloads/tpcc/citus_payment.hpp"
#include "workloads/tpcc/customer_lookup.hpp"
#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

// 2.5.2.2 the whole Payment as one statement: the customer pays (C_BALANCE
// -= H_AMOUNT, C_YTD_PAYMENT += H_AMOUNT, C_PAYMENT_CNT += 1, and for bad
// credit ("BC") C_ID, C_D_ID, C_W_ID, D_ID, W_ID and H_AMOUNT go in front of
// C_DATA, which keeps at most 500 characters), then W_YTD and D_YTD grow
// by H_AMOUNT and the HISTORY row records it (H_DATA = W_NAME, four spaces,
// D_NAME). Each step refers to the one before it, which fixes their order:
// the customer's row first, then the warehouse's, then the district's, so
// the warehouse row, which every Payment of the warehouse updates, is held
// only for the end of the transaction; and without a customer nothing is
// changed. C_DATA is built with casts and || (immutable), not concat_ws
// (stable): Citus allows only immutable functions in a CASE of an UPDATE.
// kPaySql is the first step, the customer's UPDATE (also a statement of its
// own in citus_payment.cpp), kPayRestSql the others. Shared tail of both
// customer selections: $1 C_W_ID, $2 C_D_ID, $4 W_ID, $5 D_ID, $6 H_AMOUNT;
// the chosen customer's C_ID is `target.c_id`.
constexpr const char* kPaySql = R"(
  update bmsql_customer
     set c_balance = c_balance - $6::numeric,
         c_ytd_payment = c_ytd_payment + $6::numeric,
         c_payment_cnt = c_payment_cnt + 1,
         c_data = case when c_credit = 'BC'
                       then left(c_id::text || ' ' || c_d_id::text || ' ' || c_w_id::text ||
                                 ' ' || $5::int::text || ' ' || $4::int::text || ' ' ||
                                 $6::numeric::text || ' ' || c_data, 500)
                       else c_data end
   where c_w_id = $1::int and c_d_id = $2::int and c_id = (select c_id from target)
  returning c_id, c_first, c_middle, c_last, c_credit, c_credit_lim, c_discount, c_balance,
            case when c_credit = 'BC' then left(c_data, 200) else '' end as c_data
)";

// The rest of the one statement, after the customer's UPDATE (`paid`).
constexpr const char* kPayRestSql = R"(),
warehouse as (
  update bmsql_warehouse
     set w_ytd = w_ytd + $6::numeric
   where w_id = $4::int and exists (select 1 from paid)
  returning w_name, w_street_1, w_street_2, w_city, w_state, w_zip
),
district as (
  update bmsql_district
     set d_ytd = d_ytd + $6::numeric
   where d_w_id = $4::int and d_id = $5::int and exists (select 1 from warehouse)
  returning d_name, d_street_1, d_street_2, d_city, d_state, d_zip
),
history as (
  insert into bmsql_history
    (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
  select p.c_id, $2::int, $1::int, $5::int, $4::int, localtimestamp, $6::numeric,
         w.w_name || '    ' || d.d_name
    from paid p, warehouse w, district d
)
select p.c_id, p.c_first, p.c_middle, p.c_last, p.c_credit, p.c_credit_lim, p.c_discount,
       p.c_balance, p.c_data, w.w_name, d.d_name
  from paid p, warehouse w, district d
)";

// The statement of one Payment: the customer's CTE `target`, then `paid`
// (kPaySql, the customer's UPDATE), then the rest.
std::string one_statement_sql(const char* target_sql) {
  return std::string{target_sql} + ",\npaid as (" + kPaySql + kPayRestSql;
}

// 2.5.2.2 case 1: the customer by number. $3 C_ID.
constexpr const char* kCustomerByIdSql = R"(
with target as (select $3::int as c_id))";

// 2.5.2.2 case 2: the customer by last name, at position ceil(n/2) of the
// n matches sorted by C_FIRST, i.e. offset (n-1)/2 (customer_lookup.hpp).
// $3 C_LAST. No match must fail the whole transaction rather than commit
// the warehouse and district amounts without a customer: the cast of the
// message to int raises 22P02; count(*) makes the text depend on the rows
// so that the planner cannot evaluate the cast ahead of time.
constexpr const char* kCustomerByLastNameSql = R"(
with matches as (
  select c_id, c_first
    from bmsql_customer
   where c_w_id = $1::int and c_d_id = $2::int and c_last = $3::text
),
chosen as (
  select c_id from matches
   order by c_first, c_id
  offset (select (count(*) - 1) / 2 from matches)
   limit 1
),
target as (
  select coalesce(min(c_id),
                  ('no customer with C_LAST ' || $3::text || ' in warehouse ' || $1::int ||
                   ' district ' || $2::int || left('', count(*)::int))::int) as c_id
    from chosen
))";

constexpr const char* kCustomerById = "pay_cust_id";
constexpr const char* kCustomerByLastName = "pay_cust_name";

std::string no_customer_message(const PaymentInput& input) {
  return "Payment: no customer with C_LAST = '" + input.c_last + "' in warehouse " +
         std::to_string(input.c_w_id) + " district " + std::to_string(input.c_d_id);
}

std::string no_customer_by_id_message(const PaymentInput& input) {
  return "Payment: no customer " + std::to_string(input.c_id) + " in warehouse " +
         std::to_string(input.c_w_id) + " district " + std::to_string(input.c_d_id);
}

// The one statement as a transaction of its own, as a procedure's call
// (run_call): at read committed without BEGIN and COMMIT, which would cost
// the server two statements more; the statement's result.
QueryResult pay_in_one_statement(Session& session, const PaymentInput& input,
                                 const TpccTerminal& terminal) {
  Params customer;
  customer.add(input.c_w_id).add(input.c_d_id);
  if (input.by_last_name) {
    customer.add(input.c_last);
  } else {
    customer.add(input.c_id);
  }
  customer.add(input.w_id).add(input.d_id).add_cents(input.amount_cents);
  return run_call(session, terminal, input.by_last_name ? kCustomerByLastName : kCustomerById,
                  customer);
}

}  // namespace

PaymentInput generate_payment(Random& rng, const TpccTerminal& terminal) {
  PaymentInput input;
  input.w_id = terminal.w_id;                                             // 2.5.1.1
  input.d_id = static_cast<int>(rng.uniform(1, kDistrictsPerWarehouse));  // 2.5.1.2
  // 2.5.1.2 x = random(1, 100): x <= 85 the home warehouse and district;
  // otherwise a random other warehouse (never the home one, and only when
  // there is one) and a random district.
  input.c_w_id = input.w_id;
  input.c_d_id = input.d_id;
  if (rng.uniform(1, 100) > 85 && terminal.warehouses > 1) {
    const int other = static_cast<int>(rng.uniform(1, terminal.warehouses - 1));
    input.c_w_id = other >= input.w_id ? other + 1 : other;
    input.c_d_id = static_cast<int>(rng.uniform(1, kDistrictsPerWarehouse));
  }
  // 2.5.1.2 y = random(1, 100): y <= 60 by last name, otherwise by number.
  CustomerSelector customer = select_customer(rng, terminal.c_run);
  input.by_last_name = customer.by_last_name;
  input.c_id = customer.c_id;
  input.c_last = std::move(customer.c_last);
  input.amount_cents = rng.uniform(100, 500000);  // 2.5.1.3
  return input;
}

const char* payment_customer_pays_sql() { return kPaySql; }

const char* payment_customer_by_last_name_sql() { return kCustomerByLastNameSql; }

PaymentOutput read_paid_customer(const QueryResult& paid, const PaymentInput& input) {
  PaymentOutput out;
  if (paid.rows() != 1) {
    // By number the customer always exists on a correctly loaded database;
    // without one the statement changed nothing.
    throw SqlError(no_customer_by_id_message(input), "P0002");
  }
  out.c_id = paid.as_int(0, 0);
  out.c_first = paid.text(0, 1);
  out.c_middle = paid.text(0, 2);
  out.c_last = paid.text(0, 3);
  out.c_credit = paid.text(0, 4);
  out.c_credit_lim_cents = paid.as_cents(0, 5);
  out.c_discount = paid.as_double(0, 6);
  out.c_balance_cents = paid.as_cents(0, 7);
  out.c_data = paid.text(0, 8);
  return out;
}

PaymentOutput pay(Session& session, const PaymentInput& input, const TpccTerminal& terminal) {
  try {
    if (terminal.citus_statements) return pay_on_citus(session, input, terminal);
    const QueryResult paid = pay_in_one_statement(session, input, terminal);
    PaymentOutput out = read_paid_customer(paid, input);
    out.w_name = paid.text(0, 9);
    out.d_name = paid.text(0, 10);
    return out;
  } catch (const SqlError& e) {
    // The cast of the "no customer" text to int (kCustomerByLastNameSql).
    const std::string what = e.what();
    if (e.sqlstate == "22P02" && what.find("no customer with C_") != std::string::npos) {
      if (input.by_last_name) throw SqlError(no_customer_message(input), e.sqlstate);
      throw SqlError(no_customer_by_id_message(input), "P0002");
    }
    throw;
  }
}

Outcome execute_payment(Session& session, const PaymentInput& input, const TpccTerminal& terminal,
                        TxnAudit& audit) {
  audit.remote_payment = input.remote();
  audit.by_last_name = input.by_last_name;
  if (terminal.mode == Mode::Procedures) {
    call_payment(session, input, terminal);
  } else {
    pay(session, input, terminal);
  }
  return Outcome::Committed;
}

void prepare_payment_statements(Session& session) {
  session.prepare(kCustomerById, one_statement_sql(kCustomerByIdSql), Session::Counted::AsWrite);
  session.prepare(kCustomerByLastName, one_statement_sql(kCustomerByLastNameSql),
                  Session::Counted::AsWrite);
  prepare_citus_payment_statements(session);
}

}  // namespace tpcc
