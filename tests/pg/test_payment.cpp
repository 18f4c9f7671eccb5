// Payment (2.5) against a database loaded by `tpcc prepare`: the amount
// moves through warehouse, district, customer and history, by number and
// by last name, and a bad-credit customer's C_DATA records the payment.
#include <catch2/catch.hpp>

#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include <pqxx/pqxx>

#include "check/runner.hpp"
#include "db/session.hpp"
#include "spec/audit_tallies.hpp"
#include "terminal/engine/transaction.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/terminal_context.hpp"
#include "workloads/tpcc/customer_lookup.hpp"
#include "workloads/tpcc/payment.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/transactions.hpp"

namespace {

// Two warehouses loaded once for the whole file (tpcc::test::loaded_database).
constexpr const char* kDatabase = "tpcc_payment";
constexpr int kWarehouses = 2;
using tpcc::test::loaded_database;

tpcc::TpccTerminal terminal_for(int w_id) {
  return tpcc::test::terminal_context(w_id, 1, 2, {100, 200, 300});
}

std::unique_ptr<tpcc::Session> new_session() {
  auto session = std::make_unique<tpcc::Session>(loaded_database(kDatabase, kWarehouses));
  tpcc::prepare_transaction_statements(*session);
  return session;
}

// Money as exact cents from numeric text.
long long cents(const pqxx::field& field) {
  const std::string text = field.as<std::string>();
  const bool negative = !text.empty() && text[0] == '-';
  const std::string digits = negative ? text.substr(1) : text;
  const auto dot = digits.find('.');
  long long value = std::stoll(digits.substr(0, dot)) * 100;
  if (dot != std::string::npos) {
    std::string fraction = digits.substr(dot + 1) + "00";
    value += std::stoll(fraction.substr(0, 2));
  }
  return negative ? -value : value;
}

struct Balances {
  long long w_ytd;
  long long d_ytd;
  long long c_balance;
  long long c_ytd_payment;
  int c_payment_cnt;
  std::string c_data;
  long long history_rows;
  long long history_cents;
};

Balances balances(int w_id, int d_id, int c_w_id, int c_d_id, int c_id) {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  pqxx::work work{connection};
  const std::string w = std::to_string(w_id);
  const std::string d = std::to_string(d_id);
  const std::string customer = "c_w_id = " + std::to_string(c_w_id) +
                               " and c_d_id = " + std::to_string(c_d_id) +
                               " and c_id = " + std::to_string(c_id);
  const pqxx::row c = work.exec1(
      "select c_balance, c_ytd_payment, c_payment_cnt, c_data from bmsql_customer where " +
      customer);
  const pqxx::row h = work.exec1(
      "select count(*), coalesce(sum(h_amount), 0) from bmsql_history where h_c_w_id = " +
      std::to_string(c_w_id) + " and h_c_d_id = " + std::to_string(c_d_id) +
      " and h_c_id = " + std::to_string(c_id) + " and h_w_id = " + w + " and h_d_id = " + d);
  return {cents(work.exec1("select w_ytd from bmsql_warehouse where w_id = " + w)[0]),
          cents(work.exec1("select d_ytd from bmsql_district where d_w_id = " + w +
                           " and d_id = " + d)[0]),
          cents(c[0]),
          cents(c[1]),
          c[2].as<int>(),
          c[3].as<std::string>(),
          h[0].as<long long>(),
          cents(h[1])};
}

long long scalar(const std::string& sql) {
  return tpcc::test::scalar(loaded_database(kDatabase, kWarehouses), sql);
}

long long w_ytd_cents(int w_id) {
  return scalar("select (w_ytd * 100)::bigint from bmsql_warehouse where w_id = " +
                std::to_string(w_id));
}

std::string text(const std::string& sql) {
  return tpcc::test::scalar_text(loaded_database(kDatabase, kWarehouses), sql);
}

void check_moved(const Balances& before, const Balances& after, long long amount) {
  CHECK(after.w_ytd == before.w_ytd + amount);
  CHECK(after.d_ytd == before.d_ytd + amount);
  CHECK(after.c_balance == before.c_balance - amount);
  CHECK(after.c_ytd_payment == before.c_ytd_payment + amount);
  CHECK(after.c_payment_cnt == before.c_payment_cnt + 1);
  CHECK(after.history_rows == before.history_rows + 1);
  CHECK(after.history_cents == before.history_cents + amount);
}

}  // namespace

