// tpcc prepare / cleanup against a real server: a load checked and cleaned
// up, bad options and an unreachable server refused, Ctrl-C during a load,
// a load too big for the server refused before anything is created,
// prepare after a run.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/prepare_support.hpp"

using tpcc::test::create_database;
using tpcc::test::prepare_output;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;
using tpcc::test::scalar_text;
using tpcc::test::tpcc_relations;

TEST_CASE("prepare 2 warehouses with COPY, check passes, cleanup leaves no relation", "[prepare]") {
  const std::string db = create_database("tpcc_prepare_copy");
  const std::string output = prepare_output({"prepare", "--conn", db, "--warehouses", "2"}, 0);
  CHECK(output.find("12 of 12 conditions hold") != std::string::npos);
  // The size is said before the load: 2 x 106 MB and the items' 13 MB, with
  // customer's and order line's heaps at the default fillfactor 90: 236 MB;
  // the server is local, so its free space is read too.
  CHECK(output.find("size estimate: about 236 MB with indexes for 2 warehouse(s); ") !=
        std::string::npos);
  CHECK(output.find(" free on the file system of the server's data directory ") !=
        std::string::npos);
  CHECK(output.find("loading 2 warehouse(s) with 2 worker(s) using COPY") != std::string::npos);
  CHECK(scalar(db, "select count(*) from bmsql_warehouse") == 2);
  CHECK(scalar(db, "select count(*) from bmsql_stock") == 200000);
  CHECK(scalar(db, "select count(*) from bmsql_customer") == 60000);
  CHECK(scalar(db, "select cfg_value::int from bmsql_config where cfg_name = 'warehouses'") == 2);
  // 2.1.6: C-Load recorded for a later run.
  CHECK(scalar(db,
               "select count(*) from bmsql_config where cfg_name in "
               "('nURandCLast', 'nURandCC_ID', 'nURandCI_ID')") == 3);
  CHECK(scalar(db, "select count(*) from pg_indexes where tablename like 'bmsql%'") == 12);
  // Every table has its primary key, HISTORY BenchmarkSQL's on hist_id.
  CHECK(scalar(db,
               "select count(*) from pg_constraint where contype = 'p' and conrelid::regclass"
               "::text like 'bmsql%'") == 10);
  CHECK(scalar_text(db,
                    "select pg_get_constraintdef(oid) from pg_constraint where conname = "
                    "'bmsql_history_pkey'") == "PRIMARY KEY (hist_id)");
  CHECK(run_tpcc({"check", "--conn", db, "--after-load"}, nullptr) == 0);

  // A table the kit did not create survives cleanup.
  scalar(db, "create table bmsql_mine (x int); select 1");
  prepare_output({"cleanup", "--conn", db}, 0);
  CHECK(tpcc_relations(db) == 1);
  CHECK(scalar(db, "select count(*) from pg_class where relname = 'bmsql_mine'") == 1);
}

TEST_CASE("bad tablespace or fillfactor exits 2 before anything is created", "[prepare]") {
  const std::string db = create_database("tpcc_bad_options");
  std::string output = prepare_output(
      {"prepare", "--conn", db, "--warehouses", "1", "--tablespace", "customer=no_such_ts"}, 2);
  CHECK(output.find("no_such_ts") != std::string::npos);
  CHECK(output.find("--tablespace") != std::string::npos);
  output = prepare_output({"prepare", "--conn", db, "--fillfactor", "stock=5"}, 2);
  CHECK(output.find("--fillfactor") != std::string::npos);
  output = prepare_output({"prepare", "--conn", db, "--tablespace", "bad\"name"}, 2);
  CHECK(output.find("--tablespace") != std::string::npos);
  CHECK(tpcc_relations(db) == 0);
}

TEST_CASE("an unreachable server exits 3 naming the target without the password", "[prepare]") {
  std::string output;
  const int status = run_tpcc(
      {"prepare", "--conn", "host=127.0.0.1 port=1 user=u password=s3cret dbname=x"}, &output);
  INFO(output);
  CHECK(status == 3);
  CHECK(output.find("s3cret") == std::string::npos);
  CHECK(output.find("127.0.0.1") != std::string::npos);
  CHECK(run_tpcc({"prepare", "--conn", "host=/tmp port=notaport x"}, nullptr) == 2);
}

