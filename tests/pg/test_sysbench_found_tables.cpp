// Tables tpcc did not make: sysbench's own (a real `sysbench oltp_*
// prepare`), run as they are with the same command line and the program
// name changed, checked without a record, and left by cleanup; a table
// named sbtest1 whose columns are not sysbench's is refused, naming them.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using Json = nlohmann::json;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;

constexpr const char* kDatabase = "tpcc_sb_found";

// One sysbench 1.0 command line for the database, `test` and `command`.
std::vector<std::string> sysbench_line(const std::string& test, const std::string& command,
                                       const std::vector<std::string>& extra = {}, int tables = 2) {
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  std::vector<std::string> argv = {test,
                                   "--db-driver=pgsql",
                                   "--pgsql-host=" + server.socket_dir(),
                                   "--pgsql-port=" + std::to_string(server.port()),
                                   "--pgsql-user=postgres",
                                   std::string("--pgsql-db=") + kDatabase,
                                   "--tables=" + std::to_string(tables),
                                   "--table-size=1000"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.push_back(command);
  return argv;
}

}  // namespace

TEST_CASE("sysbench found tables: sysbench prepare's tables run as they are, checked, kept",
          "[sysbench_found_tables]") {
  const std::string sysbench = tpcc::find_in_path("sysbench");
  if (sysbench.empty()) {
    WARN("sysbench is not installed: the run on sysbench prepare's own tables is skipped");
    return;
  }
  const std::string conninfo = tpcc::test::create_database(kDatabase);
  std::vector<std::string> prepare = sysbench_line("oltp_read_write", "prepare");
  prepare.insert(prepare.begin(), sysbench);
  std::string output;
  REQUIRE(tpcc::run_process(prepare, {}, &output) == 0);
  const long long relfilenode = scalar(conninfo,
                                       "select relfilenode from pg_class "
                                       "where relname = 'sbtest1'");

  const std::string dir = tpcc::test::scratch_dir("sysbench_found_run");
  output.clear();
  const int status = run_tpcc(
      sysbench_line("oltp_read_write", "run",
                    {"--time=2", "--threads=2", "--report-interval=1", "--result-dir", dir}),
      &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("SQL statistics:") != std::string::npos);
  const Json result = tpcc::test::read_result(dir);
  CHECK(result.at("sysbench").at("transactions").get<long long>() > 0);
  CHECK(result.at("sysbench").at("queries").at("write").get<long long>() > 0);
  // Nothing of tpcc's was left in the database: no record, no mark.
  CHECK(scalar(conninfo, "select count(*) from pg_class where relname like 'tpcc\\_%'") == 0);

  // check reads them: sysbench's columns, key, k index and rows.
  output.clear();
  CHECK(run_tpcc(sysbench_line("oltp_read_write", "check"), &output) == 0);
  CHECK(output.find("FAIL") == std::string::npos);
  CHECK(output.find("PASS  sbtest2  made by sysbench: its columns id integer, k integer, "
                    "c character(120), pad character(60)") != std::string::npos);
  CHECK(output.find("PASS  sbtest1  primary key on id") != std::string::npos);
  CHECK(output.find("PASS  sbtest1  an index on k") != std::string::npos);

  // cleanup drops only what tpcc made: none of these.
  output.clear();
  CHECK(run_tpcc(sysbench_line("oltp_read_write", "cleanup"), &output) == 0);
  INFO(output);
  CHECK(scalar(conninfo, "select count(*) from sbtest2") == 1000);
  CHECK(scalar(conninfo, "select relfilenode from pg_class where relname = 'sbtest1'") ==
        relfilenode);

  // A third table that is not sysbench's: refused naming its columns, exit 2.
  tpcc::test::execute(conninfo, "create table sbtest3 (id integer primary key, note text)");
  output.clear();
  CHECK(run_tpcc(sysbench_line("oltp_read_only", "run", {"--time=1"}, 3), &output) == 2);
  CHECK(output.find("sbtest3 was not made by tpcc prepare and its columns (id integer, note "
                    "text) are not sysbench's") != std::string::npos);
  // And check says so too, exit 1.
  output.clear();
  CHECK(run_tpcc(sysbench_line("oltp_read_only", "check", {}, 3), &output) == 1);
  CHECK(output.find("FAIL  sbtest3  made by sysbench") != std::string::npos);
}