TEST_CASE("2.5.2.2 Payment by number moves the amount through W, D, C and history", "[payment]") {
  // A good-credit customer: C_DATA must not change.
  const int c_id = static_cast<int>(
      scalar("select min(c_id) from bmsql_customer where c_w_id = 1 and c_d_id = 3 "
             "and c_credit = 'GC'"));
  tpcc::PaymentInput input;
  input.w_id = 1;
  input.d_id = 3;
  input.c_w_id = 1;
  input.c_d_id = 3;
  input.c_id = c_id;
  input.amount_cents = 12345;
  const Balances before = balances(1, 3, 1, 3, c_id);
  const long long all_history = scalar("select count(*) from bmsql_history");

  auto session = new_session();
  session->take_statement_counts();
  tpcc::TxnAudit audit;
  CHECK(tpcc::execute_payment(*session, input, terminal_for(1), audit) == tpcc::Outcome::Committed);
  CHECK_FALSE(audit.remote_payment);
  CHECK_FALSE(audit.by_last_name);
  CHECK_FALSE(session->in_transaction());
  // At read committed the one statement is its own transaction: no BEGIN
  // and no COMMIT for the server to run.
  const tpcc::StatementCounts statements = session->take_statement_counts();
  CHECK(statements.writes == 1);  // a data-modifying CTE under a SELECT tag
  CHECK(statements.reads == 0);
  CHECK(statements.other == 0);

  const Balances after = balances(1, 3, 1, 3, c_id);
  check_moved(before, after, 12345);
  CHECK(after.c_data == before.c_data);
  CHECK(scalar("select count(*) from bmsql_history") == all_history + 1);
  // H_DATA = W_NAME, four spaces, D_NAME.
  CHECK(text("select h_data from bmsql_history where h_c_w_id = 1 and h_c_d_id = 3 and "
             "h_c_id = " +
             std::to_string(c_id) + " and h_amount = 123.45") ==
        text("select w_name || '    ' || d_name from bmsql_warehouse, bmsql_district "
             "where w_id = 1 and d_w_id = 1 and d_id = 3"));
}

TEST_CASE("2.5.2.2 Payment for a remote customer charges the home warehouse and district",
          "[payment]") {
  tpcc::PaymentInput input;
  input.w_id = 1;
  input.d_id = 2;
  input.c_w_id = 2;
  input.c_d_id = 8;
  input.c_id = 2999;
  input.amount_cents = 500000;
  const long long w2_ytd = w_ytd_cents(2);
  const Balances before = balances(1, 2, 2, 8, 2999);
  auto session = new_session();
  tpcc::TxnAudit audit;
  CHECK(tpcc::execute_payment(*session, input, terminal_for(1), audit) == tpcc::Outcome::Committed);
  CHECK(audit.remote_payment);
  check_moved(before, balances(1, 2, 2, 8, 2999), 500000);
  CHECK(w_ytd_cents(2) == w2_ytd);
}

TEST_CASE("2.5.2.2 Payment by last name pays the customer at position ceil(n/2) by C_FIRST",
          "[payment]") {
  // A last name with several customers in warehouse 2, district 5.
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  std::string c_last;
  std::vector<int> by_first;
  {
    pqxx::work work{connection};
    c_last = work.exec1(
                     "select c_last from bmsql_customer where c_w_id = 2 and c_d_id = 5 "
                     "group by c_last having count(*) >= 4 order by count(*) desc, c_last "
                     "limit 1")[0]
                 .as<std::string>();
    for (const auto& row : work.exec("select c_id from bmsql_customer where c_w_id = 2 and "
                                     "c_d_id = 5 and c_last = " +
                                     work.quote(c_last) + " order by c_first, c_id")) {
      by_first.push_back(row[0].as<int>());
    }
  }
  REQUIRE(by_first.size() >= 4);
  const int n = static_cast<int>(by_first.size());
  // Position ceil(n/2), 1-based.
  const int middle = by_first[static_cast<std::size_t>((n + 1) / 2 - 1)];
  CHECK(middle == by_first[static_cast<std::size_t>(tpcc::middle_customer_offset(n))]);

  tpcc::PaymentInput input;
  input.w_id = 2;
  input.d_id = 5;
  input.c_w_id = 2;
  input.c_d_id = 5;
  input.by_last_name = true;
  input.c_last = c_last;
  input.amount_cents = 777;
  const Balances before = balances(2, 5, 2, 5, middle);
  auto session = new_session();
  const tpcc::PaymentOutput out = tpcc::pay(*session, input, terminal_for(2));
  CHECK(out.c_id == middle);
  CHECK(out.c_last == c_last);
  CHECK(out.c_balance_cents == before.c_balance - 777);
  check_moved(before, balances(2, 5, 2, 5, middle), 777);
  // The other customers of that name were not charged.
  for (int c_id : by_first) {
    if (c_id == middle) continue;
    CHECK(scalar("select c_payment_cnt from bmsql_customer where c_w_id = 2 and c_d_id = 5 "
                 "and c_id = " +
                 std::to_string(c_id)) == 1);
  }
}

