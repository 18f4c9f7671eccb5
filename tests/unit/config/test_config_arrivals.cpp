// --arrivals (config/settings/run.cpp): how --rate's transactions arrive for
// TPC-C and the ingest, Poisson by default for TPC-C and fixed for the
// ingest; pgbench's and sysbench's workloads refuse it, theirs being their
// tools' (terminal/engine/arrivals.hpp), and pgbench's -j is --jobs.
#include <catch2/catch.hpp>

#include <string>

#include "config/names.hpp"
#include "tests/unit/config_test_support.hpp"

using tpcc::Arrivals;
using tpcc::Config;
using tpcc::test::parse;
using tpcc::test::usage_error;

TEST_CASE("arrivals: Poisson for TPC-C unless --arrivals fixed", "[config][arrivals]") {
  CHECK(parse({"run", "--rate", "600"}).arrivals == Arrivals::Poisson);
  CHECK(parse({"run", "--rate", "600", "--arrivals", "fixed"}).arrivals == Arrivals::Fixed);
  CHECK(parse({"run", "--arrivals", "poisson"}).arrivals == Arrivals::Poisson);
  CHECK(tpcc::arrivals_name(Arrivals::Fixed) == "fixed");
  CHECK(tpcc::arrivals_name(Arrivals::Poisson) == "poisson");
}

TEST_CASE("arrivals: fixed for the ingest unless --arrivals poisson", "[config][arrivals]") {
  CHECK(parse({"run", "--workload", "ingest", "--rate", "600"}).arrivals == Arrivals::Fixed);
  CHECK(parse({"run", "--workload", "ingest", "--arrivals", "poisson"}).arrivals ==
        Arrivals::Poisson);
}

TEST_CASE("arrivals: a bad value or another workload's run is refused by name",
          "[config][arrivals]") {
  CHECK(usage_error({"run", "--arrivals", "uniform"}).find("--arrivals") != std::string::npos);
  CHECK(usage_error({"run", "--workload", "pgbench", "--arrivals", "fixed"}).find("--arrivals") !=
        std::string::npos);
  CHECK(usage_error({"run", "--workload", "oltp_read_only", "--arrivals", "fixed"})
            .find("--arrivals") != std::string::npos);
}

TEST_CASE("arrivals: pgbench's -j is --jobs, its threads' schedules", "[config][arrivals]") {
  CHECK(parse({"pgbench", "-c", "4", "-j", "2", "-S", "-R", "100", "bench"}).jobs == 2);
  CHECK(parse({"run", "--workload", "pgbench", "--jobs", "3"}).jobs == 3);
  CHECK(parse({"run", "--workload", "pgbench"}).jobs == 1);
  CHECK(usage_error({"run", "--workload", "pgbench", "--jobs", "0"}).find("--jobs") !=
        std::string::npos);
}

TEST_CASE("jobs: every workload's threads, not given a thread per terminal but pgbench's one",
          "[config][jobs]") {
  CHECK(parse({"run", "--jobs", "2"}).jobs == 2);
  CHECK(parse({"run", "--workload", "oltp_read_write", "--jobs", "4"}).jobs == 4);
  CHECK(parse({"run", "--workload", "ingest", "--jobs", "1"}).jobs == 1);
  CHECK(parse({"run"}).jobs == 0);
  CHECK(parse({"run", "--workload", "oltp_read_only"}).jobs == 0);
  CHECK(usage_error({"run", "--jobs", "1001"}).find("--jobs") != std::string::npos);
}

TEST_CASE("jobs: refused where the scheduler runs the terminals, not ignored", "[config][jobs]") {
  CHECK_THAT(usage_error({"run", "--jobs", "2", "--keying-think"}),
             Catch::StartsWith("--jobs: --jobs is for terminals without keying and think times"));
  CHECK_THAT(usage_error({"run", "--jobs", "2", "--spec"}),
             Catch::Contains("--jobs is for terminals without keying and think times"));
  CHECK_THAT(
      usage_error({"run", "--terminals", "8", "--connections", "2", "--jobs", "2"}),
      Catch::StartsWith("--jobs: --jobs is for terminals with a connection each; 8 terminals "
                        "share 2 connections (--connections)"));
  // Every workload's terminals can share a pool, so every workload refuses.
  for (const char* workload : {"pgbench", "oltp_read_write", "oltp_read_only", "ingest"}) {
    INFO(workload);
    CHECK_THAT(usage_error({"run", "--workload", workload, "--terminals", "8", "--connections", "2",
                            "--jobs", "2"}),
               Catch::StartsWith("--jobs: --jobs is for terminals with a connection each"));
  }
  // A connection each, given or not: accepted.
  CHECK(parse({"run", "--terminals", "8", "--connections", "8", "--jobs", "2"}).jobs == 2);
  CHECK(parse({"run", "--terminals", "8", "--jobs", "2", "--keying-think=false"}).jobs == 2);
}
