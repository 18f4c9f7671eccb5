// sysbench-tpcc's three command lines (prepare, run, cleanup) run as they
// are, with the program name ./tpcc and the test server's socket directory,
// port and database, at a small scale. The libpq environment points
// nowhere, so only the --pgsql-* flags can reach the server.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "pgserver/local_server.hpp"
#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

using tpcc::test::scalar;

constexpr const char* kDatabase = "tpcc_sysbench";

// The seed's lines (sysbench-tpcc on PostgreSQL), with ./tpcc.lua, the
// socket directory, the port and the database as placeholders, and the
// threads, scale and time made small.
constexpr const char* kSeedPrepare =
    "./tpcc.lua --pgsql-host=SOCKET --pgsql-port=PORT --pgsql-user=postgres --pgsql-db=DB "
    "--threads=2 --tables=1 --scale=2 --trx_level=RC --db-ps-mode=auto --db-driver=pgsql "
    "prepare";
constexpr const char* kSeedRun =
    "./tpcc.lua --pgsql-host=SOCKET --pgsql-port=PORT --pgsql-user=postgres --pgsql-db=DB "
    "--threads=2 --tables=1 --scale=2 --trx_level=RC --db-ps-mode=auto --db-driver=pgsql "
    "--time=5 --report-interval=1 run";
constexpr const char* kSeedCleanup =
    "./tpcc.lua --pgsql-host=SOCKET --pgsql-port=PORT --pgsql-user=postgres --pgsql-db=DB "
    "--threads=2 --tables=1 --scale=2 --trx_level=RC --db-driver=pgsql cleanup";

// sysbench-tpcc's interval line: sysbench 1.0.20's Lua reporter,
// sysbench.report_default (src/lua/internal/sysbench.lua), which tpcc.lua's
// report_intermediate hook calls: "err/s" without a colon.
const std::regex kSysbenchLine(
    R"(\[ \d+s \] thds: 2 tps: (\d+\.\d\d) qps: (\d+\.\d\d) \(r/w/o: (\d+\.\d\d)/(\d+\.\d\d)/)"
    R"((\d+\.\d\d)\) lat \(ms,95%\): \d+\.\d\d err/s \d+\.\d\d reconn/s: \d+\.\d\d)");

// The lines of sysbench 1.0.20's final block as sb_report_cumulative and
// the pgsql driver's db_report_cumulative (src/sysbench.c, src/db_driver.c)
// print them, each by its name, without the empty lines between sections.
const std::vector<std::string> kFinalBlockNames = {"SQL statistics",
                                                   "    queries performed",
                                                   "        read",
                                                   "        write",
                                                   "        other",
                                                   "        total",
                                                   "    transactions",
                                                   "    queries",
                                                   "    ignored errors",
                                                   "    reconnects",
                                                   "General statistics",
                                                   "    total time",
                                                   "    total number of events",
                                                   "Latency (ms)",
                                                   "         min",
                                                   "         avg",
                                                   "         max",
                                                   "         95th percentile",
                                                   "         sum",
                                                   "Threads fairness",
                                                   "    events (avg/stddev)",
                                                   "    execution time (avg/stddev)"};

// The names of the final block's lines in output (each up to its ':'),
// from "SQL statistics:" to the first line that is none of the block's.
std::vector<std::string> final_block_names(const std::string& output) {
  std::vector<std::string> names;
  std::istringstream lines(output);
  bool in_block = false;
  for (std::string line; std::getline(lines, line);) {
    if (line == "SQL statistics:") in_block = true;
    if (!in_block || line.empty()) continue;
    const std::string name = line.substr(0, line.find(':'));
    if (std::find(kFinalBlockNames.begin(), kFinalBlockNames.end(), name) ==
        kFinalBlockNames.end()) {
      break;
    }
    names.push_back(name);
  }
  return names;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

// A seed line as argv: ./tpcc.lua becomes ./tpcc, the placeholders the
// test server's; extra words go before the command word, which stays last.
std::vector<std::string> seed_argv(std::string line, const std::vector<std::string>& extra = {}) {
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  replace_all(line, "./tpcc.lua", "./tpcc");
  replace_all(line, "SOCKET", server.socket_dir());
  replace_all(line, "PORT", std::to_string(server.port()));
  replace_all(line, "DB", kDatabase);
  std::istringstream words(line);
  std::vector<std::string> argv;
  for (std::string word; words >> word;) argv.push_back(word);
  argv.insert(argv.end() - 1, extra.begin(), extra.end());
  return argv;
}

// Runs argv in `dir`, where ./tpcc is the binary under test; libpq's
// environment names no reachable server.
int run_in(const tpcc::test::TempDir& dir, const std::vector<std::string>& argv,
           std::string* output) {
  tpcc::ProcessOptions options;
  options.cwd = dir.path().string();
  options.env = {{"PGHOST", std::string("/nonexistent-socket-dir")},
                 {"PGPORT", std::string("1")},
                 {"PGDATABASE", std::string("no_such_database")},
                 {"PGUSER", std::string("no_such_user")}};
  return tpcc::run_process(argv, options, output);
}

// The figures of one sysbench line: tps, qps, reads/s, writes/s, other/s.
struct SysbenchFigures {
  double tps, qps, reads, writes, other;
};

std::vector<SysbenchFigures> sysbench_lines(const std::string& output) {
  std::vector<SysbenchFigures> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!std::regex_match(line, m, kSysbenchLine)) continue;
    lines.push_back(
        {std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), std::stod(m[5])});
  }
  return lines;
}

}  // namespace