TEST_CASE("2.5.2.2 a bad-credit customer's C_DATA gets the payment in front, at most 500",
          "[payment]") {
  const int c_id = static_cast<int>(
      scalar("select min(c_id) from bmsql_customer where c_w_id = 1 and c_d_id = 7 "
             "and c_credit = 'BC'"));
  tpcc::PaymentInput input;
  input.w_id = 2;
  input.d_id = 4;
  input.c_w_id = 1;
  input.c_d_id = 7;
  input.c_id = c_id;
  input.amount_cents = 4250;
  const Balances before = balances(2, 4, 1, 7, c_id);
  auto session = new_session();
  const tpcc::PaymentOutput out = tpcc::pay(*session, input, terminal_for(2));
  CHECK(out.c_credit == "BC");
  const Balances after = balances(2, 4, 1, 7, c_id);
  check_moved(before, after, 4250);
  // C_ID, C_D_ID, C_W_ID, D_ID, W_ID, H_AMOUNT, then the old data, cut at 500.
  const std::string prefix = std::to_string(c_id) + " 7 1 4 2 42.50 ";
  CHECK(after.c_data.size() <= 500);
  CHECK(after.c_data.rfind(prefix, 0) == 0);
  CHECK(after.c_data.substr(prefix.size()) == before.c_data.substr(0, 500 - prefix.size()));
  CHECK(out.c_data == after.c_data.substr(0, 200));
}

TEST_CASE("2.5.2.2 a last name no customer has fails the Payment and changes nothing",
          "[payment]") {
  tpcc::PaymentInput input;
  input.w_id = 1;
  input.d_id = 1;
  input.c_w_id = 1;
  input.c_d_id = 1;
  input.by_last_name = true;
  input.c_last = "NOSUCHNAME";
  input.amount_cents = 100;
  const long long w_ytd = w_ytd_cents(1);
  const long long d_ytd =
      scalar("select (d_ytd * 100)::bigint from bmsql_district where d_w_id = 1 and d_id = 1");
  const long long history = scalar("select count(*) from bmsql_history");

  auto session = new_session();
  try {
    tpcc::pay(*session, input, terminal_for(1));
    FAIL("paid a customer that does not exist");
  } catch (const tpcc::SqlError& e) {
    CHECK(std::string{e.what()}.find("NOSUCHNAME") != std::string::npos);
  }
  CHECK_FALSE(session->in_transaction());
  CHECK(w_ytd_cents(1) == w_ytd);
  CHECK(scalar("select (d_ytd * 100)::bigint from bmsql_district where d_w_id = 1 and d_id = 1") ==
        d_ytd);
  CHECK(scalar("select count(*) from bmsql_history") == history);

  // Counted as an error by the dispatcher, not retried; the session goes on.
  tpcc::TxnAudit audit;
  input.c_last = "BARBARBAR";
  CHECK(tpcc::execute_payment(*session, input, terminal_for(1), audit) == tpcc::Outcome::Committed);
  CHECK(audit.by_last_name);

  // tpcc_payment, whose UPDATE of the customer chooses the one by name.
  input.c_last = "NOSUCHNAME";
  const long long w_ytd_before_call = w_ytd_cents(1);
  const long long history_before_call = scalar("select count(*) from bmsql_history");
  auto procedures = std::make_unique<tpcc::Session>(loaded_database(kDatabase, kWarehouses));
  tpcc::prepare_transaction_statements(*procedures, tpcc::Mode::Procedures);
  tpcc::TpccTerminal terminal = terminal_for(1);
  terminal.mode = tpcc::Mode::Procedures;
  CHECK_THROWS_WITH(tpcc::execute_payment(*procedures, input, terminal, audit),
                    Catch::Contains("NOSUCHNAME"));
  CHECK_FALSE(procedures->in_transaction());
  CHECK(w_ytd_cents(1) == w_ytd_before_call);
  CHECK(scalar("select count(*) from bmsql_history") == history_before_call);
  input.c_last = "BARBARBAR";
  CHECK(tpcc::execute_payment(*procedures, input, terminal, audit) == tpcc::Outcome::Committed);
  CHECK(w_ytd_cents(1) == w_ytd_before_call + 100);
}

