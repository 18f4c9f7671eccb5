// --mode procedures (schema/procedures.sql): the functions have the same
// effects as the client-side statements, are installed by prepare and
// dropped by cleanup, and their absence is reported with what to do; their
// serialization failures are retried, and the ro profile only reads.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "check/runner.hpp"
#include "db/session.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/terminal_context.hpp"

namespace {

constexpr int kWarehouses = 2;
constexpr const char* kCountFunctions =
    "select count(*) from pg_proc where proname in ('tpcc_new_order', 'tpcc_payment', "
    "'tpcc_order_status', 'tpcc_delivery', 'tpcc_stock_level')";

struct Trace {
  std::vector<tpcc::Outcome> outcomes;
  std::map<tpcc::Outcome, int> per_outcome;
  int skipped_deliveries = 0;
};

// One terminal per warehouse takes turns; the transaction types and every
// input come from one seeded stream, so both modes see the same inputs.
Trace run_stream(const std::string& conninfo, tpcc::Mode mode, int transactions) {
  tpcc::Session session(conninfo);
  tpcc::prepare_transaction_statements(session, mode);
  tpcc::Random rng(20261130);
  Trace trace;
  for (int i = 0; i < transactions; ++i) {
    tpcc::TerminalContext terminal =
        tpcc::test::terminal_context(i % kWarehouses + 1, i % 10 + 1, kWarehouses, {157, 223, 7911});
    terminal.mode = mode;
    terminal.rollback_percent = 10;  // more 2.4.2.3 rollbacks to compare
    const int draw = static_cast<int>(rng.uniform(1, 100));
    const tpcc::TxnIndex type = draw <= 40   ? tpcc::kNewOrder
                                : draw <= 80 ? tpcc::kPayment
                                : draw <= 88 ? tpcc::kOrderStatus
                                : draw <= 94 ? tpcc::kDelivery
                                             : tpcc::kStockLevel;
    const tpcc::TxnResult result = tpcc::run_transaction(type, session, rng, terminal);
    INFO("transaction " << i << " type " << type << ": " << result.error);
    REQUIRE(result.outcome != tpcc::Outcome::Error);
    trace.outcomes.push_back(result.outcome);
    ++trace.per_outcome[result.outcome];
    trace.skipped_deliveries += result.audit.skipped_deliveries;
  }
  return trace;
}

// Every row of a table, ordered, timestamps reduced to whether they are
// set (they differ between two runs), as one digest.
std::string table_digest(const std::string& conninfo, const std::string& table,
                         const std::string& columns, const std::string& order) {
  return tpcc::test::scalar_text(
      conninfo, "select md5(coalesce(string_agg(r::text, '|' order by " + order + "), '')) from "
                "(select " + columns + " from " + table + ") r");
}

struct TableShape {
  const char* table;
  const char* columns;
  const char* order;
};

const std::vector<TableShape> kCompared = {
    {"bmsql_warehouse", "w_id, w_ytd", "w_id"},
    {"bmsql_district", "d_w_id, d_id, d_ytd, d_next_o_id", "d_w_id, d_id"},
    {"bmsql_customer",
     "c_w_id, c_d_id, c_id, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data",
     "c_w_id, c_d_id, c_id"},
    {"bmsql_history", "hist_id, h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data",
     "hist_id"},
    {"bmsql_new_order", "no_w_id, no_d_id, no_o_id", "no_w_id, no_d_id, no_o_id"},
    {"bmsql_oorder", "o_w_id, o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local",
     "o_w_id, o_d_id, o_id"},
    {"bmsql_order_line",
     "ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_delivery_d is null as undelivered, "
     "ol_amount, ol_supply_w_id, ol_quantity, ol_dist_info",
     "ol_w_id, ol_d_id, ol_o_id, ol_number"},
    {"bmsql_stock", "s_w_id, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt",
     "s_w_id, s_i_id"},
};

}  // namespace

