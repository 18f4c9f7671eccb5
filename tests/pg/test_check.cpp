// 3.3.2 consistency conditions against a database loaded by `tpcc prepare`.
// Each corruption runs inside a transaction that is rolled back, with the
// checks in the same transaction, so every scenario starts from the clean load.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "check/runner.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace {

// One warehouse loaded once for the whole file (tpcc::test::loaded_database).
constexpr const char* kDatabase = "tpcc_check";
constexpr int kWarehouses = 1;
using tpcc::test::loaded_database;

std::set<int> failing(const std::vector<tpcc::ConditionResult>& results) {
  std::set<int> numbers;
  for (const tpcc::ConditionResult& result : results) {
    if (!result.skipped && result.violations != 0) numbers.insert(result.condition->number);
  }
  return numbers;
}

// The conditions that fail after `corruption`, seen from inside the
// transaction that made it; the transaction is then rolled back.
std::set<int> failing_after(const std::string& corruption) {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  pqxx::work transaction{connection};
  const pqxx::result changed = transaction.exec(corruption);
  REQUIRE(changed.affected_rows() > 0);
  const auto results = tpcc::run_consistency_checks(transaction, true, nullptr);
  transaction.abort();
  REQUIRE(results.size() == 12);
  return failing(results);
}

bool has_line(const std::string& output, const std::string& prefix, const std::string& word) {
  std::istringstream lines{output};
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) == 0 && line.find(word) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("3.3.2 all twelve conditions hold right after the load") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  std::ostringstream progress;
  const auto results = tpcc::run_consistency_checks(connection, true, &progress);

  REQUIRE(results.size() == 12);
  CHECK(failing(results).empty());
  CHECK(tpcc::all_passed(results));
  CHECK(tpcc::format_summary_line(results) == "12 of 12 conditions hold");
  for (const auto& result : results) {
    INFO(result.condition->clause);
    CHECK_FALSE(result.skipped);
    CHECK(has_line(progress.str(), std::string(result.condition->clause) + " ", "PASS"));
  }
}

TEST_CASE("3.3.2.11 is skipped unless the database is checked right after the load") {
  pqxx::connection connection{loaded_database(kDatabase, kWarehouses)};
  const auto results = tpcc::run_consistency_checks(connection, false, nullptr);

  REQUIRE(results.size() == 12);
  for (const auto& result : results) {
    INFO(result.condition->clause);
    CHECK(result.skipped == (result.condition->number == 11));
  }
  CHECK(tpcc::all_passed(results));
  CHECK(tpcc::format_summary_line(results) == "11 of 12 conditions hold (1 skipped)");
}

TEST_CASE("3.3.2.1 and 3.3.2.8 fail when W_YTD drifts") {
  CHECK(failing_after("update bmsql_warehouse set w_ytd = w_ytd + 1") == std::set<int>{1, 8});
}

TEST_CASE("3.3.2.1 and 3.3.2.9 fail when one D_YTD drifts") {
  CHECK(failing_after("update bmsql_district set d_ytd = d_ytd + 1"
                      " where d_w_id = 1 and d_id = 3") == std::set<int>{1, 9});
}

TEST_CASE("3.3.2.2 fails when D_NEXT_O_ID is ahead of the orders") {
  CHECK(failing_after("update bmsql_district set d_next_o_id = d_next_o_id + 1"
                      " where d_w_id = 1 and d_id = 1") == std::set<int>{2});
}

TEST_CASE("3.3.2.2 fails when the newest new order is missing") {
  // Also 3.3.2.5 (an undelivered order without its NEW-ORDER row) and
  // 3.3.2.11 (one NEW-ORDER row fewer than the load made).
  CHECK(failing_after("delete from bmsql_new_order where no_w_id = 1 and no_d_id = 4"
                      " and no_o_id = 3000") == std::set<int>{2, 5, 11});
}

TEST_CASE("3.3.2.3 fails when the new orders of a district have a gap") {
  CHECK(failing_after("delete from bmsql_new_order where no_w_id = 1 and no_d_id = 1"
                      " and no_o_id = 2500") == std::set<int>{3, 5, 11});
}

TEST_CASE("3.3.2.4 and 3.3.2.6 fail when an order line is missing") {
  CHECK(failing_after("delete from bmsql_order_line where ol_w_id = 1 and ol_d_id = 1"
                      " and ol_o_id = 1 and ol_number = 1") == std::set<int>{4, 6});
}

TEST_CASE("3.3.2.4 and 3.3.2.6 fail when O_OL_CNT disagrees with the order lines") {
  CHECK(failing_after("update bmsql_oorder set o_ol_cnt = o_ol_cnt + 1"
                      " where o_w_id = 1 and o_d_id = 2 and o_id = 7") == std::set<int>{4, 6});
}

TEST_CASE("3.3.2.7 fails when a delivered order has an undelivered line") {
  // Lines of delivered orders were loaded with OL_AMOUNT 0 (4.3.3.1), so the
  // customer balances (3.3.2.10, 3.3.2.12) are not affected.
  CHECK(failing_after("update bmsql_order_line set ol_delivery_d = null"
                      " where ol_w_id = 1 and ol_d_id = 5 and ol_o_id = 5 and ol_number = 1") ==
        std::set<int>{7});
}

TEST_CASE("3.3.2.10 and 3.3.2.12 fail when a customer balance drifts") {
  CHECK(failing_after("update bmsql_customer set c_balance = c_balance + 1"
                      " where c_id = 1 and c_d_id = 1 and c_w_id = 1") == std::set<int>{10, 12});
}

