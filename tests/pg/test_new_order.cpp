// New-Order (2.4) against a database loaded by `tpcc prepare`: exactly the
// rows the spec names change, the 1% rollback changes nothing, and
// concurrent orders neither deadlock nor break the consistency conditions.
#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <pqxx/pqxx>

#include "check/runner.hpp"
#include "db/session.hpp"
#include "spec/constants.hpp"
#include "terminal/engine/transaction.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/terminal_context.hpp"
#include "workloads/tpcc/new_order.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/transactions.hpp"

namespace {

// Two warehouses loaded once for the whole file (tpcc::test::loaded_database).
constexpr const char* kDatabase = "tpcc_new_order";
constexpr int kWarehouses = 2;
using tpcc::test::loaded_database;

tpcc::TpccTerminal terminal_for(int w_id, int d_id = 1) {
  return tpcc::test::terminal_context(w_id, d_id, 2, {100, 200, 300});
}

std::unique_ptr<tpcc::Session> new_session() {
  auto session = std::make_unique<tpcc::Session>(loaded_database(kDatabase, kWarehouses));
  tpcc::prepare_transaction_statements(*session);
  return session;
}

long long scalar(const std::string& sql) {
  return tpcc::test::scalar(loaded_database(kDatabase, kWarehouses), sql);
}

void execute(const std::string& sql) {
  tpcc::test::execute(loaded_database(kDatabase, kWarehouses), sql);
}

struct StockRow {
  int quantity = 0;
  int ytd = 0;
  int order_cnt = 0;
  int remote_cnt = 0;
  std::string dist_04;
};

StockRow read_stock(int w_id, int i_id) {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  pqxx::work work{connection};
  const pqxx::row row = work.exec1(
      "select s_quantity, s_ytd, s_order_cnt, s_remote_cnt, s_dist_04 from bmsql_stock "
      "where s_w_id = " +
      std::to_string(w_id) + " and s_i_id = " + std::to_string(i_id));
  return {row[0].as<int>(), row[1].as<int>(), row[2].as<int>(), row[3].as<int>(),
          row[4].as<std::string>()};
}

// 2.4.2.2 applied line by line, as the spec words it.
int after_line(int s_quantity, int ol_quantity) {
  return s_quantity - ol_quantity >= 10 ? s_quantity - ol_quantity : s_quantity - ol_quantity + 91;
}

struct Totals {
  long long next_o_id_sum;
  long long orders;
  long long new_orders;
  long long order_lines;
  long long stock_quantity;
  long long stock_ytd;
  long long stock_order_cnt;
};

Totals totals() {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  pqxx::work work{connection};
  auto one = [&](const std::string& sql) { return work.exec1(sql)[0].as<long long>(); };
  return {one("select sum(d_next_o_id) from bmsql_district"),
          one("select count(*) from bmsql_oorder"),
          one("select count(*) from bmsql_new_order"),
          one("select count(*) from bmsql_order_line"),
          one("select sum(s_quantity) from bmsql_stock"),
          one("select sum(s_ytd) from bmsql_stock"),
          one("select sum(s_order_cnt) from bmsql_stock")};
}

}  // namespace

