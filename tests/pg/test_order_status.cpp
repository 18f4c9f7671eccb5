// Order-Status (2.6) against a loaded database: the customer's last order
// and its lines, selected by number or by last name, and no change at all.
#include <catch2/catch.hpp>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <pqxx/pqxx>

#include "db/session.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "workloads/tpcc/order_status.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace {

// One warehouse loaded once for the whole file (tpcc::test::loaded_database).
constexpr const char* kDatabase = "tpcc_txn_order_status";
constexpr int kWarehouses = 1;
using tpcc::test::loaded_database;

std::unique_ptr<tpcc::Session> order_status_session() {
  auto session = std::make_unique<tpcc::Session>(loaded_database(kDatabase, kWarehouses));
  tpcc::prepare_order_status_statements(*session);
  return session;
}

tpcc::OrderStatusInput by_id(int d_id, int c_id) {
  tpcc::OrderStatusInput input;
  input.w_id = 1;
  input.d_id = d_id;
  input.customer.c_id = c_id;
  return input;
}

tpcc::OrderStatusInput by_name(int d_id, const std::string& c_last) {
  tpcc::OrderStatusInput input;
  input.w_id = 1;
  input.d_id = d_id;
  input.customer.by_last_name = true;
  input.customer.c_last = c_last;
  return input;
}

// The expected answer, found with plain queries one step at a time.
void check_against_plain_queries(pqxx::connection& connection, int d_id,
                                 const tpcc::OrderStatusOutput& out) {
  pqxx::read_transaction t{connection};
  const std::string where_district = " and o_w_id = 1 and o_d_id = " + std::to_string(d_id);
  const pqxx::row customer = t.exec1(
      "select c_first, c_middle, c_last, (c_balance * 100)::bigint from bmsql_customer"
      " where c_w_id = 1 and c_d_id = " +
      std::to_string(d_id) + " and c_id = " + std::to_string(out.c_id));
  CHECK(out.c_first == customer[0].as<std::string>());
  CHECK(out.c_middle == customer[1].as<std::string>());
  CHECK(out.c_last == customer[2].as<std::string>());
  CHECK(out.c_balance_cents == customer[3].as<long long>());

  const pqxx::row order = t.exec1(
      "select o_id, coalesce(o_carrier_id, 0), o_entry_d::text from bmsql_oorder"
      " where o_c_id = " +
      std::to_string(out.c_id) + where_district +
      " and o_id = (select max(o_id) from bmsql_oorder where o_c_id = " + std::to_string(out.c_id) +
      where_district + ")");
  CHECK(out.o_id == order[0].as<int>());
  CHECK(out.o_carrier_id == order[1].as<int>());
  CHECK(out.o_entry_d == order[2].as<std::string>());

  const pqxx::result lines = t.exec(
      "select ol_i_id, ol_supply_w_id, ol_quantity, (ol_amount * 100)::bigint,"
      " coalesce(ol_delivery_d::text, '') from bmsql_order_line"
      " where ol_w_id = 1 and ol_d_id = " +
      std::to_string(d_id) + " and ol_o_id = " + std::to_string(out.o_id) + " order by ol_number");
  REQUIRE(out.lines.size() == lines.size());
  REQUIRE(lines.size() >= 5);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO("line " << i + 1);
    CHECK(out.lines[i].i_id == lines[static_cast<int>(i)][0].as<int>());
    CHECK(out.lines[i].supply_w_id == lines[static_cast<int>(i)][1].as<int>());
    CHECK(out.lines[i].quantity == lines[static_cast<int>(i)][2].as<int>());
    CHECK(out.lines[i].amount_cents == lines[static_cast<int>(i)][3].as<long long>());
    CHECK(out.lines[i].delivery_d == lines[static_cast<int>(i)][4].as<std::string>());
  }
}

// Row count and a hash sum of every table: equal before and after means
// nothing was changed.
std::vector<std::string> table_fingerprints(pqxx::connection& connection) {
  pqxx::read_transaction t{connection};
  std::vector<std::string> prints;
  for (const char* table :
       {"bmsql_warehouse", "bmsql_district", "bmsql_customer", "bmsql_history", "bmsql_new_order",
        "bmsql_oorder", "bmsql_order_line", "bmsql_stock", "bmsql_item"}) {
    const pqxx::row row =
        t.exec1(std::string{"select count(*), coalesce(sum(hashtext(x::text)::bigint), 0) from "} +
                table + " x");
    prints.push_back(std::string{table} + " " + row[0].c_str() + " " + row[1].c_str());
  }
  return prints;
}

}  // namespace

TEST_CASE("2.6.2.2 Order-Status by C_ID returns the customer's last order and its lines",
          "[order_status]") {
  auto session = order_status_session();
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  for (const auto& [d_id, c_id] : std::vector<std::pair<int, int>>{{1, 1}, {3, 17}, {10, 3000}}) {
    INFO("district " << d_id << " customer " << c_id);
    const auto out = tpcc::query_order_status(*session, by_id(d_id, c_id), tpcc::TpccTerminal{});
    CHECK(out.c_id == c_id);
    CHECK(out.o_id > 0);
    check_against_plain_queries(connection, d_id, out);
  }
}

