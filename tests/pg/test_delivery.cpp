// Delivery (2.7) against a loaded database: one order per district, the
// consistency conditions kept, empty districts skipped, and concurrent
// Deliveries never delivering the same order twice.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include <pqxx/pqxx>

#include "check/runner.hpp"
#include "db/session.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "workloads/tpcc/delivery.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace {

// One warehouse loaded once for the whole file (tpcc::test::loaded_database).
constexpr const char* kDatabase = "tpcc_txn_delivery";
constexpr int kWarehouses = 1;
using tpcc::test::loaded_database;

std::unique_ptr<tpcc::Session> delivery_session() {
  auto session = std::make_unique<tpcc::Session>(loaded_database(kDatabase, kWarehouses));
  tpcc::prepare_delivery_statements(*session);
  return session;
}

tpcc::DeliveryInput carrier(int carrier_id) {
  tpcc::DeliveryInput input;
  input.w_id = 1;
  input.carrier_id = carrier_id;
  return input;
}

// What a district's oldest new order and its customer look like.
struct PendingOrder {
  int o_id = 0;
  int c_id = 0;
  long long lines_cents = 0;
  long long balance_cents = 0;
  int delivery_cnt = 0;
};

std::map<int, PendingOrder> oldest_new_orders(pqxx::connection& connection) {
  pqxx::read_transaction t{connection};
  std::map<int, PendingOrder> pending;
  for (const pqxx::row& row :
       t.exec("select no_d_id, o_id, o_c_id,"
              "  (select (sum(ol_amount) * 100)::bigint from bmsql_order_line"
              "    where ol_w_id = o_w_id and ol_d_id = o_d_id and ol_o_id = o_id),"
              "  (c_balance * 100)::bigint, c_delivery_cnt"
              " from (select no_d_id, min(no_o_id) as no_o_id from bmsql_new_order"
              "        where no_w_id = 1 group by no_d_id) oldest"
              " join bmsql_oorder on o_w_id = 1 and o_d_id = no_d_id and o_id = no_o_id"
              " join bmsql_customer on c_w_id = 1 and c_d_id = no_d_id and c_id = o_c_id")) {
    PendingOrder order;
    order.o_id = row[1].as<int>();
    order.c_id = row[2].as<int>();
    order.lines_cents = row[3].as<long long>();
    order.balance_cents = row[4].as<long long>();
    order.delivery_cnt = row[5].as<int>();
    pending[row[0].as<int>()] = order;
  }
  return pending;
}

using tpcc::test::scalar;

// Checks that `order` of district `d_id` was delivered once by `carrier_id`.
void check_delivered(pqxx::connection& connection, int d_id, const PendingOrder& order,
                     int carrier_id) {
  INFO("district " << d_id << " order " << order.o_id);
  pqxx::read_transaction t{connection};
  const std::string district = std::to_string(d_id);
  const std::string o_id = std::to_string(order.o_id);
  CHECK(t.exec1("select count(*) from bmsql_new_order where no_w_id = 1 and no_d_id = " + district +
                " and no_o_id = " + o_id)[0]
            .as<int>() == 0);
  CHECK(t.exec1("select o_carrier_id from bmsql_oorder where o_w_id = 1 and o_d_id = " + district +
                " and o_id = " + o_id)[0]
            .as<int>() == carrier_id);
  CHECK(t.exec1("select count(*) from bmsql_order_line where ol_w_id = 1 and ol_d_id = " +
                district + " and ol_o_id = " + o_id + " and ol_delivery_d is null")[0]
            .as<int>() == 0);
  const pqxx::row customer = t.exec1(
      "select (c_balance * 100)::bigint, c_delivery_cnt from bmsql_customer"
      " where c_w_id = 1 and c_d_id = " +
      district + " and c_id = " + std::to_string(order.c_id));
  CHECK(customer[0].as<long long>() == order.balance_cents + order.lines_cents);
  CHECK(customer[1].as<int>() == order.delivery_cnt + 1);
}

void check_consistency(pqxx::connection& connection) {
  const auto results = tpcc::run_consistency_checks(connection, false, nullptr);
  for (const auto& result : results) {
    INFO(tpcc::format_result_line(result));
    CHECK((result.skipped || result.violations == 0));
  }
  CHECK(tpcc::all_passed(results));
}