TEST_CASE("2.4.2.2 New-Order writes one order, its lines and the stock it names", "[new_order]") {
  // Starting quantities chosen to exercise the +91 rule, also across two
  // lines of the same item: 15 -5 -> 10, then 10 -4 -> 6 + 91 = 97.
  execute("update bmsql_stock set s_quantity = 15 where s_w_id = 1 and s_i_id = 1000");
  execute("update bmsql_stock set s_quantity = 12 where s_w_id = 1 and s_i_id = 3000");

  tpcc::NewOrderInput input;
  input.w_id = 1;
  input.d_id = 4;
  input.c_id = 17;
  input.lines = {{1000, 1, 5}, {2000, 2, 3}, {1000, 1, 4}, {3000, 1, 7}, {4000, 1, 2}};

  // Stock rows touched, before, and what each should become.
  const std::vector<std::pair<int, int>> keys = {{1, 1000}, {2, 2000}, {1, 3000}, {1, 4000}};
  std::map<std::pair<int, int>, StockRow> before;
  std::map<std::pair<int, int>, StockRow> expected;
  for (const auto& key : keys) before[key] = expected[key] = read_stock(key.first, key.second);
  for (const auto& line : input.lines) {
    StockRow& row = expected[{line.supply_w_id, line.i_id}];
    row.quantity = after_line(row.quantity, line.quantity);
    row.ytd += line.quantity;
    row.order_cnt += 1;
    row.remote_cnt += line.supply_w_id != input.w_id ? 1 : 0;
  }
  CHECK(expected[{1, 1000}].quantity == 97);
  CHECK(expected[{1, 3000}].quantity == 96);

  const long long next_o_id =
      scalar("select d_next_o_id from bmsql_district where d_w_id = 1 and d_id = 4");
  const Totals start = totals();

  auto session = new_session();
  session->take_statement_counts();
  const tpcc::NewOrderOutput out = tpcc::place_new_order(*session, input, terminal_for(1));
  CHECK_FALSE(session->in_transaction());
  REQUIRE_FALSE(out.rolled_back);
  CHECK(out.o_id == next_o_id);
  // On one server, one statement per round trip besides BEGIN and COMMIT:
  // each statement costs the server an executor start-up and end.
  const tpcc::StatementCounts statements = session->take_statement_counts();
  CHECK(statements.other == 2);
  // Both change rows under a SELECT tag (data-modifying CTEs): counted as
  // writes, as sysbench's r/w/o split means them.
  CHECK(statements.writes == 2);
  CHECK(statements.reads == 0);

  // District: D_NEXT_O_ID advanced by one; one order, one new-order, 5 lines.
  const Totals end = totals();
  CHECK(end.next_o_id_sum == start.next_o_id_sum + 1);
  CHECK(scalar("select d_next_o_id from bmsql_district where d_w_id = 1 and d_id = 4") ==
        next_o_id + 1);
  CHECK(end.orders == start.orders + 1);
  CHECK(end.new_orders == start.new_orders + 1);
  CHECK(end.order_lines == start.order_lines + 5);

  const std::string order = "o_w_id = 1 and o_d_id = 4 and o_id = " + std::to_string(out.o_id);
  CHECK(scalar("select count(*) from bmsql_oorder where " + order +
               " and o_c_id = 17 and o_ol_cnt = 5 and o_all_local = 0"
               " and o_carrier_id is null and o_entry_d is not null") == 1);
  CHECK(scalar("select count(*) from bmsql_new_order where no_w_id = 1 and no_d_id = 4 "
               "and no_o_id = " +
               std::to_string(out.o_id)) == 1);

  // Order lines: numbers 1..5 in input order, OL_AMOUNT = qty * I_PRICE,
  // OL_DIST_INFO = S_DIST_04 of the supplying stock row, not delivered.
  {
    pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
    pqxx::work work{connection};
    const pqxx::result lines = work.exec(
        "select ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, "
        "       ol_dist_info, ol_delivery_d is null, i_price * ol_quantity "
        "  from bmsql_order_line join bmsql_item on i_id = ol_i_id "
        " where ol_w_id = 1 and ol_d_id = 4 and ol_o_id = " +
        std::to_string(out.o_id) + " order by ol_number");
    REQUIRE(lines.size() == 5);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const auto& line = input.lines[i];
      CHECK(lines[i][0].as<int>() == static_cast<int>(i) + 1);
      CHECK(lines[i][1].as<int>() == line.i_id);
      CHECK(lines[i][2].as<int>() == line.supply_w_id);
      CHECK(lines[i][3].as<int>() == line.quantity);
      CHECK(lines[i][4].as<std::string>() == lines[i][7].as<std::string>());
      CHECK(lines[i][5].as<std::string>() == before[{line.supply_w_id, line.i_id}].dist_04);
      CHECK(lines[i][6].as<bool>());
      CHECK(out.lines[i].amount_cents ==
            static_cast<std::int64_t>(lines[i][4].as<double>() * 100 + 0.5));
    }
  }

  // Stock: exactly the rows named, changed by the 2.4.2.2 rules.
  for (const auto& key : keys) {
    const StockRow now = read_stock(key.first, key.second);
    INFO("stock " << key.first << "/" << key.second);
    CHECK(now.quantity == expected[key].quantity);
    CHECK(now.ytd == expected[key].ytd);
    CHECK(now.order_cnt == expected[key].order_cnt);
    CHECK(now.remote_cnt == expected[key].remote_cnt);
  }
  CHECK(end.stock_ytd == start.stock_ytd + 21);
  CHECK(end.stock_order_cnt == start.stock_order_cnt + 5);
  CHECK(out.lines[0].s_quantity == 97);
  CHECK(out.lines[2].s_quantity == 97);
  CHECK(out.lines[1].s_quantity == expected[{2, 2000}].quantity);
  CHECK(out.total > 0);
  CHECK(out.c_last == tpcc::test::scalar_text(loaded_database(kDatabase, kWarehouses),
                                              "select c_last from bmsql_customer where c_w_id = 1 "
                                              "and c_d_id = 4 and c_id = 17"));
}