TEST_CASE("2.6.2.2 Order-Status shows the newest of several orders", "[order_status]") {
  // Customer 5 of district 2 gets the district's newest order as a second one.
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  const int owner = static_cast<int>(
      tpcc::test::scalar(connection,
                         "select o_c_id from bmsql_oorder where o_w_id = 1 and o_d_id = 2"
                         " and o_id = 3000"));
  REQUIRE(owner != 5);
  const tpcc::test::CommittedChange second_order{
      loaded_database(kDatabase, kWarehouses),
      "update bmsql_oorder set o_c_id = 5 where o_w_id = 1 and o_d_id = 2 and o_id = 3000",
      "update bmsql_oorder set o_c_id = " + std::to_string(owner) +
          " where o_w_id = 1 and o_d_id = 2 and o_id = 3000"};
  auto session = order_status_session();
  const auto out = tpcc::query_order_status(*session, by_id(2, 5), tpcc::TpccTerminal{});
  CHECK(out.o_id == 3000);
  CHECK(out.o_carrier_id == 0);  // 4.3.3.1 orders from 2101 on are undelivered
  REQUIRE_FALSE(out.lines.empty());
  for (const auto& line : out.lines) CHECK(line.delivery_d.empty());
  check_against_plain_queries(connection, 2, out);
}

TEST_CASE("2.6.2.2 Order-Status by C_LAST takes the customer at position ceil(n/2) by C_FIRST",
          "[order_status]") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  // Names shared by 1, 2, 3, ... customers of a district, to cover odd and even n.
  pqxx::result names;
  {
    pqxx::read_transaction t{connection};
    names = t.exec(
        "select distinct on (n) c_d_id, c_last, n from ("
        "  select c_d_id, c_last, count(*) as n from bmsql_customer where c_w_id = 1"
        "  group by c_d_id, c_last) counted order by n, c_d_id, c_last");
  }
  REQUIRE(names.size() >= 4);
  auto session = order_status_session();
  for (const pqxx::row& name : names) {
    const int d_id = name[0].as<int>();
    const std::string c_last = name[1].as<std::string>();
    const int n = name[2].as<int>();
    INFO("district " << d_id << " " << c_last << " shared by " << n);
    int expected = 0;
    {
      pqxx::read_transaction t{connection};
      const pqxx::result matches = t.exec(
          "select c_id from bmsql_customer where c_w_id = 1 and c_d_id = " + std::to_string(d_id) +
          " and c_last = " + t.quote(c_last) + " order by c_first, c_id");
      REQUIRE(static_cast<int>(matches.size()) == n);
      expected = matches[(n + 1) / 2 - 1][0].as<int>();  // 1-based position ceil(n/2)
    }
    const auto out =
        tpcc::query_order_status(*session, by_name(d_id, c_last), tpcc::TpccTerminal{});
    CHECK(out.c_id == expected);
    CHECK(out.c_last == c_last);
    check_against_plain_queries(connection, d_id, out);
  }
}

TEST_CASE(
    "2.6.2.2 Order-Status with an unknown last name throws SqlError and the session "
    "stays usable",
    "[order_status]") {
  auto session = order_status_session();
  CHECK_THROWS_AS(
      tpcc::query_order_status(*session, by_name(1, "NOSUCHNAME"), tpcc::TpccTerminal{}),
      tpcc::SqlError);
  CHECK_THROWS_WITH(
      tpcc::query_order_status(*session, by_name(1, "NOSUCHNAME"), tpcc::TpccTerminal{}),
      Catch::Contains("NOSUCHNAME"));
  CHECK(tpcc::query_order_status(*session, by_id(1, 1), tpcc::TpccTerminal{}).c_id == 1);
}

TEST_CASE("2.6 Order-Status changes nothing, at every isolation level", "[order_status]") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  const auto before = table_fingerprints(connection);
  auto session = order_status_session();
  tpcc::Random rng{2026};
  int by_last_name = 0;
  for (const tpcc::Isolation isolation :
       {tpcc::Isolation::ReadCommitted, tpcc::Isolation::RepeatableRead,
        tpcc::Isolation::Serializable}) {
    tpcc::TpccTerminal terminal;
    terminal.isolation = isolation;
    terminal.c_run = tpcc::NURandConstants{200, 300, 400};
    for (int i = 0; i < 100; ++i) {
      const auto input = tpcc::generate_order_status(rng, terminal);
      tpcc::TxnAudit audit;
      REQUIRE(tpcc::execute_order_status(*session, input, terminal, audit) ==
              tpcc::Outcome::Committed);
      CHECK(audit.by_last_name == input.customer.by_last_name);
      by_last_name += audit.by_last_name ? 1 : 0;
    }
  }
  CHECK(by_last_name > 0);
  CHECK(by_last_name < 300);
  CHECK(table_fingerprints(connection) == before);
}
