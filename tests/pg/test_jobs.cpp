// --jobs for every workload: TPC-C, a sysbench oltp test and the ingest run
// their terminals on 2 shared threads (fibers), every transaction commits
// without error and the workload's check passes after the run. pgbench's
// own threads are tested in test_pgbench_threads.cpp.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using Json = nlohmann::json;
using tpcc::test::run_tpcc;

struct Workload {
  const char* name;
  std::vector<std::string> args;  // what selects it (and its tables) on tpcc's verbs
  std::vector<std::string> prepare_args;
};

const std::vector<Workload> kWorkloads = {
    {"tpcc", {}},
    {"oltp_read_write", {"--workload", "oltp_read_write", "--tables", "1", "--table-size", "1000"}},
    {"ingest", {"--workload", "ingest"}, {"--terminals", "4"}}};  // a table per stream

// TPC-C's load at W=1, then the other workloads' tables beside it, once.
const std::string& all_workloads_database() {
  static const std::string conninfo = [] {
    const std::string conn = tpcc::test::loaded_database("tpcc_jobs", 1);
    for (std::size_t i = 1; i < kWorkloads.size(); ++i) {
      std::vector<std::string> args = {"prepare", "--conn", conn};
      args.insert(args.end(), kWorkloads[i].args.begin(), kWorkloads[i].args.end());
      args.insert(args.end(), kWorkloads[i].prepare_args.begin(), kWorkloads[i].prepare_args.end());
      std::string output;
      if (run_tpcc(args, &output) != 0) throw std::runtime_error("prepare failed: " + output);
    }
    return conn;
  }();
  return conninfo;
}

std::vector<std::string> with(std::vector<std::string> args, const Workload& w) {
  args.insert(args.end(), w.args.begin(), w.args.end());
  return args;
}

}  // namespace

TEST_CASE("jobs: every workload's 4 terminals on 2 threads commit without error, check passes",
          "[jobs]") {
  const std::string& conninfo = all_workloads_database();
  for (const Workload& w : kWorkloads) {
    INFO(w.name);
    const std::string dir = tpcc::test::scratch_dir(std::string("jobs_") + w.name);
    std::string output;
    const int status = run_tpcc(with({"run", "--conn", conninfo, "--terminals", "4", "--jobs", "2",
                                      "--duration", "2", "--result-dir", dir},
                                     w),
                                &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(output.find("(one terminal per connection, unpaced, on 2 threads)") != std::string::npos);
    const Json result = tpcc::test::read_result(dir);
    CHECK(result.at("errors") == 0);
    CHECK_FALSE(result.at("interrupted").get<bool>());
    // Every terminal of both threads ran: none starved behind the others.
    const Json& events = result.at("terminal_totals").at("events");
    REQUIRE(events.size() == 4);
    for (const Json& terminal_events : events) CHECK(terminal_events.get<std::int64_t>() > 0);
    std::string check_output;
    CHECK(run_tpcc(with({"check", "--conn", conninfo}, w), &check_output) == 0);
    INFO(check_output);
  }
}