TEST_CASE("2.5.2.2 a customer number that does not exist fails the Payment and changes nothing",
          "[payment]") {
  tpcc::PaymentInput input;
  input.w_id = 1;
  input.d_id = 2;
  input.c_w_id = 1;
  input.c_d_id = 2;
  input.c_id = 3001;  // one past the district's customers (4.3.3.1)
  input.amount_cents = 100;
  const std::string totals_sql =
      "select (select (w_ytd * 100)::bigint from bmsql_warehouse where w_id = 1) || '/' || "
      "(select (d_ytd * 100)::bigint from bmsql_district where d_w_id = 1 and d_id = 2) || '/' || "
      "(select count(*) from bmsql_history)";
  const std::string before =
      tpcc::test::scalar_text(loaded_database(kDatabase, kWarehouses), totals_sql);
  for (const tpcc::Mode mode : {tpcc::Mode::Statements, tpcc::Mode::Procedures}) {
    auto session = std::make_unique<tpcc::Session>(loaded_database(kDatabase, kWarehouses));
    tpcc::prepare_transaction_statements(*session, mode);
    tpcc::TpccTerminal terminal = terminal_for(1);
    terminal.mode = mode;
    tpcc::TxnAudit audit;
    CHECK_THROWS_WITH(tpcc::execute_payment(*session, input, terminal, audit),
                      Catch::Contains("3001"));
    CHECK_FALSE(session->in_transaction());
    CHECK(tpcc::test::scalar_text(loaded_database(kDatabase, kWarehouses), totals_sql) == before);
  }
}

TEST_CASE("2.5 generated Payments keep the database consistent", "[payment][transactions]") {
  auto session = new_session();
  tpcc::Random rng{4242};
  int errors = 0;
  int by_name = 0;
  constexpr int kPayments = 300;
  for (int i = 0; i < kPayments; ++i) {
    const tpcc::TxnResult result =
        tpcc::run_transaction(tpcc::kPayment, *session, rng, terminal_for(1 + i % 2));
    INFO(result.error);
    if (result.outcome == tpcc::Outcome::Error) ++errors;
    if (result.tallies[tpcc::kTallyByLastName] > 0) ++by_name;
  }
  CHECK(errors == 0);
  CHECK(by_name > kPayments / 3);
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  for (const auto& check : tpcc::run_consistency_checks(connection, false, nullptr)) {
    INFO(tpcc::format_result_line(check));
    CHECK((check.skipped || check.violations == 0));
  }
}

TEST_CASE("run_transaction retries a serialization failure with the same input",
          "[payment][transactions]") {
  const long long history = scalar("select count(*) from bmsql_history");
  const long long w_ytd = w_ytd_cents(1);
  // Another transaction holds the warehouse row; the Payment (repeatable
  // read) waits for it, then fails with 40001 when it commits, and is
  // retried.
  pqxx::connection blocker{loaded_database(kDatabase, kWarehouses)};
  pqxx::work holding{blocker};
  holding.exec("update bmsql_warehouse set w_ytd = w_ytd where w_id = 1");

  tpcc::TxnResult result;
  std::thread terminal{[&] {
    auto session = new_session();
    tpcc::Random rng{99};
    auto context = terminal_for(1);
    context.isolation = tpcc::Isolation::RepeatableRead;
    result = tpcc::run_transaction(tpcc::kPayment, *session, rng, context);
  }};
  // Commit once the Payment waits on the lock.
  for (int i = 0; i < 200; ++i) {
    pqxx::connection watcher{loaded_database(kDatabase, kWarehouses)};
    pqxx::nontransaction watch{watcher};
    if (watch
            .exec1("select count(*) from pg_stat_activity where wait_event_type = 'Lock' "
                   "and datname = current_database()")[0]
            .as<int>() > 0) {
      break;
    }
    watch.exec("select pg_sleep(0.02)");
  }
  holding.commit();
  terminal.join();

  INFO(result.error);
  CHECK(result.outcome == tpcc::Outcome::Committed);
  CHECK(result.retries == 1);
  // Applied once: one history row, and W_YTD moved by its amount.
  CHECK(scalar("select count(*) from bmsql_history") == history + 1);
  CHECK(w_ytd_cents(1) == w_ytd + scalar("select (h_amount * 100)::bigint from bmsql_history "
                                         "order by hist_id desc limit 1"));
}
