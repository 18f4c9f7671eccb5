// What `tpcc check` says of an sbtest table's row count after runs of the
// tests that change it: prepare's rows plus the inserts minus the deletes
// every run acknowledged, counted from the server's command tags, not
// from the statements sent (a DELETE of an id an earlier one deleted
// deletes nothing). A row deleted by hand, and a run that ended without
// recording its changes, fail the check; a refused run changes nothing.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::scalar;

constexpr const char* kDatabase = "tpcc_oltp_rows";

// sysbench's line for `test` and `command` against the tests' server.
std::vector<std::string> oltp_line(const std::string& test, const std::string& command,
                                   const std::vector<std::string>& extra = {}) {
  std::vector<std::string> argv = {
      test,
      "--db-driver=pgsql",
      "--pgsql-host=127.0.0.1",
      "--pgsql-port=" + std::to_string(tpcc::test::local_server().port()),
      "--pgsql-user=postgres",
      std::string("--pgsql-db=") + kDatabase,
      "--tables=1",
      "--table-size=200",
      "--threads=2"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.push_back(command);
  return argv;
}

}  // namespace

TEST_CASE(
    "sysbench oltp check: the rows prepared plus the runs' acknowledged inserts minus their "
    "deletes, and a count that differs fails",
    "[sysbench_oltp_rows]") {
  const std::string conninfo = tpcc::test::create_database(kDatabase);
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(oltp_line("oltp_delete", "prepare"), &output) == 0);

  // oltp_delete on 200 ids for 2 s: far more DELETEs than rows, most of
  // them of ids already gone.
  const std::string dir = tpcc::test::scratch_dir("oltp_rows_delete");
  output.clear();
  REQUIRE(tpcc::test::run_tpcc(oltp_line("oltp_delete", "run", {"--time=2", "--result-dir", dir}),
                               &output) == 0);
  INFO(output);
  const long long left = scalar(conninfo, "select count(*) from sbtest1");
  const long long deletes_sent =
      tpcc::test::read_result(dir).at("sysbench").at("queries").at("write").get<long long>();
  CHECK(left < 200);
  // Counting the statements sent would have said fewer rows than there are.
  CHECK(deletes_sent > 200 - left);
  CHECK(scalar(conninfo, "select row_count from tpcc_sysbench_tables") == left);
  CHECK(output.find("sbtest rows: -" + std::to_string(200 - left) +
                    " (acknowledged inserts minus deletes)") != std::string::npos);
  output.clear();
  CHECK(tpcc::test::run_tpcc(oltp_line("oltp_delete", "check"), &output) == 0);
  CHECK(output.find("PASS  sbtest1  " + std::to_string(left) + " rows (prepared") !=
        std::string::npos);

  // oltp_insert adds rows; oltp_read_write's delete/inserts leave the count.
  for (const std::string test : {"oltp_insert", "oltp_read_write"}) {
    output.clear();
    REQUIRE(tpcc::test::run_tpcc(oltp_line(test, "run",
                                           {"--time=2", "--result-dir",
                                            tpcc::test::scratch_dir("oltp_rows_" + test)}),
                                 &output) == 0);
    output.clear();
    CHECK(tpcc::test::run_tpcc(oltp_line(test, "check"), &output) == 0);
    INFO(test << "\n" << output);
    CHECK(scalar(conninfo, "select row_count from tpcc_sysbench_tables") ==
          scalar(conninfo, "select count(*) from sbtest1"));
  }
  CHECK(scalar(conninfo, "select count(*) from sbtest1") > left);

  // A row deleted by hand: the count is one short, named.
  tpcc::test::execute(conninfo, "delete from sbtest1 where id = (select min(id) from sbtest1)");
  output.clear();
  CHECK(tpcc::test::run_tpcc(oltp_line("oltp_insert", "check"), &output) == 1);
  const long long now = scalar(conninfo, "select count(*) from sbtest1");
  CHECK(output.find("FAIL  sbtest1  " + std::to_string(now + 1) + " rows (prepared") !=
        std::string::npos);
  CHECK(output.find("(found: " + std::to_string(now) + " rows)") != std::string::npos);
  tpcc::test::execute(conninfo, "update tpcc_sysbench_tables set row_count = row_count - 1");

  // A run that never recorded its changes (killed, or its server gone at
  // the end) leaves the count unknown: check fails until prepare again.
  tpcc::test::execute(conninfo, "update tpcc_sysbench_tables set run_open = true");
  output.clear();
  CHECK(tpcc::test::run_tpcc(oltp_line("oltp_insert", "check"), &output) == 1);
  CHECK(output.find("has not recorded its inserts and deletes") != std::string::npos);
  tpcc::test::execute(conninfo, "update tpcc_sysbench_tables set run_open = false");
  output.clear();
  CHECK(tpcc::test::run_tpcc(oltp_line("oltp_insert", "check"), &output) == 0);

  // A table dropped by hand: the run is refused before it starts (exit 2),
  // naming the table, and leaves the others' records alone.
  tpcc::test::execute(conninfo, "drop table sbtest1");
  output.clear();
  CHECK(tpcc::test::run_tpcc(
            oltp_line("oltp_insert", "run",
                      {"--time=1", "--result-dir", tpcc::test::scratch_dir("oltp_rows_refused")}),
            &output) == 2);
  CHECK(output.find("sbtest1 was not prepared here") != std::string::npos);
  CHECK(scalar(conninfo, "select count(*) from tpcc_sysbench_tables where run_open") == 0);
  output.clear();
  CHECK(tpcc::test::run_tpcc(oltp_line("oltp_insert", "cleanup"), &output) == 0);
}
