// Read-only tests pointed straight at a hot standby (pg_basebackup of a
// throwaway primary): oltp_read_only and oltp_point_select, and pgbench's
// select-only, run there and exit 0 with their figures, the kit writing
// nothing of its own; the primary's tpcc check still holds after them. A
// test that writes is still stopped there, exit 3 with the hint to use the
// primary.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/standby_fixture.hpp"

namespace {

using Args = std::vector<std::string>;
using tpcc::test::read_result;
using tpcc::test::run_tpcc;

constexpr const char* kDatabase = "tpcc_read_only_runs";
constexpr const char* kStandbyName = "tpcc_read_only_runs";

const Args kOltpTables = {"--tables", "1", "--table-size", "1000"};

Args with(Args args, const Args& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// `tpcc run --workload WORKLOAD` of 2 s on conninfo into dir.
Args run_line(const std::string& workload, const std::string& conninfo, const std::string& dir,
              const Args& more) {
  return with({"run", "--workload", workload, "--conn", conninfo, "--terminals", "2", "--duration",
               "2", "--result-dir", dir},
              more);
}

}  // namespace

TEST_CASE("read-only tests run on a hot standby: oltp_read_only, oltp_point_select, select-only",
          "[read_only_runs]") {
  tpcc::test::StandbyPair pair(kStandbyName, kDatabase);
  const std::string primary = pair.primary_database();
  const std::string standby = pair.standby_database();
  std::string output;
  REQUIRE(
      run_tpcc(with({"prepare", "--workload", "oltp_read_only", "--conn", primary}, kOltpTables),
               &output) == 0);
  REQUIRE(run_tpcc({"prepare", "--workload", "pgbench", "--conn", primary, "--scale", "1"},
                   &output) == 0);
  pair.wait_for_replay(60);

  for (const char* test : {"oltp_read_only", "oltp_point_select"}) {
    INFO(test);
    const std::string dir = tpcc::test::scratch_dir(std::string("standby_") + test);
    const int status = run_tpcc(run_line(test, standby, dir, kOltpTables), &output);
    INFO(output);
    CHECK(status == 0);
    // sysbench's own final block, and its figures in result.json.
    CHECK_THAT(output,
               Catch::Contains("SQL statistics:") && Catch::Contains("total number of events:"));
    CHECK(read_result(dir).at("sysbench").at("tps").get<double>() > 0);
  }

  const std::string select_only = tpcc::test::scratch_dir("standby_select_only");
  const int pgbench_status =
      run_tpcc(run_line("pgbench", standby, select_only, {"--builtin", "select-only"}), &output);
  INFO(output);
  CHECK(pgbench_status == 0);
  CHECK_THAT(output, Catch::Contains("tps = "));

  // Nothing the kit records for tpcc check was left open by the runs.
  CHECK(run_tpcc(with({"check", "--workload", "oltp_read_only", "--conn", primary}, kOltpTables),
                 &output) == 0);

  // A test that writes: stopped on its first write, with the hint.
  const std::string writes = tpcc::test::scratch_dir("standby_read_write");
  CHECK(run_tpcc(run_line("oltp_read_write", standby, writes, kOltpTables), &output) == 3);
  CHECK_THAT(output, Catch::Contains("hot standby") && Catch::Contains("--conn"));
}
