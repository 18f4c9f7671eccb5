// What each standby of a pgbench run runs (workloads/pgbench/
// pgbench_scripts.hpp): select-only when nothing is given, the scripts
// given otherwise, and a builtin that writes refused naming its flag.
#include <catch2/catch.hpp>

#include <string>

#include "config/errors.hpp"
#include "workloads/pgbench/pgbench_scripts.hpp"

using tpcc::PgbenchOptions;
using tpcc::UsageError;
using tpcc::pgbench::load_standby_scripts;

TEST_CASE("pgbench standby scripts: select-only by default, refusing the builtins that write",
          "[pgbench]") {
  PgbenchOptions options;
  const auto plain = load_standby_scripts(options);
  REQUIRE(plain.size() == 1);
  CHECK(plain[0].type_name == "select-only");
  CHECK(plain[0].type_title == "<builtin: select only>");

  options.standby_scripts = {{true, "sel@2", "--standby-builtin"}};
  const auto prefix = load_standby_scripts(options);
  CHECK(prefix[0].type_name == "select-only");
  CHECK(prefix[0].weight == 2);

  for (const std::string writer : {"tpcb-like", "simple-update", "simple"}) {
    options.standby_scripts = {{true, "select-only", "--standby-builtin"},
                               {true, writer, "--standby-builtin"}};
    CHECK_THROWS_WITH(
        load_standby_scripts(options),
        Catch::StartsWith("--standby-builtin " + writer + ": a standby takes no writes, and ") &&
            Catch::Contains("the read-only builtin is select-only"));
  }
}
