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

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "check/runner.hpp"
#include "db/session.hpp"
#include "tests/pg/mode_equivalence.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/terminal_context.hpp"
#include "workloads/tpcc/transactions.hpp"

namespace {

using tpcc::test::check_same_tables;
using tpcc::test::run_stream;
using tpcc::test::Trace;

constexpr int kWarehouses = 2;
constexpr const char* kCountFunctions =
    "select count(*) from pg_proc where proname in ('tpcc_new_order', 'tpcc_payment', "
    "'tpcc_order_status', 'tpcc_delivery', 'tpcc_stock_level')";

}  // namespace

TEST_CASE("procedures and statements modes leave identical tables for one input stream",
          "[procedures]") {
  const std::string statements_db = tpcc::test::prepared_database("tpcc_mode_statements", 2);
  const std::string procedures_db = tpcc::test::prepared_database("tpcc_mode_procedures", 2);
  constexpr int kTransactions = 1500;
  const Trace by_statements =
      run_stream(statements_db, tpcc::Mode::Statements, kWarehouses, kTransactions);
  const Trace by_procedures =
      run_stream(procedures_db, tpcc::Mode::Procedures, kWarehouses, kTransactions);

  // The comparison means something only if every kind of effect happened.
  CHECK(by_statements.per_outcome.at(tpcc::Outcome::RolledBack) > 5);
  CHECK(by_statements.per_outcome.at(tpcc::Outcome::Committed) > 1000);
  CHECK(by_statements.outcomes == by_procedures.outcomes);
  CHECK(by_statements.skipped_deliveries == by_procedures.skipped_deliveries);
  check_same_tables(statements_db, procedures_db);
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

// result.json of a `tpcc run` into a fresh scratch directory.
nlohmann::json run_and_read(const std::vector<std::string>& args, const std::string& name,
                            const std::vector<int>& accepted_statuses) {
  const std::filesystem::path dir = tpcc::test::scratch_dir(name);
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
  for (const auto& [name, t] : result.at("transactions").items())
    total += t.at(field).get<long long>();
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

TEST_CASE("procedures mode with the ro profile runs only the read-only functions", "[procedures]") {
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