TEST_CASE("2.4.2.3 the New-Order with an unused item rolls back and changes nothing",
          "[new_order]") {
  tpcc::NewOrderInput input;
  input.w_id = 2;
  input.d_id = 9;
  input.c_id = 321;
  input.rollback = true;
  input.lines = {{10, 2, 3}, {20, 1, 4}, {30, 2, 5}, {40, 2, 6}, {tpcc::kUnusedItemId, 2, 7}};
  const Totals start = totals();
  const long long next_o_id =
      scalar("select d_next_o_id from bmsql_district where d_w_id = 2 and d_id = 9");

  auto session = new_session();
  tpcc::TxnAudit audit;
  CHECK(tpcc::execute_new_order(*session, input, terminal_for(2), audit) ==
        tpcc::Outcome::RolledBack);
  CHECK(audit.order_lines == 5);
  CHECK(audit.remote_order_lines == 1);
  CHECK_FALSE(session->in_transaction());

  const Totals end = totals();
  CHECK(end.next_o_id_sum == start.next_o_id_sum);
  CHECK(scalar("select d_next_o_id from bmsql_district where d_w_id = 2 and d_id = 9") ==
        next_o_id);
  CHECK(end.orders == start.orders);
  CHECK(end.new_orders == start.new_orders);
  CHECK(end.order_lines == start.order_lines);
  CHECK(end.stock_quantity == start.stock_quantity);
  CHECK(end.stock_ytd == start.stock_ytd);
  CHECK(end.stock_order_cnt == start.stock_order_cnt);

  // The session goes on with the next order.
  input.lines.back().i_id = 50;
  input.rollback = false;
  CHECK(tpcc::execute_new_order(*session, input, terminal_for(2), audit) ==
        tpcc::Outcome::Committed);
  CHECK(totals().orders == start.orders + 1);
}

TEST_CASE("2.4.2.2 New-Orders locking the same stock in opposite line order do not deadlock",
          "[new_order]") {
  // Two terminals of one warehouse, different districts (so the district
  // row does not serialise them), ordering the same ten items in opposite
  // orders: without locking stock in (S_W_ID, S_I_ID) order they deadlock.
  constexpr int kOrders = 60;
  std::vector<tpcc::TxnResult> results[2];
  auto worker = [&](int which) {
    auto session = new_session();
    tpcc::NewOrderInput input;
    input.w_id = 1;
    input.d_id = which == 0 ? 2 : 3;
    input.c_id = 5;
    for (int n = 0; n < 10; ++n) {
      const int i_id = which == 0 ? 500 + n : 509 - n;
      input.lines.push_back({i_id, 1, 1});
    }
    for (int i = 0; i < kOrders; ++i) {
      tpcc::TxnResult result;
      try {
        tpcc::TxnAudit audit;
        result.outcome =
            tpcc::execute_new_order(*session, input, terminal_for(1, input.d_id), audit);
      } catch (const tpcc::RetryableError& e) {
        result.outcome = tpcc::Outcome::Error;
        result.error = e.what();
      }
      results[which].push_back(result);
    }
  };
  std::thread first{worker, 0};
  std::thread second{worker, 1};
  first.join();
  second.join();
  for (const auto& side : results) {
    REQUIRE(side.size() == static_cast<std::size_t>(kOrders));
    for (const auto& result : side) {
      INFO(result.error);
      CHECK(result.outcome == tpcc::Outcome::Committed);
    }
  }
}

TEST_CASE("2.4 generated New-Orders from two terminals keep the database consistent",
          "[new_order][transactions]") {
  constexpr int kPerTerminal = 150;
  int outcomes[2][3] = {};
  auto worker = [&](int w_id) {
    auto session = new_session();
    tpcc::Random rng{static_cast<std::uint64_t>(1000 + w_id)};
    const auto terminal = terminal_for(w_id, 5);
    for (int i = 0; i < kPerTerminal; ++i) {
      const tpcc::TxnResult result =
          tpcc::run_transaction(tpcc::kNewOrder, *session, rng, terminal);
      ++outcomes[w_id - 1][static_cast<int>(result.outcome)];
    }
  };
  std::thread first{worker, 1};
  std::thread second{worker, 2};
  first.join();
  second.join();
  for (int w = 0; w < 2; ++w) {
    CHECK(outcomes[w][static_cast<int>(tpcc::Outcome::Error)] == 0);
    CHECK(outcomes[w][static_cast<int>(tpcc::Outcome::Committed)] > kPerTerminal * 9 / 10);
  }
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  const auto checks = tpcc::run_consistency_checks(connection, false, nullptr);
  for (const auto& check : checks) {
    INFO(tpcc::format_result_line(check));
    CHECK((check.skipped || check.violations == 0));
  }
}

TEST_CASE("run_transaction runs each of the five transactions at every isolation level",
          "[transactions]") {
  auto session = new_session();
  tpcc::Random rng{77};
  const auto isolation = GENERATE(tpcc::Isolation::ReadCommitted, tpcc::Isolation::RepeatableRead,
                                  tpcc::Isolation::Serializable);
  for (int type = 0; type < tpcc::kTxnTypes; ++type) {
    auto terminal = terminal_for(1, 6);
    terminal.isolation = isolation;
    terminal.read_only = tpcc::kTransactions[static_cast<std::size_t>(type)].read_only;
    for (int i = 0; i < 10; ++i) {
      const tpcc::TxnResult result =
          tpcc::run_transaction(static_cast<tpcc::TxnIndex>(type), *session, rng, terminal);
      INFO(tpcc::kTransactions[static_cast<std::size_t>(type)].name << ": " << result.error);
      CHECK(result.outcome != tpcc::Outcome::Error);
      CHECK_FALSE(session->in_transaction());
    }
  }
}
