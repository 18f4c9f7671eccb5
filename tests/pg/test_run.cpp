// tpcc run against the throwaway PostgreSQL: a normal run, the read-only
// profile, run lengths by transaction count, the terminals and home range
// checked against the load, surviving killed backends, and SIGINT. The
// paced runs are test_run_pacing.cpp's, the run-rules verdicts
// test_run_rules.cpp's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <future>
#include <iostream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::read_result;

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_run";
constexpr int kWarehouses = 2;
using tpcc::test::loaded_database;
using tpcc::test::scratch_dir;
const std::vector<std::string> kTxnNames = {"new_order", "payment", "order_status", "delivery",
                                            "stock_level"};

std::int64_t total_finished(const Json& result) {
  std::int64_t n = 0;
  for (const auto& name : kTxnNames) {
    const Json& t = result.at("transactions").at(name);
    n += t.at("count").get<std::int64_t>() + t.at("rollbacks").get<std::int64_t>() +
         t.at("errors").get<std::int64_t>();
  }
  return n;
}

// Counts and sums of the columns every transaction type writes.
std::map<std::string, std::string> table_fingerprint(const std::string& conninfo) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      {"warehouse", "select count(*), sum(w_ytd) from bmsql_warehouse"},
      {"district", "select count(*), sum(d_ytd), sum(d_next_o_id) from bmsql_district"},
      {"customer",
       "select count(*), sum(c_balance), sum(c_ytd_payment), sum(c_payment_cnt), "
       "sum(c_delivery_cnt), sum(length(c_data)) from bmsql_customer"},
      {"history", "select count(*), sum(h_amount) from bmsql_history"},
      {"oorder", "select count(*), max(o_id), count(o_carrier_id) from bmsql_oorder"},
      {"new_order", "select count(*), sum(no_o_id) from bmsql_new_order"},
      {"order_line", "select count(*), sum(ol_amount), count(ol_delivery_d) from bmsql_order_line"},
      {"stock",
       "select count(*), sum(s_quantity), sum(s_ytd), sum(s_order_cnt), sum(s_remote_cnt) "
       "from bmsql_stock"},
  };
  pqxx::connection conn{conninfo};
  pqxx::read_transaction tx{conn};
  std::map<std::string, std::string> fingerprint;
  for (const auto& [table, sql] : queries) {
    const pqxx::row row = tx.exec1(sql);
    std::string text;
    for (const auto& field : row)
      text += (field.is_null() ? "null" : field.c_str()) + std::string(" ");
    fingerprint[table] = text;
  }
  return fingerprint;
}

