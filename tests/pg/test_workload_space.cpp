// sysbench's oltp prepare and pgbench -i say their size estimate before a
// load and, as TPC-C's prepare does, refuse at once (exit 2, nothing
// created) a load far beyond the server's free space; in a bounded address
// space, so that a plan that allocated per range of rows would die of
// bad_alloc rather than refuse.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace {

using tpcc::test::scalar;

// tpcc ARGS... in 2 GB of address space, stopped after a minute (a load
// that was not refused would go on for days); its status.
int run_bounded(const std::vector<std::string>& args, std::string* output) {
  std::vector<std::string> argv = {
      "/bin/sh", "-c", "ulimit -v 2000000 && exec timeout 60 \"$0\" \"$@\"", TPCC_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return tpcc::run_process(argv, tpcc::ProcessOptions{}, output);
}

long long relations_like(const std::string& conninfo, const std::string& pattern) {
  return scalar(conninfo, "select count(*) from pg_class where relname like '" + pattern + "'");
}

}  // namespace

TEST_CASE(
    "oltp prepare of 1000 tables of 2*10^9 rows is refused at once with its size estimate, "
    "creating nothing",
    "[sysbench][space]") {
  const std::string name = "tpcc_space_oltp";
  const std::string db = tpcc::test::create_database(name);
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  std::string output;
  const int status =
      run_bounded({"oltp_read_write", "--db-driver=pgsql", "--pgsql-host=" + server.socket_dir(),
                   "--pgsql-port=" + std::to_string(server.port()), "--pgsql-user=postgres",
                   "--pgsql-db=" + name, "--tables=1000", "--table-size=2000000000", "prepare"},
                  &output);
  INFO(output);
  CHECK(status == 2);
  CHECK(output.find("size estimate: about 527 TB with indexes for 2000000000000 rows in 1000 "
                    "sbtest table(s); ") != std::string::npos);
  CHECK(output.find("tpcc: --table-size: loading 2000000000000 rows in 1000 sbtest table(s) "
                    "needs about 527 TB with indexes, but the file system of the server's data "
                    "directory ") != std::string::npos);
  CHECK(output.find("--no-space-check") != std::string::npos);
  CHECK(relations_like(db, "sbtest%") == 0);
  CHECK(relations_like(db, "tpcc%") == 0);
}

TEST_CASE("pgbench -i -s 100000000 is refused at once with its size estimate, creating nothing",
          "[pgbench][space]") {
  const std::string name = "tpcc_space_pgbench";
  const std::string db = tpcc::test::create_database(name);
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  std::string output;
  const int status = run_bounded({"pgbench", "-i", "-s", "100000000", "-h", server.socket_dir(),
                                  "-p", std::to_string(server.port()), "-U", "postgres", name},
                                 &output);
  INFO(output);
  CHECK(status == 2);
  CHECK(output.find("size estimate: about 1.6 PB with indexes for 10001100000000 rows in the "
                    "pgbench tables of scale 100000000; ") != std::string::npos);
  CHECK(output.find("tpcc: --scale: loading 10001100000000 rows in the pgbench tables of scale "
                    "100000000 needs about 1.6 PB with indexes, but the file system of the "
                    "server's data directory ") != std::string::npos);
  CHECK(relations_like(db, "pgbench%") == 0);
  CHECK(relations_like(db, "tpcc%") == 0);
}

TEST_CASE("pgbench -i says its size estimate and the free space before loading",
          "[pgbench][space]") {
  const std::string db = tpcc::test::create_database("tpcc_space_pgbench_small");
  std::string output;
  REQUIRE(tpcc::test::run_tpcc({"prepare", "--workload", "pgbench", "--conn", db, "--scale", "2"},
                               &output) == 0);
  INFO(output);
  // 2 x 15.7 MB, measured; said before the first table is created.
  const auto estimate = output.find(
      "size estimate: about 31 MB with indexes for 200022 rows in the pgbench tables of scale 2; ");
  CHECK(estimate != std::string::npos);
  CHECK(estimate < output.find("creating table pgbench_history"));
  CHECK(scalar(db, "select count(*) from pgbench_accounts") == 200000);
}