// Waits (up to 5 s) until the backend `pid` waits for a lock. Never throws:
// the caller must go on to release the lock, or the waiter never returns.
bool waits_for_lock(const std::string& conninfo, int pid) noexcept {
  try {
    pqxx::connection observer{conninfo};
    for (int attempt = 0; attempt < 200; ++attempt) {
      pqxx::nontransaction t{observer};
      if (t.exec1("select count(*) from pg_stat_activity where pid = " + std::to_string(pid) +
                  " and wait_event_type = 'Lock'")[0]
              .as<int>() == 1) {
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
  } catch (const std::exception&) {
  }
  return false;
}

// Another transaction delivers the oldest order of district 1 by plain
// statements and keeps it uncommitted, holding the NEW-ORDER row lock.
class RivalDelivery {
 public:
  RivalDelivery(const std::string& conninfo, int carrier_id)
      : connection_(conninfo), work_(connection_) {
    o_id_ = work_
                .exec1(
                    "select no_o_id from bmsql_new_order where no_w_id = 1 and no_d_id = 1"
                    " order by no_o_id limit 1 for update")[0]
                .as<int>();
    const std::string id = std::to_string(o_id_);
    work_.exec0("delete from bmsql_new_order where no_w_id = 1 and no_d_id = 1 and no_o_id = " +
                id);
    const int c_id =
        work_
            .exec1("update bmsql_oorder set o_carrier_id = " + std::to_string(carrier_id) +
                   " where o_w_id = 1 and o_d_id = 1 and o_id = " + id + " returning o_c_id")[0]
            .as<int>();
    work_.exec0(
        "update bmsql_order_line set ol_delivery_d = now()"
        " where ol_w_id = 1 and ol_d_id = 1 and ol_o_id = " +
        id);
    work_.exec0(
        "update bmsql_customer set c_delivery_cnt = c_delivery_cnt + 1,"
        " c_balance = c_balance + (select sum(ol_amount) from bmsql_order_line"
        "   where ol_w_id = 1 and ol_d_id = 1 and ol_o_id = " +
        id +
        ")"
        " where c_w_id = 1 and c_d_id = 1 and c_id = " +
        std::to_string(c_id));
  }
  int o_id() const { return o_id_; }
  void commit() { work_.commit(); }

 private:
  pqxx::connection connection_;
  pqxx::work work_;
  int o_id_ = 0;
};

}  // namespace

TEST_CASE("2.7.4.2 Delivery delivers the oldest new order of each of the ten districts",
          "[delivery]") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  const auto before = oldest_new_orders(connection);
  REQUIRE(before.size() == 10);
  const long long new_orders = scalar(connection, "select count(*) from bmsql_new_order");

  auto session = delivery_session();
  const auto out = tpcc::deliver(*session, carrier(7), tpcc::TpccTerminal{});

  CHECK(out.skipped() == 0);
  for (const auto& [d_id, order] : before) {
    CHECK(out.o_id[static_cast<std::size_t>(d_id - 1)] == order.o_id);
    CHECK(order.lines_cents > 0);  // undelivered loaded orders have amounts (4.3.3.1)
    check_delivered(connection, d_id, order, 7);
  }
  CHECK(scalar(connection, "select count(*) from bmsql_new_order") == new_orders - 10);
  CHECK(scalar(connection,
               "select count(*) from bmsql_oorder where o_carrier_id = 7"
               " and o_id >= 2101") == 10);
  check_consistency(connection);
}