// Client backends connected to the test database, other than `self`.
int run_backends(pqxx::connection& admin) {
  pqxx::nontransaction tx{admin};
  return tx
      .exec1("select count(*) from pg_stat_activity where datname = " + tx.quote(kDatabase) +
             " and backend_type = 'client backend' and pid <> pg_backend_pid()")[0]
      .as<int>();
}

}  // namespace
TEST_CASE("tpcc run: a 20-second run commits all five transactions and stays consistent", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("basic");
  std::string output;
  const int status = tpcc::test::run_tpcc({"run", "--conn", conn, "--terminals", "4", "--duration",
                                           "20", "--report-interval", "5", "--result-dir", dir},
                                          &output);
  INFO(output);
  REQUIRE(status == 0);
  const Json result = read_result(dir);
  CHECK(result.at("tpmC").get<double>() > 0);
  CHECK(result.at("tpmTOTAL").get<double>() > result.at("tpmC").get<double>());
  CHECK(result.at("measured_seconds").get<double>() == Approx(20).margin(0.5));
  CHECK(result.at("warehouses").get<int>() == 2);
  CHECK(result.at("terminals").get<int>() == 4);
  CHECK(result.at("interrupted").get<bool>() == false);
  for (const auto& name : kTxnNames) {
    INFO(name);
    CHECK(result.at("transactions").at(name).at("count").get<std::int64_t>() > 0);
  }
  CHECK(result.at("errors").get<std::int64_t>() == 0);
  // 9.2.2.5: the input audits from the tallies the transactions counted,
  // each with samples and a value only what was counted gives (W=2: a
  // remote warehouse to supply lines and pay at).
  std::map<std::string, Json> audits;
  for (const Json& audit : result.at("audits")) audits[audit.at("name").get<std::string>()] = audit;
  const auto value = [&](const std::string& name) {
    INFO(name);
    REQUIRE(audits.count(name) == 1);
    CHECK(audits.at(name).at("samples").get<std::int64_t>() > 0);
    return audits.at(name).at("value").get<double>();
  };
  CHECK(value("average_ol_cnt") == Approx(10).margin(1));
  CHECK(value("remote_order_lines") > 0);
  CHECK(value("remote_order_lines") < 5);
  CHECK(value("remote_payments") > 0);
  CHECK(value("remote_payments") < 40);
  CHECK(value("payment_by_last_name") > 30);
  CHECK(value("order_status_by_last_name") > 0);
  // Interval lines every 5 s: four of them.
  const std::string csv = tpcc::test::read_text((fs::path(dir) / "intervals.csv").string());
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 5);
  CHECK(output.find("[ 5s ]") != std::string::npos);
  std::cout << "tpcc run, W=2, 4 terminals, 20 s: tpmC " << result.at("tpmC").get<double>()
            << ", tpmTOTAL " << result.at("tpmTOTAL").get<double>() << "\n";

  std::string check_output;
  CHECK(tpcc::test::run_tpcc({"check", "--conn", conn}, &check_output) == 0);
  INFO(check_output);
}
TEST_CASE("tpcc run: the ro profile leaves every table unchanged", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const auto before = table_fingerprint(conn);
  const std::string dir = scratch_dir("ro");
  std::string output;
  const int status = tpcc::test::run_tpcc({"run", "--conn", conn, "--profile", "ro", "--terminals",
                                           "4", "--duration", "5", "--result-dir", dir},
                                          &output);
  INFO(output);
  REQUIRE(status == 0);
  const auto after = table_fingerprint(conn);
  for (const auto& [table, values] : before) {
    INFO(table);
    CHECK(after.at(table) == values);
  }
  const Json result = read_result(dir);
  CHECK(result.at("profile") == "ro");
  CHECK(result.at("transactions").at("order_status").at("count").get<std::int64_t>() > 0);
  CHECK(result.at("transactions").at("stock_level").at("count").get<std::int64_t>() > 0);
  CHECK(result.at("transactions").at("new_order").at("count").get<std::int64_t>() == 0);
  CHECK(result.at("transactions").at("payment").at("count").get<std::int64_t>() == 0);
  CHECK(result.at("transactions").at("delivery").at("count").get<std::int64_t>() == 0);
}
TEST_CASE("tpcc run --txns-per-terminal: each terminal runs exactly N", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  SECTION("one connection per terminal (fast path)") {
    const std::string dir = scratch_dir("txns_fast");
    std::string output;
    const int status = tpcc::test::run_tpcc({"run", "--conn", conn, "--terminals", "3",
                                             "--txns-per-terminal", "40", "--result-dir", dir},
                                            &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(total_finished(read_result(dir)) == 120);
  }
  SECTION("terminals sharing connections (scheduled)") {
    const std::string dir = scratch_dir("txns_scheduled");
    std::string output;
    const int status =
        tpcc::test::run_tpcc({"run", "--conn", conn, "--terminals", "6", "--connections", "2",
                              "--txns-per-terminal", "20", "--result-dir", dir},
                             &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(total_finished(read_result(dir)) == 120);
  }
}
TEST_CASE("tpcc run checks terminals per warehouse and the home range against the load", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);  // 2 warehouses
  std::string output;
  // BenchmarkSQL's rule with the loaded count: 21 terminals for 2 warehouses.
  CHECK(tpcc::test::run_tpcc({"run", "--conn", conn, "--terminals", "21", "--duration", "1"},
                             &output) == 2);
  CHECK_THAT(output,
             Catch::Contains("--terminals 21") && Catch::Contains("--allow-many-terminals"));
  // useWarehouseTo beyond the load.
  CHECK(tpcc::test::run_tpcc({"run", "--conn", conn, "--warehouse-to", "3", "--duration", "1"},
                             &output) == 2);
  CHECK_THAT(output, Catch::Contains("useWarehouseTo") && Catch::Contains("2 loaded"));
  // Allowed explicitly, and a range of one home warehouse: the 11 terminals
  // all have warehouse 2 as their home.
  const std::string dir = scratch_dir("many_terminals");
  const std::string home_one_sql =
      "select (select sum(d_next_o_id) from bmsql_district where d_w_id = 1)::text || '/' || "
      "(select w_ytd from bmsql_warehouse where w_id = 1)::text";
  const std::string home_one_before = tpcc::test::scalar_text(conn, home_one_sql);
  CHECK(tpcc::test::run_tpcc(
            {"run", "--conn", conn, "--terminals", "11", "--allow-many-terminals",
             "--warehouse-from", "2", "--txns-per-terminal", "5", "--result-dir", dir},
            &output) == 0);
  INFO(output);
  CHECK(total_finished(read_result(dir)) == 55);
  // No New-Order or Payment had warehouse 1 as its home.
  CHECK(tpcc::test::scalar_text(conn, home_one_sql) == home_one_before);
}
TEST_CASE("tpcc run survives its backends being terminated", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("terminate");
  std::string output;
  // The future's destructor waits for the run, whatever happens below.
  std::future<int> run = std::async(std::launch::async, [&] {
    return tpcc::test::run_tpcc({"run", "--conn", conn, "--terminals", "4", "--duration", "12",
                                 "--report-interval", "2", "--result-dir", dir},
                                &output);
  });
  pqxx::connection admin{tpcc::test::server_conninfo()};
  // Wait for the run's four sessions, let it work a little, then kill them.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (run_backends(admin) < 4 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::this_thread::sleep_for(std::chrono::seconds(3));
  int terminated = 0;
  {
    pqxx::nontransaction tx{admin};
    terminated = tx.exec1(
                       "select count(*) from (select pg_terminate_backend(pid) from "
                       "pg_stat_activity where datname = " +
                       tx.quote(kDatabase) +
                       " and backend_type = 'client backend' and pid <> pg_backend_pid()) t")[0]
                     .as<int>();
  }
  const int status = run.get();
  INFO(output);
  CHECK(terminated >= 4);
  CHECK((status == 0 || status == 1));
  const Json result = read_result(dir);
  CHECK(result.at("errors").get<std::int64_t>() + result.at("reconnects").get<std::int64_t>() >= 1);
  CHECK(result.at("reconnects").get<std::int64_t>() >= 1);
  CHECK(result.at("tpmC").get<double>() > 0);
}
TEST_CASE("tpcc run: SIGINT stops the run, writes the results and exits 130", "[run]") {
  const std::string& conn = loaded_database(kDatabase, kWarehouses);
  const std::string dir = scratch_dir("sigint");
  const std::string log = (fs::path(dir).parent_path() / "sigint.log").string();
  fs::create_directories(fs::path(dir).parent_path());
  tpcc::test::TpccChild child(
      {"run", "--conn", conn, "--terminals", "4", "--duration", "60", "--result-dir", dir}, log);
  std::this_thread::sleep_for(std::chrono::seconds(5));
  child.signal(SIGINT);
  const int status = child.wait_for(20);
  INFO(tpcc::test::read_text(log));
  CHECK(status == 130);
  const Json result = read_result(dir);
  CHECK(result.at("interrupted").get<bool>());
  CHECK(result.at("measured_seconds").get<double>() > 1);
  CHECK(result.at("measured_seconds").get<double>() < 10);
  CHECK(result.at("tpmC").get<double>() > 0);
}
