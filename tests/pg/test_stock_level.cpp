// Stock-Level (2.8) against a loaded database, compared with a count made
// step by step in the test.
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <pqxx/errorhandler>
#include <pqxx/pqxx>

#include "db/session.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "workloads/tpcc/stock_level.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace {

// One warehouse loaded once for the whole file (tpcc::test::loaded_database).
constexpr const char* kDatabase = "tpcc_txn_stock_level";
constexpr int kWarehouses = 1;
using tpcc::test::loaded_database;

std::unique_ptr<tpcc::Session> stock_level_session() {
  auto session = std::make_unique<tpcc::Session>(loaded_database(kDatabase, kWarehouses));
  tpcc::prepare_stock_level_statements(*session);
  return session;
}

tpcc::StockLevelInput input_for(int d_id, int threshold) {
  tpcc::StockLevelInput input;
  input.w_id = 1;
  input.d_id = d_id;
  input.threshold = threshold;
  return input;
}

// 2.8.2.2 step by step: D_NEXT_O_ID, the items of the last 20 orders, and
// their stock (item -> S_QUANTITY), to be counted here rather than in SQL.
std::map<int, int> recent_item_stock(pqxx::connection& connection, int d_id) {
  pqxx::read_transaction t{connection};
  const std::string district = std::to_string(d_id);
  const int next_o_id = t.exec1(
                             "select d_next_o_id from bmsql_district where d_w_id = 1"
                             " and d_id = " +
                             district)[0]
                            .as<int>();
  std::string items;
  for (const pqxx::row& line :
       t.exec("select ol_i_id from bmsql_order_line where ol_w_id = 1 and ol_d_id = " + district +
              " and ol_o_id between " + std::to_string(next_o_id - 20) + " and " +
              std::to_string(next_o_id - 1))) {
    items += (items.empty() ? "" : ",") + std::string{line[0].c_str()};
  }
  std::map<int, int> stock;
  if (items.empty()) return stock;
  for (const pqxx::row& row : t.exec("select s_i_id, s_quantity from bmsql_stock where s_w_id = 1"
                                     " and s_i_id in (" +
                                     items + ")")) {
    stock[row[0].as<int>()] = row[1].as<int>();
  }
  return stock;
}

int count_below(const std::map<int, int>& stock, int threshold) {
  int count = 0;
  for (const auto& item : stock) count += item.second < threshold ? 1 : 0;
  return count;
}

int expected_low_stock(pqxx::connection& connection, int d_id, int threshold) {
  return count_below(recent_item_stock(connection, d_id), threshold);
}

using tpcc::test::execute;

}  // namespace

TEST_CASE(
    "2.8.2.2 Stock-Level counts what a step-by-step count finds, every district and "
    "threshold",
    "[stock_level]") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  auto session = stock_level_session();
  int nonzero = 0;
  for (int d_id = 1; d_id <= 10; ++d_id) {
    const auto stock = recent_item_stock(connection, d_id);
    REQUIRE(stock.size() >= 20);  // 20 orders of 5..15 lines
    for (int threshold = 10; threshold <= 20; ++threshold) {
      INFO("district " << d_id << " threshold " << threshold);
      const int count =
          tpcc::count_low_stock(*session, input_for(d_id, threshold), tpcc::TpccTerminal{});
      CHECK(count == count_below(stock, threshold));
      nonzero += count > 0 ? 1 : 0;
    }
  }
  // 4.3.3.1 S_QUANTITY is uniform in 10..100, so some counts are not zero.
  CHECK(nonzero > 0);
}

TEST_CASE(
    "2.8.2.2 Stock-Level counts an item once, only from the last 20 orders, and only "
    "below the threshold",
    "[stock_level]") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  const int next_o_id = static_cast<int>(tpcc::test::scalar(
      connection, "select d_next_o_id from bmsql_district where d_w_id = 1 and d_id = 6"));
  // Every line of the last 20 orders sells item 77 (stock 15); a line of
  // the 21st order back sells item 78 (stock 1).
  execute(connection,
          "update bmsql_order_line set ol_i_id = 77 where ol_w_id = 1 and ol_d_id = 6"
          " and ol_o_id >= " +
              std::to_string(next_o_id - 20));
  execute(connection,
          "update bmsql_order_line set ol_i_id = 78 where ol_w_id = 1 and ol_d_id = 6"
          " and ol_o_id = " +
              std::to_string(next_o_id - 21) + " and ol_number = 1");
  execute(connection, "update bmsql_stock set s_quantity = 15 where s_w_id = 1 and s_i_id = 77");
  execute(connection, "update bmsql_stock set s_quantity = 1 where s_w_id = 1 and s_i_id = 78");

  auto session = stock_level_session();
  for (int threshold = 10; threshold <= 20; ++threshold) {
    INFO("threshold " << threshold);
    const int count =
        tpcc::count_low_stock(*session, input_for(6, threshold), tpcc::TpccTerminal{});
    CHECK(count == (threshold > 15 ? 1 : 0));
    CHECK(count == expected_low_stock(connection, 6, threshold));
  }
}