TEST_CASE("check on a database without a load exits 2 with a clear message", "[prepare]") {
  const std::string db = create_database("tpcc_check_empty");
  const std::string output = prepare_output({"check", "--conn", db}, 2);
  CHECK(output.find("tpcc prepare") != std::string::npos);
}

TEST_CASE("Ctrl-C during a load exits 130, says how to resume, and the resume completes",
          "[prepare][resume]") {
  const std::string db = create_database("tpcc_prepare_sigint");
  const std::string log = tpcc::test::local_server().directory() + "/prepare_sigint.log";
  const std::vector<std::string> args = {"prepare", "--conn", db,     "--warehouses",
                                         "4",       "--seed", "4242", "--no-check"};
  tpcc::test::TpccChild child(args, log);
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  child.signal(SIGINT);
  const int status = child.wait_for(30);
  std::ifstream in(log);
  const std::string output((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  INFO(output);
  // A load that finished before the signal arrived exits 0; otherwise 130.
  CHECK((status == 130 || status == 0));
  if (status == 130) CHECK(output.find("run the same tpcc prepare again") != std::string::npos);
  prepare_output(args, 0);
  CHECK(scalar(db, "select count(*) from bmsql_warehouse") == 4);
  CHECK(scalar(db, "select count(*) from bmsql_stock") == 400000);
}

TEST_CASE("prepare after a run reinstalls the functions and checks the run-time conditions",
          "[prepare][after-run]") {
  const std::string db = tpcc::test::prepared_database("tpcc_prepare_after_run", 1);
  const long long orders_loaded = scalar(db, "select count(*) from bmsql_oorder");
  const std::string dir = tpcc::test::local_server().directory() + "/prepare_after_run";
  prepare_output({"run", "--conn", db, "--duration", "2", "--terminals", "2", "--result-dir", dir},
                 0);
  REQUIRE(scalar(db, "select count(*) from bmsql_oorder") > orders_loaded);
  const std::string completed =
      scalar_text(db, "select cfg_value from bmsql_config where cfg_name = 'tpcc_load_complete'");
  tpcc::test::execute(db, "drop function tpcc_payment");

  std::string output = prepare_output({"prepare", "--conn", db, "--warehouses", "1"}, 0);
  CHECK(output.find("the load is already complete") != std::string::npos);
  CHECK(output.find("checking the run-time consistency conditions (3.3.2; not 3.3.2.11") !=
        std::string::npos);
  CHECK(output.find("11 of 12 conditions hold (1 skipped)") != std::string::npos);
  CHECK(output.find("FAIL") == std::string::npos);
  CHECK(scalar(db, "select count(*) from pg_proc where proname = 'tpcc_payment'") == 1);
  // The load completed once; a later prepare does not move that time.
  CHECK(scalar_text(db,
                    "select cfg_value from bmsql_config where cfg_name = "
                    "'tpcc_load_complete'") == completed);

  // The run-time conditions are really checked: a broken one fails prepare.
  const tpcc::test::CommittedChange broken{db, "update bmsql_warehouse set w_ytd = w_ytd + 1",
                                           "update bmsql_warehouse set w_ytd = w_ytd - 1"};
  output = prepare_output({"prepare", "--conn", db, "--warehouses", "1"}, 1);
  CHECK(output.find("3.3.2.1   FAIL") != std::string::npos);
}

TEST_CASE(
    "prepare --warehouses 1000000000 is refused at once with its size estimate and the free "
    "space, in a bounded address space, creating nothing",
    "[prepare][space]") {
  const std::string db = create_database("tpcc_prepare_huge");
  // 2 GB of address space: a plan that allocated per warehouse (4 GB for a
  // billion warehouse numbers) would die of bad_alloc, not refuse.
  std::string output;
  tpcc::ProcessOptions options;
  const int status =
      tpcc::run_process({"/bin/sh", "-c", "ulimit -v 2000000 && exec \"$0\" \"$@\"", TPCC_BINARY,
                         "prepare", "--conn", db, "--warehouses", "1000000000"},
                        options, &output);
  INFO(output);
  CHECK(status == 2);
  CHECK(output.find("size estimate: about 112 PB with indexes for 1000000000 warehouse(s); ") !=
        std::string::npos);
  CHECK(output.find("tpcc: --warehouses: loading 1000000000 warehouse(s) needs about 112 PB with "
                    "indexes, but the file system of the server's data directory ") !=
        std::string::npos);
  CHECK(output.find("--no-space-check") != std::string::npos);
  CHECK(tpcc_relations(db) == 0);
}
