// --standby-builtin and --standby-file (workloads/pgbench/config/pgbench_settings.cpp): what
// each standby of a pgbench run runs, in the order given, and the
// refusals: without a standby, or with a workload other than pgbench.
#include <catch2/catch.hpp>

#include <string>

#include "tests/unit/config_test_support.hpp"

using tpcc::Config;
using tpcc::test::parse;
using tpcc::test::usage_error;

TEST_CASE("pgbench standby options: the standby's scripts in the order given",
          "[config][pgbench]") {
  const Config c =
      parse({"run", "--workload", "pgbench", "--file", "rw.sql", "--standby-conn", "host=standby",
             "--standby-builtin", "select-only", "--standby-file", "ro.sql@3"});
  REQUIRE(c.pgbench.scripts.size() == 1);
  REQUIRE(c.pgbench.standby_scripts.size() == 2);
  CHECK(c.pgbench.standby_scripts[0].builtin);
  CHECK(c.pgbench.standby_scripts[0].spec == "select-only");
  CHECK(c.pgbench.standby_scripts[0].flag == "--standby-builtin");
  CHECK_FALSE(c.pgbench.standby_scripts[1].builtin);
  CHECK(c.pgbench.standby_scripts[1].spec == "ro.sql@3");
  CHECK(c.pgbench.standby_scripts[1].flag == "--standby-file");
  REQUIRE(c.standbys.size() == 1);
  const Config plain = parse({"run", "--workload", "pgbench", "--standby-conn", "host=standby"});
  CHECK(plain.pgbench.standby_scripts.empty());  // select-only
}

TEST_CASE("pgbench standby options: refused without a standby or the pgbench workload",
          "[config][pgbench]") {
  CHECK(usage_error({"run", "--workload", "pgbench", "--standby-file", "ro.sql"})
            .find("--standby-file: a standby's script needs a standby connection") !=
        std::string::npos);
  CHECK(usage_error({"run", "--workload", "pgbench", "--standby-builtin", "select-only"})
            .find("--standby-builtin: a standby's script needs a standby connection") !=
        std::string::npos);
  CHECK(usage_error({"run", "--workload", "oltp_read_write", "--standby-conn", "host=standby",
                     "--standby-file", "ro.sql"})
            .find("--standby-file") != std::string::npos);
}