TEST_CASE("2.8 Stock-Level runs with generated inputs at every isolation level", "[stock_level]") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  auto session = stock_level_session();
  tpcc::Random rng{8};
  for (const tpcc::Isolation isolation :
       {tpcc::Isolation::ReadCommitted, tpcc::Isolation::RepeatableRead,
        tpcc::Isolation::Serializable}) {
    tpcc::TpccTerminal terminal;
    terminal.w_id = 1;
    terminal.d_id = 3;
    terminal.isolation = isolation;
    for (int i = 0; i < 20; ++i) {
      const auto input = tpcc::generate_stock_level(rng, terminal);
      tpcc::TxnAudit audit;
      CHECK(tpcc::execute_stock_level(*session, input, terminal, audit) ==
            tpcc::Outcome::Committed);
    }
    const auto input = tpcc::generate_stock_level(rng, terminal);
    CHECK(tpcc::count_low_stock(*session, input, terminal) ==
          expected_low_stock(connection, 3, input.threshold));
  }
}

namespace {

// A database whose ORDER-LINE has grown as in a long run: 1.5 million more
// lines (orders after D_NEXT_O_ID, so the last 20 orders stay those of the
// load), then analysed as autovacuum would.
const std::string& grown_database() {
  static const std::string conninfo = [] {
    const std::string db = tpcc::test::prepared_database("tpcc_stock_level_grown", 1);
    execute(db,
            "insert into bmsql_order_line (ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id,"
            " ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info)"
            " select 1, d, 3000 + o, n, 1 + (o * 10 + n) % 100000, 1, 5, 0, 'grown'"
            " from generate_series(1, 10) d, generate_series(1, 15000) o,"
            " generate_series(1, 10) n");
    tpcc::test::execute_outside_transaction(db, "analyze bmsql_order_line");
    return db;
  }();
  return conninfo;
}

std::string plan_text(const std::vector<tpcc::QueryResult>& results) {
  std::string text;
  for (const tpcc::QueryResult& result : results) {
    for (int row = 0; row < result.rows(); ++row) text += std::string{result.text(row, 0)} + "\n";
  }
  return text;
}

// Collects the notices of a connection: auto_explain's plans at level notice.
class Notices : public pqxx::errorhandler {
 public:
  explicit Notices(pqxx::connection_base& connection) : pqxx::errorhandler(connection) {}
  bool operator()(const char message[]) noexcept override {
    text += message;
    return false;
  }
  std::string text;
};

}  // namespace

TEST_CASE("2.8.2.2 Stock-Level reads STOCK by its index however large ORDER-LINE grows",
          "[stock_level]") {
  const std::string& db = grown_database();
  for (const std::string plan_cache_mode : {"force_generic_plan", "force_custom_plan"}) {
    INFO(plan_cache_mode);
    // Statements mode: the plan of the prepared statement.
    tpcc::Session session{db};
    tpcc::prepare_stock_level_statements(session);
    session.queue_command("select name from pg_prepared_statements");
    const std::string name = session.flush().at(0).text(0, 0);
    session.queue_command("set plan_cache_mode = " + plan_cache_mode);
    session.queue_command("explain execute " + name + "(1, 1, 15)");
    const std::string plan = plan_text(session.flush());
    INFO(plan);
    CHECK(plan.find("Index Scan using bmsql_stock_pkey") != std::string::npos);
    CHECK(plan.find("Seq Scan on bmsql_stock") == std::string::npos);

    // Procedures mode: auto_explain shows the plan of the query inside
    // tpcc_stock_level as a notice.
    pqxx::connection connection{db};
    Notices notices{connection};
    pqxx::nontransaction t{connection};
    t.exec("load 'auto_explain'");
    t.exec("set auto_explain.log_min_duration = 0");
    t.exec("set auto_explain.log_nested_statements = on");
    t.exec("set auto_explain.log_level = notice");
    t.exec("set plan_cache_mode = " + plan_cache_mode);
    t.exec("select tpcc_stock_level(1, 1, 15)");
    INFO(notices.text);
    CHECK(notices.text.find("Index Scan using bmsql_stock_pkey") != std::string::npos);
    CHECK(notices.text.find("Seq Scan on bmsql_stock") == std::string::npos);
  }
  // And the count is still the one of the last 20 orders.
  pqxx::connection connection{db};
  tpcc::Session session{db};
  tpcc::prepare_stock_level_statements(session);
  for (int threshold = 10; threshold <= 20; threshold += 5) {
    CHECK(tpcc::count_low_stock(session, input_for(4, threshold), tpcc::TpccTerminal{}) ==
          expected_low_stock(connection, 4, threshold));
  }
}