TEST_CASE("3.3.2.12 fails alone when C_YTD_PAYMENT drifts") {
  CHECK(failing_after("update bmsql_customer set c_ytd_payment = c_ytd_payment + 1"
                      " where c_id = 9 and c_d_id = 2 and c_w_id = 1") == std::set<int>{12});
}

TEST_CASE("3.3.2 tpcc check exits 0 on a consistent database and 1 naming the violation") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  std::string output;
  CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, &output) == 0);
  INFO(output);
  CHECK(has_line(output, "3.3.2.1 ", "PASS"));

  const tpcc::test::CommittedChange corruption{conn, "update bmsql_warehouse set w_ytd = w_ytd + 1",
                                               "update bmsql_warehouse set w_ytd = w_ytd - 1"};
  std::string failed_output;
  CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, &failed_output) == 1);
  INFO(failed_output);
  CHECK(has_line(failed_output, "3.3.2.1 ", "FAIL"));
  CHECK(has_line(failed_output, "3.3.2.2 ", "PASS"));
}

TEST_CASE("tpcc check on a half load names the missing warehouses and exits 1") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  std::string output;
  {
    const tpcc::test::CommittedChange more_recorded{
        conn, "update bmsql_config set cfg_value = '5' where cfg_name = 'warehouses'",
        "update bmsql_config set cfg_value = '1' where cfg_name = 'warehouses'"};
    CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, &output) == 1);
  }
  INFO(output);
  CHECK(output.rfind("load incomplete: warehouses 2-5 of the 5 recorded in bmsql_config are "
                     "missing\n",
                     0) == 0);
  CHECK(has_line(output, "11 of 12 conditions hold", "skipped"));
  CHECK(has_line(output, "the load is incomplete", "run tpcc prepare again to resume it"));
  CHECK(tpcc::test::scalar(conn, "select count(*) from bmsql_warehouse") == 1);

  std::string unmarked;
  {
    const tpcc::test::CommittedChange no_mark{
        conn,
        "create table saved_mark as select * from bmsql_config where cfg_name = "
        "'tpcc_load_complete'; delete from bmsql_config where cfg_name = 'tpcc_load_complete'",
        "insert into bmsql_config select * from saved_mark; drop table saved_mark"};
    CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, &unmarked) == 1);
  }
  INFO(unmarked);
  CHECK(has_line(unmarked, "load incomplete: ", "no tpcc_load_complete"));
  CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, nullptr) == 0);
}

// BenchmarkSQL 5's runDatabaseBuild.sh leaves bmsql_config with its four
// keys and no completion mark: a tpcc load with tpcc's own keys deleted is
// that database, row for row.
TEST_CASE("tpcc check on a load BenchmarkSQL left passes and names BenchmarkSQL") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  // What tpcc writes: BenchmarkSQL's four keys, then its own tpcc_ ones
  // (seed, load time, version, layout, tpcc_load_complete).
  const long long tpcc_keys =
      tpcc::test::scalar(conn, "select count(*) from bmsql_config where cfg_name like 'tpcc\\_%'");
  CHECK(tpcc_keys >= 4);
  CHECK(tpcc::test::scalar(conn,
                           "select count(*) from bmsql_config where cfg_name in ('warehouses', "
                           "'nURandCLast', 'nURandCC_ID', 'nURandCI_ID')") == 4);
  CHECK(tpcc::test::scalar(conn, "select count(*) from bmsql_config") == 4 + tpcc_keys);

  std::string output, no_key, cut_short;
  {
    const tpcc::test::CommittedChange as_benchmarksql{
        conn,
        "create table saved_tpcc_keys as select * from bmsql_config where cfg_name like "
        "'tpcc\\_%'; "
        "delete from bmsql_config where cfg_name like 'tpcc\\_%'",
        "insert into bmsql_config select * from saved_tpcc_keys; drop table saved_tpcc_keys"};
    CHECK(tpcc::test::scalar(conn, "select count(*) from bmsql_config") == 4);
    CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, &output) == 0);
    {
      // BenchmarkSQL stopped before its index step.
      const tpcc::test::CommittedChange keyless{
          conn, "alter table bmsql_oorder drop constraint bmsql_oorder_pkey",
          "alter table bmsql_oorder add constraint bmsql_oorder_pkey primary key (o_w_id, "
          "o_d_id, o_id)"};
      CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, &no_key) == 1);
    }
    {
      // BenchmarkSQL commits a warehouse in parts: one cut short lacks its
      // last rows (no 3.3.2 condition counts stock).
      const tpcc::test::CommittedChange last_stock{
          conn,
          "create table saved_stock as select * from bmsql_stock where s_w_id = 1 and s_i_id = "
          "100000; delete from bmsql_stock where s_w_id = 1 and s_i_id = 100000",
          "insert into bmsql_stock select * from saved_stock; drop table saved_stock"};
      CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, &cut_short) == 1);
    }
  }
  INFO(output);
  CHECK(has_line(output, "load: by BenchmarkSQL", "nURandCLast"));
  CHECK(output.find("load incomplete") == std::string::npos);
  CHECK(has_line(output, "11 of 12 conditions hold", "skipped"));
  INFO(no_key);
  CHECK(has_line(no_key, "load incomplete: ", "bmsql_oorder has no primary key"));
  CHECK(has_line(no_key, "the load is incomplete", "made by BenchmarkSQL"));
  INFO(cut_short);
  CHECK(has_line(cut_short, "load incomplete: ", "warehouse 1 of the 1 recorded"));
  CHECK(has_line(cut_short, "load incomplete: ", "missing or not whole"));
  // tpcc's keys back: its own load again.
  std::string ours;
  CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, &ours) == 0);
  CHECK(has_line(ours, "load: by tpcc ", "seed"));
}
