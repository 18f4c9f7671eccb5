// --report-per-command (workloads/pgbench/config/pgbench_settings.cpp) and pgbench's -r
// (workloads/pgbench/config/pgbench_line.cpp): off by default, on when given,
// refused with another workload.
#include <catch2/catch.hpp>

#include <string>

#include "tests/unit/config_test_support.hpp"

using tpcc::test::parse;
using tpcc::test::usage_error;

TEST_CASE("pgbench options: --report-per-command, and pgbench's -r", "[config][pgbench]") {
  CHECK_FALSE(parse({"run", "--workload", "pgbench"}).pgbench.report_per_command);
  CHECK(parse({"run", "--workload", "pgbench", "--report-per-command"}).pgbench.report_per_command);
  CHECK(parse({"pgbench", "-r", "-c", "2", "bench"}).pgbench.report_per_command);
  CHECK(usage_error({"run", "--workload", "oltp_read_write", "--report-per-command"})
            .find("--report-per-command") != std::string::npos);
}
