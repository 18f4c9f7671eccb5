// pgbench's -R arrivals on tpcc's engine: a Poisson schedule per thread
// (--jobs), its clients taking the next transaction due. A script whose
// transaction takes 20 ms (50 ms in the --jobs case), at a rate the
// connections keep on average: with
// Poisson arrivals transactions queue behind each other now and then, which
// shows as schedule lag (an M/D/1 queue at half load waits 10 ms on
// average; evenly spaced arrivals would wait next to nothing), and three
// clients sharing one schedule (--jobs 1) wait far less than when dealt to
// two threads' schedules as pgbench deals them (--jobs 2: one, then two).
// The arrivals are drawn from --rand-seed, so each run's schedule is the same.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

using Json = nlohmann::json;

// 50 ms a transaction, so that a busy machine's few milliseconds more per
// round trip change a connection's capacity (20 a second) by little.
constexpr const char* kLongSleepScript = "\\sleep 50 ms\nSELECT 1;\n";

// result.json of a run of a sleep script with MORE, 4 s unless `seconds`.
Json run_sleeps(const std::string& conninfo, const std::string& name, std::vector<std::string> more,
                const char* script = tpcc::test::kSleepScript, const char* seconds = "4") {
  std::vector<std::string> args = {"--duration", seconds,       "--warmup",
                                   "0",          "--rand-seed", "20260101"};
  args.insert(args.end(), more.begin(), more.end());
  std::string output;
  return tpcc::test::run_sleep_script(conninfo, "pgbench_arrivals_" + name, args, &output, script);
}

double mean_lag_ms(const Json& result) {
  return result.at("pgbench").at("schedule_lag_ms").at("average").get<double>();
}

}  // namespace

TEST_CASE("pgbench arrivals: Poisson, so a connection at half its capacity still queues",
          "[pgbench_arrivals]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_arrivals_poisson");
  // 25 a second (1500 a minute) on one connection that sends 50 a second.
  const Json result = run_sleeps(conninfo, "poisson", {"--terminals", "1", "--rate", "1500"});
  CHECK(result.at("arrivals") == "poisson");
  const double tps = result.at("pgbench").at("tps").get<double>();
  CHECK(tps > 15);
  CHECK(tps < 35);
  // M/D/1 at load 0.5: 10 ms on average. Evenly spaced arrivals, 40 ms
  // apart for a 20 ms transaction, would lag only the timer's wake-up.
  CHECK(mean_lag_ms(result) > 3);
}

TEST_CASE("pgbench arrivals: the clients of one thread share its schedule (--jobs)",
          "[pgbench_arrivals]") {
  const std::string conninfo = tpcc::test::pgbench_database("tpcc_pgb_arrivals_jobs");
  // 48 a second over three connections that send 20 a second each.
  // --jobs 1: one schedule, whichever client is free taking the next (a
  // load of 0.8 over three). --jobs 2: as pgbench deals three clients to
  // two threads, the first thread's one client alone takes half the rate,
  // 24 a second, more than it can send: its lag grows all run long, over
  // 8 s to several times the shared schedule's, which stays level.
  const Json shared =
      run_sleeps(conninfo, "jobs1", {"--terminals", "3", "--jobs", "1", "--rate", "2880"},
                 kLongSleepScript, "8");
  const Json apart =
      run_sleeps(conninfo, "jobs2", {"--terminals", "3", "--jobs", "2", "--rate", "2880"},
                 kLongSleepScript, "8");
  INFO("shared " << mean_lag_ms(shared) << " ms, apart " << mean_lag_ms(apart) << " ms");
  CHECK(mean_lag_ms(apart) > 100);
  CHECK(mean_lag_ms(shared) * 2 < mean_lag_ms(apart));
}