TEST_CASE("procedures and statements modes leave identical tables for one input stream",
          "[procedures]") {
  const std::string statements_db = tpcc::test::prepared_database("tpcc_mode_statements", 2);
  const std::string procedures_db = tpcc::test::prepared_database("tpcc_mode_procedures", 2);
  constexpr int kTransactions = 1500;
  const Trace by_statements = run_stream(statements_db, tpcc::Mode::Statements, kTransactions);
  const Trace by_procedures = run_stream(procedures_db, tpcc::Mode::Procedures, kTransactions);

  // The comparison means something only if every kind of effect happened.
  CHECK(by_statements.per_outcome.at(tpcc::Outcome::RolledBack) > 5);
  CHECK(by_statements.per_outcome.at(tpcc::Outcome::Committed) > 1000);
  CHECK(by_statements.outcomes == by_procedures.outcomes);
  CHECK(by_statements.skipped_deliveries == by_procedures.skipped_deliveries);
  for (const TableShape& shape : kCompared) {
    INFO(shape.table);
    CHECK(table_digest(statements_db, shape.table, shape.columns, shape.order) ==
          table_digest(procedures_db, shape.table, shape.columns, shape.order));
  }
  // 3.3.2 after the procedures' run.
  pqxx::connection connection{procedures_db};
  const auto results = tpcc::run_consistency_checks(connection, false, nullptr);
  for (const auto& r : results) INFO(tpcc::format_result_line(r));
  CHECK(tpcc::all_passed(results));
}

TEST_CASE("prepare installs the procedures; a repeated prepare keeps them; cleanup drops them",
          "[procedures]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_mode_install", 1);
  CHECK(tpcc::test::scalar(conninfo, kCountFunctions) == 5);
  tpcc::test::execute(conninfo, "drop function tpcc_stock_level");
  std::string output;
  CHECK(tpcc::test::run_tpcc({"prepare", "--conn", conninfo, "--warehouses", "1", "--no-check"},
                             &output) == 0);
  INFO(output);
  CHECK(tpcc::test::scalar(conninfo, kCountFunctions) == 5);
  CHECK(tpcc::test::run_tpcc({"cleanup", "--conn", conninfo}, &output) == 0);
  CHECK(tpcc::test::scalar(conninfo, kCountFunctions) == 0);
}

TEST_CASE("procedures mode on a database without the functions says how to install them",
          "[procedures]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_mode_missing");
  tpcc::Session session(conninfo);
  CHECK_THROWS_WITH(tpcc::prepare_transaction_statements(session, tpcc::Mode::Procedures),
                    Catch::Contains("tpcc_new_order") && Catch::Contains("tpcc prepare"));
}

namespace {

// result.json of a `tpcc run` into a fresh directory under /tmp.
nlohmann::json run_and_read(const std::vector<std::string>& args, const std::string& name,
                            const std::vector<int>& accepted_statuses) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("tpcc_procedures_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::vector<std::string> all = args;
  all.insert(all.end(), {"--result-dir", dir.string()});
  std::string output;
  const int status = tpcc::test::run_tpcc(all, &output);
  INFO(output);
  REQUIRE(std::count(accepted_statuses.begin(), accepted_statuses.end(), status) == 1);
  std::ifstream in(dir / "result.json");
  const nlohmann::json result = nlohmann::json::parse(in);
  std::filesystem::remove_all(dir);
  return result;
}

long long sum_of(const nlohmann::json& result, const char* field) {
  long long total = 0;
  for (const auto& [name, t] : result.at("transactions").items()) total += t.at(field).get<long long>();
  return total;
}

}  // namespace

TEST_CASE("procedures mode at serializable: conflicts raised inside the functions are retried",
          "[procedures]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_mode_serializable", 1);
  // Four terminals on one warehouse collide on its rows all the time; the
  // run may end with errors above 1% after five retries (exit 1).
  const nlohmann::json result =
      run_and_read({"run", "--conn", conninfo, "--mode", "procedures", "--isolation",
                    "serializable", "--terminals", "4", "--duration", "4"},
                   "serializable", {0, 1});
  CHECK(sum_of(result, "retries") > 0);
  CHECK(sum_of(result, "completed") > 100);
  std::string output;
  CHECK(tpcc::test::run_tpcc({"check", "--conn", conninfo}, &output) == 0);
}

TEST_CASE("procedures mode with the ro profile runs only the read-only functions",
          "[procedures]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_mode_read_only", 1);
  const long long orders_before = tpcc::test::scalar(conninfo, "select count(*) from bmsql_oorder");
  const nlohmann::json result =
      run_and_read({"run", "--conn", conninfo, "--mode", "procedures", "--profile", "ro",
                    "--terminals", "2", "--duration", "2"},
                   "read_only", {0});
  const auto& t = result.at("transactions");
  CHECK(t.at("order_status").at("completed").get<long long>() > 0);
  CHECK(t.at("stock_level").at("completed").get<long long>() > 0);
  CHECK(t.at("new_order").at("completed").get<long long>() == 0);
  CHECK(tpcc::test::scalar(conninfo, "select count(*) from bmsql_oorder") == orders_before);
}
