// tpcc run checks the open-files and thread limits before it connects: more
// connections than the limits allow is a usage error (exit 2) that names the
// limit and how to raise it, not a failure half-way through the start-up.
#include <catch2/catch.hpp>

#include <string>

#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"

TEST_CASE("tpcc run refuses more connections than the open-files limit allows, before connecting",
          "[run][limits]") {
  const std::string db = tpcc::test::create_database("tpcc_run_limits");
  // The limit lowered (soft and hard) for the child only.
  const std::vector<std::string> argv = {"sh",
                                         "-c",
                                         "ulimit -n 256 && exec \"$0\" \"$@\"",
                                         TPCC_BINARY,
                                         "run",
                                         "--conn",
                                         db,
                                         "--terminals",
                                         "99999",
                                         "--allow-many-terminals",
                                         "--connections",
                                         "99999"};  // + 1 delivery worker
  std::string output;
  const int status = tpcc::run_process(argv, tpcc::ProcessOptions{}, &output);
  INFO(output);
  CHECK(status == 2);
  CHECK(output.rfind("tpcc: 100000 connections need 200016 open files, but the soft limit of "
                     "open files (RLIMIT_NOFILE) is 256 and its hard limit 256: raise it with "
                     "'ulimit -n 200016'",
                     0) == 0);
  // Refused before the run read the (empty) database.
  CHECK(output.find("bmsql") == std::string::npos);
}
