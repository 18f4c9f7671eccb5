// A pgbench script's client-side waits end with the run: a \sleep far
// longer than the run is given --stop-grace like a statement in flight,
// then given up (unfinished, exit 1, the results written); SIGINT ends it
// at once (exit 130, the results written), with a thread per terminal or
// the terminals in fibers of one thread (--jobs). And an expression nested
// thousands deep is refused (exit 2, file:line:column), not a crash.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"
#include "tests/pg/result_files.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::pgbench_line;
using tpcc::test::write_script;

// Each transaction sleeps far past any run's end.
constexpr const char* kLongSleepScript = "\\sleep 100000 s\nSELECT 1;\n";

// Seconds since `start`.
double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("pgbench stop: a \\sleep past the end is given up after --stop-grace, results written",
          "[pgbench_stop]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_sleep_end");
  const std::string script = write_script("long_sleep.sql", kLongSleepScript);
  const std::string dir = tpcc::test::scratch_dir("pgbench_sleep_end");
  std::string output;
  const auto start = std::chrono::steady_clock::now();
  // Killed (137) if it hangs: 3 s, the 2 s grace, and the sessions'
  // opening and the result files well within 30 s.
  const int status = tpcc::test::run_tpcc_killed_after(
      pgbench_line("run", conninfo,
                   {"--file", script, "--terminals", "2", "--duration", "3", "--warmup", "0",
                    "--stop-grace", "2", "--result-dir", dir}),
      30, &output);
  const double took = since(start);
  INFO(output);
  // A completed run with transactions unfinished at the end exits 1.
  CHECK(status == 1);
  CHECK(took < 20);
  CHECK(output.find("2 transaction(s) still in flight 2 s after the end (--stop-grace): "
                    "cancelling them") != std::string::npos);
  const Json result = tpcc::test::read_result(dir);
  CHECK(result.at("unfinished_at_end").get<long long>() == 2);
  CHECK(result.at("exit_status").get<int>() == 1);
  CHECK_FALSE(result.at("interrupted").get<bool>());
  CHECK(fs::exists(fs::path(dir) / "intervals.csv"));
  // The given-up transactions left nothing open on the server.
  CHECK(tpcc::test::scalar(conninfo,
                           "select count(*) from pg_stat_activity where datname = "
                           "'tpcc_pgb_sleep_end' and state like 'idle in transaction%'") == 0);
}

TEST_CASE("pgbench stop: SIGINT during a \\sleep stops the run at once and writes the results",
          "[pgbench_stop]") {
  // A thread per terminal, and both terminals in fibers of one thread.
  const std::string jobs = GENERATE(as<std::string>(), "0", "1");
  INFO("--jobs " << jobs);
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_sleep_sigint_" + jobs);
  const std::string script = write_script("long_sleep_sigint.sql", kLongSleepScript);
  const std::string dir = tpcc::test::scratch_dir("pgbench_sleep_sigint_" + jobs);
  const std::string log =
      (fs::path(dir).parent_path() / ("pgbench_sleep_sigint_" + jobs + ".log")).string();
  fs::create_directories(fs::path(dir).parent_path());
  std::vector<std::string> args = {"--file",   script, "--terminals",  "2", "--duration", "600",
                                   "--warmup", "0",    "--result-dir", dir};
  if (jobs != "0") args.insert(args.end(), {"--jobs", jobs});
  tpcc::test::TpccChild child(pgbench_line("run", conninfo, args), log);
  std::this_thread::sleep_for(std::chrono::seconds(3));
  child.signal(SIGINT);
  const auto signalled = std::chrono::steady_clock::now();
  const int status = child.wait_for(15);
  const double took = since(signalled);
  INFO(tpcc::test::read_text(log));
  CHECK(status == 130);
  CHECK(took < 10);
  const Json result = tpcc::test::read_result(dir);
  CHECK(result.at("interrupted").get<bool>());
  CHECK(result.at("exit_status").get<int>() == 130);
  CHECK(result.at("unfinished_at_end").get<long long>() == 2);
}

TEST_CASE("pgbench stop: an expression nested 6000 deep is refused with file:line:column, exit 2",
          "[pgbench_stop]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_deep");
  const std::string deep = std::string(6000, '(') + "1" + std::string(6000, ')');
  const std::string script = write_script("deep.sql", "SELECT 1;\n\\set x " + deep + "\n");
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"pgbench", "-c", "1", "-T", "1", "-f", script, "--conn", conninfo}, &output);
  INFO(output);
  CHECK(status == 2);
  CHECK(output.find(script + ":2:264: expression nested too deeply (more than 256 levels)") !=
        std::string::npos);
}
