// --report-interval 0 (config/settings/run.cpp, workloads/sysbench/config/oltp_finish.cpp):
// sysbench's "no interval lines" for its oltp tests, refused with the
// other workloads, which go by their intervals.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/effective.hpp"
#include "tests/unit/config_test_support.hpp"

using tpcc::test::parse;
using tpcc::test::usage_error;

TEST_CASE("report interval 0: sysbench's no interval lines for an oltp run, kept in config.json",
          "[config][report_interval]") {
  const tpcc::Config sysbench_line =
      parse({"oltp_read_write", "--pgsql-db=sbtest", "--report-interval=0", "run"});
  CHECK(sysbench_line.report_interval_seconds == 0);
  const tpcc::Config own_line =
      parse({"run", "--workload", "oltp_read_only", "--report-interval", "0"});
  CHECK(own_line.report_interval_seconds == 0);
  CHECK(tpcc::effective_config_json(own_line).find("\"report_interval_seconds\": 0") !=
        std::string::npos);
}

TEST_CASE("report interval 0: refused for TPC-C, pgbench and ingest, naming the flag",
          "[config][report_interval]") {
  for (const std::string workload : {"tpcc", "pgbench", "ingest"}) {
    INFO(workload);
    const std::string error =
        usage_error({"run", "--workload", workload, "--report-interval", "0"});
    CHECK_THAT(error, Catch::StartsWith("--report-interval 0 (no interval lines) is for "
                                        "sysbench's oltp tests; " +
                                        workload + " takes 1..86400 seconds"));
  }
  CHECK_THAT(usage_error({"run", "--workload", "oltp_read_write", "--report-interval", "-1"}),
             Catch::Contains("--report-interval"));
}