TEST_CASE(
    "sysbench: the seed's prepare, run and cleanup lines run as they are, with program "
    "name and connection changed",
    "[sysbench]") {
  const std::string db = tpcc::test::create_database(kDatabase);
  tpcc::test::TempDir dir;
  std::filesystem::create_symlink(TPCC_BINARY, dir.path() / "tpcc");

  std::string output;
  REQUIRE(seed_argv(kSeedPrepare).front() == "./tpcc");
  int status = run_in(dir, seed_argv(kSeedPrepare), &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK_THAT(output,
             Catch::Contains("sysbench --tables 1 × --scale 2: 2 warehouses in one set of tables"));
  CHECK(scalar(db, "select count(*) from bmsql_warehouse") == 2);

  // With --report-format tpcc, the run line prints tpcc's own interval
  // lines and no sysbench block.
  std::string run_output;
  status = run_in(dir, seed_argv(kSeedRun, {"--report-format=tpcc"}), &run_output);
  INFO(run_output);
  REQUIRE(status == 0);
  CHECK(sysbench_lines(run_output).empty());
  CHECK_THAT(run_output, Catch::Contains("s ] tpmC: "));
  CHECK(final_block_names(run_output).empty());

  // As it is, sysbench-tpcc's: one line a second, with transactions and
  // statements of all three kinds, then sysbench's final block, then
  // TPC-C's summary and its short run rules.
  std::string sysbench_output;
  status = run_in(dir, seed_argv(kSeedRun), &sysbench_output);
  INFO(sysbench_output);
  REQUIRE(status == 0);
  CHECK_THAT(sysbench_output, !Catch::Contains("s ] tpmC: "));
  CHECK(final_block_names(sysbench_output) == kFinalBlockNames);
  const std::size_t block_at = sysbench_output.find("SQL statistics:");
  const std::size_t tpmc_at = sysbench_output.find("tpmC", block_at);
  CHECK(block_at != std::string::npos);
  CHECK(tpmc_at != std::string::npos);
  CHECK(sysbench_output.find("Run rules: ", tpmc_at) != std::string::npos);
  const auto lines = sysbench_lines(sysbench_output);
  CHECK(lines.size() >= 4);
  double busiest_tps = 0;
  for (const SysbenchFigures& line : lines) {
    if (line.tps <= busiest_tps) continue;
    busiest_tps = line.tps;
    CHECK(line.qps > line.tps);  // every transaction runs several statements
    CHECK(line.reads > 0);
    CHECK(line.writes > 0);
    CHECK(line.other > 0);  // BEGIN, COMMIT
  }
  CHECK(busiest_tps > 0);

  // A run whose --tables x --scale is not what prepare loaded is refused.
  std::string mismatch;
  std::string scale_3 = kSeedRun;
  replace_all(scale_3, "--scale=2", "--scale=3");
  CHECK(run_in(dir, seed_argv(scale_3), &mismatch) == 2);
  CHECK_THAT(mismatch, Catch::Contains("--tables 1 × --scale 3 is 3 warehouses, but the "
                                       "database holds 2"));

  std::string cleanup_output;
  status = run_in(dir, seed_argv(kSeedCleanup), &cleanup_output);
  INFO(cleanup_output);
  REQUIRE(status == 0);
  CHECK_THAT(cleanup_output, Catch::Contains("sysbench flags without effect on cleanup: --threads, "
                                             "--tables, --scale, --trx_level"));
  CHECK(scalar(db, "select count(*) from pg_class where relname = 'bmsql_warehouse'") == 0);
}