TEST_CASE("2.7.4.2 Delivery skips a district without new orders and counts it", "[delivery]") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  // District 5 loses its new orders for the duration of the test.
  {
    pqxx::work t{connection};
    t.exec0(
        "create table saved_new_order as select * from bmsql_new_order"
        " where no_w_id = 1 and no_d_id = 5");
    t.exec0("delete from bmsql_new_order where no_w_id = 1 and no_d_id = 5");
    t.commit();
  }
  const auto before = oldest_new_orders(connection);
  REQUIRE(before.size() == 9);
  const long long district_5 = scalar(
      connection, "select sum(hashtext(x::text)::bigint) from bmsql_customer x where c_d_id = 5");
  const long long undelivered_5 = scalar(
      connection, "select count(*) from bmsql_oorder where o_d_id = 5 and o_carrier_id is null");

  auto session = delivery_session();
  tpcc::TxnAudit audit;
  const auto outcome = tpcc::execute_delivery(*session, carrier(3), tpcc::TpccTerminal{}, audit);
  {
    pqxx::work t{connection};
    t.exec0("insert into bmsql_new_order select * from saved_new_order");
    t.exec0("drop table saved_new_order");
    t.commit();
  }
  CHECK(outcome == tpcc::Outcome::Committed);
  CHECK(audit.skipped_deliveries == 1);
  for (const auto& [d_id, order] : before) check_delivered(connection, d_id, order, 3);
  CHECK(scalar(connection,
               "select sum(hashtext(x::text)::bigint) from bmsql_customer x"
               " where c_d_id = 5") == district_5);
  CHECK(scalar(connection,
               "select count(*) from bmsql_oorder where o_d_id = 5"
               " and o_carrier_id is null") == undelivered_5);
  check_consistency(connection);
}

TEST_CASE(
    "2.7.4.2 a Delivery waiting on a concurrent one delivers the next order, "
    "never the same (read committed)",
    "[delivery]") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  const auto before = oldest_new_orders(connection);
  auto session = delivery_session();

  const int pid = session->backend_pid();
  RivalDelivery rival{loaded_database(kDatabase, kWarehouses), 2};
  REQUIRE(rival.o_id() == before.at(1).o_id);
  auto waiting = std::async(std::launch::async, [&session] {
    return tpcc::deliver(*session, carrier(9), tpcc::TpccTerminal{});
  });
  const bool blocked = waits_for_lock(loaded_database(kDatabase, kWarehouses), pid);
  rival.commit();
  const auto out = waiting.get();
  REQUIRE(blocked);

  CHECK(out.skipped() == 0);
  CHECK(out.o_id[0] == rival.o_id() + 1);
  CHECK(scalar(connection,
               "select o_carrier_id from bmsql_oorder where o_w_id = 1"
               " and o_d_id = 1 and o_id = " +
                   std::to_string(rival.o_id())) == 2);
  CHECK(scalar(connection,
               "select o_carrier_id from bmsql_oorder where o_w_id = 1"
               " and o_d_id = 1 and o_id = " +
                   std::to_string(rival.o_id() + 1)) == 9);
  // The rival's customer was credited once, by the rival.
  CHECK(scalar(connection,
               "select c_delivery_cnt from bmsql_customer where c_w_id = 1"
               " and c_d_id = 1 and c_id = " +
                   std::to_string(before.at(1).c_id)) == before.at(1).delivery_cnt + 1);
  for (const auto& [d_id, order] : before) {
    if (d_id != 1) check_delivered(connection, d_id, order, 9);
  }
  check_consistency(connection);
}

TEST_CASE(
    "2.7.4.2 under repeatable read a Delivery that lost the race is retryable and "
    "changes nothing",
    "[delivery]") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  auto session = delivery_session();
  tpcc::TpccTerminal terminal;
  terminal.isolation = tpcc::Isolation::RepeatableRead;

  const int pid = session->backend_pid();
  RivalDelivery rival{loaded_database(kDatabase, kWarehouses), 4};
  const long long new_orders_during = scalar(connection, "select count(*) from bmsql_new_order");
  auto waiting = std::async(std::launch::async, [&session, &terminal] {
    return tpcc::deliver(*session, carrier(5), terminal);
  });
  const bool blocked = waits_for_lock(loaded_database(kDatabase, kWarehouses), pid);
  rival.commit();
  CHECK_THROWS_AS(waiting.get(), tpcc::RetryableError);
  REQUIRE(blocked);
  // Only the rival's order left NEW-ORDER; the other nine districts were rolled back.
  CHECK(scalar(connection, "select count(*) from bmsql_new_order") == new_orders_during - 1);
  CHECK(scalar(connection,
               "select count(*) from bmsql_oorder where o_carrier_id = 5"
               " and o_id >= 2101") == 0);
  // The session is usable again and the retry succeeds.
  CHECK(tpcc::deliver(*session, carrier(5), terminal).skipped() == 0);
  check_consistency(connection);
}
