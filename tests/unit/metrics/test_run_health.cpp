// What keeps a broken run from passing for a clean one: the downtime
// arithmetic of FaultLog, the errors that stop a run, the exit status, the
// interval line's unreachable and stalled marks, and the result sink's rules.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/run_outcome.hpp"
#include "app/server_error_hint.hpp"
#include "config/errors.hpp"
#include "db/error_classes.hpp"
#include "metrics/run.hpp"
#include "report/console/interval_line.hpp"
#include "report/result_sink.hpp"
#include "report/views/health.hpp"
#include "terminal/engine/fault_log.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using tpcc::Clock;
using tpcc::FaultLog;
using tpcc::RunHealth;
using tpcc::RunStats;
using tpcc::StopReason;

Clock::time_point at(double seconds) {
  return Clock::time_point{} +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

RunStats clean_stats() {
  RunStats stats(tpcc::kTxnTypes);
  stats.txn[tpcc::kNewOrder].committed = 1000;
  return stats;
}

}  // namespace

TEST_CASE("downtime counts from the lost connection to the first reconnect, across sessions",
          "[faults]") {
  FaultLog log;
  log.set_start(at(0));
  CHECK(log.current_outage(at(5)) == 0);
  // Lost at 10 s, first failed attempt at 10.1 s; a second session's
  // failure does not restart the outage.
  log.unreachable(at(10), at(10.1), "connection 1");
  log.unreachable(at(11), at(11.5), "connection 2");
  CHECK(log.current_outage(at(14)) == Approx(4));
  CHECK(log.downtime_between(at(0), at(12)) == Approx(2));  // open: counted up to the end asked
  log.reachable(at(16), at(16), "connection 1", "");
  CHECK(log.current_outage(at(20)) == 0);
  CHECK(log.downtime_between(at(0), at(20)) == Approx(6));
  CHECK(log.downtime_between(at(12), at(14)) == Approx(2));  // the part inside the interval
  CHECK(log.downtime_between(at(16), at(30)) == 0);
  const RunHealth health = log.health(at(30));
  CHECK(health.downtime_seconds == Approx(6));
  CHECK(health.reconnect_failures == 2);
}

TEST_CASE("a reconnect without an outage is no downtime (a killed backend)", "[faults]") {
  FaultLog log;
  log.reachable(at(3), at(3), "connection 1", "");
  CHECK(log.health(at(10)).downtime_seconds == 0);
  CHECK(log.health(at(10)).unreachable_connections.empty());
}

TEST_CASE("the fault log names the connections that cannot reconnect, line by line and in all",
          "[faults]") {
  FaultLog log;
  log.set_start(at(0));
  log.unreachable(at(2), at(2.1), "delivery worker 1");
  log.unreachable(at(2), at(2.3), "delivery worker 1");
  CHECK(log.take_unreachable_connections() == std::vector<std::string>{"delivery worker 1"});
  // Still failing: named in the next line too.
  CHECK(log.take_unreachable_connections() == std::vector<std::string>{"delivery worker 1"});
  log.reachable(at(5), at(5), "delivery worker 1", "");
  // Failing when this line began: named once more, then no longer.
  CHECK(log.take_unreachable_connections() == std::vector<std::string>{"delivery worker 1"});
  CHECK(log.take_unreachable_connections().empty());
  log.unreachable(at(6), at(6.1), "connection 2");
  RunHealth health = log.health(at(10));
  CHECK(health.unreachable_connections ==
        std::vector<std::string>{"delivery worker 1", "connection 2"});
  // An outage open at the end: since when.
  REQUIRE(health.unreachable_since);
  CHECK(*health.unreachable_since == Approx(6));
  log.reachable(at(7), at(7), "connection 2", "");
  CHECK_FALSE(log.health(at(10)).unreachable_since);
}

TEST_CASE("the last error is the latest one, and the different errors are counted", "[faults]") {
  FaultLog log;
  log.set_start(at(0));
  log.error(at(1), "", "connection refused");
  log.error(at(2), "", "connection refused");
  log.error(at(3), "57P03", "the database system is starting up");
  log.error(at(4), "53300", "too many connections for role \"bench\"");
  const RunHealth health = log.health(at(10));
  CHECK(health.first_error->message == "connection refused");
  CHECK(health.last_error->message == "too many connections for role \"bench\"");
  CHECK(health.distinct_errors == 3);
  tpcc::RunInfo info;
  info.health = health;
  const auto lines = tpcc::health_lines(info, clean_stats());
  REQUIRE(lines.size() == 2);
  CHECK(lines[1] ==
        "last error at 4.0 s: 53300 too many connections for role \"bench\" (3 different "
        "errors in all)");
}

TEST_CASE("the first fatal error is kept and stops the run once, and errors keep first and last",
          "[faults]") {
  FaultLog log;
  log.set_start(at(100));
  int calls = 0;
  log.set_on_fatal([&calls] { ++calls; });
  log.error(at(101), "40P01", "40P01 deadlock detected");
  log.fatal(at(102), "42501", "42501 permission denied for table bmsql_district");
  log.fatal(at(103), "42501", "42501 permission denied for table bmsql_stock");
  CHECK(calls == 1);
  REQUIRE(log.fatal_error());
  CHECK(log.fatal_error()->message == "42501 permission denied for table bmsql_district");
  const RunHealth health = log.health(at(110));
  REQUIRE(health.first_error);
  CHECK(health.first_error->sqlstate == "40P01");
  CHECK(health.first_error->at_seconds == Approx(1));
  REQUIRE(health.last_error);
  CHECK(health.last_error->at_seconds == Approx(3));
}

TEST_CASE("errors retrying cannot fix stop the run, and serialization failures and timeouts do not",
          "[faults]") {
  for (const char* state : {"42501", "42P01", "42883", "3D000", "28P01", "28000", "25006"}) {
    INFO(state);
    CHECK(tpcc::retrying_cannot_fix(state));
  }
  for (const char* state : {"40001", "40P01", "57014", "55P03", "08006", "57P01", "23505", ""}) {
    INFO(state);
    CHECK_FALSE(tpcc::retrying_cannot_fix(state));
  }
  CHECK(tpcc::is_timeout("57014"));
  CHECK(tpcc::is_timeout("55P03"));
  CHECK_FALSE(tpcc::is_timeout("40001"));
}

TEST_CASE(
    "a refused connection is permanent for a missing database or bad credentials, not "
    "for a server that is down or starting",
    "[faults]") {
  CHECK(tpcc::connect_refusal_is_permanent(
      "connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: FATAL:  database "
      "\"tpcc\" does not exist"));
  CHECK(tpcc::connect_refusal_is_permanent(
      "FATAL:  password authentication failed for user \"bench\""));
  CHECK(tpcc::connect_refusal_is_permanent("FATAL:  no pg_hba.conf entry for host \"10.0.0.1\""));
  CHECK_FALSE(tpcc::connect_refusal_is_permanent(
      "connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: No such file or "
      "directory\n\tIs the server running locally"));
  CHECK_FALSE(tpcc::connect_refusal_is_permanent("FATAL:  the database system is starting up"));
  CHECK_FALSE(tpcc::connect_refusal_is_permanent("FATAL:  the database system is shutting down"));
}

TEST_CASE("exit status: any downtime or unfinished transaction is never 0, and stops say why",
          "[faults]") {
  RunHealth health;
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitOk);
  health.downtime_seconds = 0.5;
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitFailed);
  health.downtime_seconds = 0;
  RunStats unfinished = clean_stats();
  unfinished.txn[tpcc::kPayment].unfinished = 1;
  CHECK(tpcc::run_exit_status(unfinished, health) == tpcc::kExitFailed);
  health.stop = StopReason::Fatal;
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitConnect);
  health.stop = StopReason::Downtime;
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitConnect);
  health.stop = StopReason::Interrupted;
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitInterrupted);
  health.stop = StopReason::Internal;
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitFailed);
}

TEST_CASE("an interval without answers shows no percentile, and downtime and stalls are marked",
          "[faults]") {
  tpcc::IntervalSample sample;
  sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  sample.end_seconds = 20;
  sample.length_seconds = 10;
  std::string line = tpcc::format_interval_line(sample);
  CHECK(line.find("p90: - p99: -") != std::string::npos);
  CHECK(line.find("UNREACHABLE") == std::string::npos);
  sample.downtime_seconds = 6;
  sample.stalled = 2;
  sample.oldest_stalled_seconds = 3.25;
  line = tpcc::format_interval_line(sample);
  CHECK(line.find("SERVER UNREACHABLE 6.0s") != std::string::npos);
  CHECK(line.find("STALLED: 2 in flight, oldest 3.2s") != std::string::npos);
  // Only a delivery worker could not reconnect: the terminals were served.
  sample.unreachable_connections = {"delivery worker 1"};
  line = tpcc::format_interval_line(sample);
  CHECK(line.find("SERVER UNREACHABLE") == std::string::npos);
  CHECK(line.find("DELIVERY WORKER 1 CANNOT RECONNECT 6.0s") != std::string::npos);
  sample.unreachable_connections = {"connection 1", "delivery worker 1"};
  CHECK(tpcc::format_interval_line(sample).find("SERVER UNREACHABLE 6.0s") != std::string::npos);
}

TEST_CASE("the summary and report name the stop, the downtime and the unfinished", "[faults]") {
  tpcc::RunInfo info;
  RunStats stats = clean_stats();
  CHECK(tpcc::health_lines(info, stats).empty());
  info.health.stop = StopReason::Fatal;
  info.health.stop_detail = "42501 permission denied for table bmsql_district";
  info.health.downtime_seconds = 4;
  info.health.reconnect_failures = 7;
  info.health.first_error = tpcc::ErrorNote{1.5, "42501", "42501 permission denied"};
  stats.txn[tpcc::kDelivery].unfinished = 2;
  const auto lines = tpcc::health_lines(info, stats);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] ==
        "STOPPED by an error retrying cannot fix: 42501 permission denied for table "
        "bmsql_district");
  CHECK(lines[1].rfind("DOWNTIME: the server was unreachable for 4.0 s (7 failed", 0) == 0);
  CHECK(lines[2].rfind("UNFINISHED: 2 transaction(s)", 0) == 0);
  CHECK(lines[3] == "first error at 1.5 s: 42501 permission denied");
}

TEST_CASE("the summary and report name a standby's outage, and a delivery worker's", "[faults]") {
  tpcc::RunInfo info;
  tpcc::StandbyRun standby;
  standby.stats = tpcc::RunStats(tpcc::kTxnTypes);
  standby.target = "host /tmp port 5433";
  standby.health.downtime_seconds = 3.5;
  standby.health.reconnect_failures = 9;
  standby.health.unreachable_since = 4.25;
  standby.health.unreachable_connections = {"connection 1", "connection 2"};
  info.standbys.push_back(standby);
  const auto lines = tpcc::health_lines(info, clean_stats());
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] ==
        "STANDBY 1 DOWN: standby 1 (host /tmp port 5433) unreachable from 4.2 s to the end of "
        "the run (9 failed reconnect attempts): its terminals served nothing after that");
  CHECK(lines[1].rfind("DOWNTIME: standby 1 (host /tmp port 5433) was unreachable for 3.5 s", 0) ==
        0);
  CHECK(tpcc::standby_stop_detail(1, standby).rfind("standby 1 (host /tmp port 5433)", 0) == 0);
  tpcc::StandbyRun clean;
  clean.stats = tpcc::RunStats(tpcc::kTxnTypes);
  clean.target = "host /tmp port 5434";
  CHECK(tpcc::standby_stop_detail(2, clean).empty());
  CHECK(tpcc::standby_health_lines(2, clean).empty());

  tpcc::RunInfo delivery;
  delivery.health.downtime_seconds = 2;
  delivery.health.reconnect_failures = 4;
  delivery.health.unreachable_connections = {"delivery worker 1"};
  CHECK(tpcc::health_lines(delivery, clean_stats()).front() ==
        "DOWNTIME: delivery worker 1 of the server could not reconnect for 2.0 s (4 failed "
        "reconnect attempts) while the terminals' connections were up; a run with downtime is "
        "not a clean run");
}

TEST_CASE("result sink: created and written before the run, never over a non-empty directory",
          "[faults]") {
  const tpcc::test::TempDir scratch;
  tpcc::Config config;
  config.result_dir = (scratch.path() / "out").string();
  {
    tpcc::ResultSink sink(config, 0);
    CHECK(sink.dir() == config.result_dir);
    CHECK(sink.note().empty());
    CHECK(fs::is_regular_file(fs::path(sink.dir()) / "config.json"));
  }
  tpcc::ResultSink second(config, 0);  // out/ now holds config.json
  CHECK(second.dir() == config.result_dir + "-2");
  CHECK(second.note().find("exists and is not empty") != std::string::npos);

  const std::string file = scratch.write("plain", "x");
  config.result_dir = file;
  CHECK_THROWS_AS(tpcc::ResultSink(config, 0), tpcc::UsageError);

  config.result_dir = (scratch.path() / "third").string();
  config.json_file = file + "/result.json";
  CHECK_THROWS_WITH(tpcc::ResultSink(config, 0), Catch::Contains("--json " + file));
  CHECK_FALSE(fs::exists(scratch.path() / "third"));  // a refused sink leaves nothing
}

TEST_CASE("result sink: discard removes only what it created", "[faults]") {
  const tpcc::test::TempDir scratch;
  tpcc::Config config;
  config.result_dir = (scratch.path() / "fresh").string();
  tpcc::ResultSink fresh(config, 0);
  fresh.begin_intervals(0);
  fresh.discard();
  CHECK_FALSE(fs::exists(scratch.path() / "fresh"));

  fs::create_directories(scratch.path() / "empty_but_mine");
  config.result_dir = (scratch.path() / "empty_but_mine").string();
  tpcc::ResultSink existing(config, 0);
  existing.discard();
  CHECK(fs::is_directory(scratch.path() / "empty_but_mine"));
  CHECK(fs::is_empty(scratch.path() / "empty_but_mine"));
}

TEST_CASE("a server error that ends a verb says its SQLSTATE, and the setting behind it",
          "[faults]") {
  CHECK(tpcc::sqlstate_text("57014") == "57014 query_canceled");
  CHECK(tpcc::sqlstate_text("25006") == "25006 read_only_sql_transaction");
  CHECK(tpcc::sqlstate_text("42P01") == "42P01");
  const std::string timeout = tpcc::server_error_hint("57014");
  CHECK(timeout.find("statement_timeout") != std::string::npos);
  CHECK(timeout.find("--statement-timeout") != std::string::npos);
  CHECK(tpcc::server_error_hint("55P03").find("--lock-timeout") != std::string::npos);
  CHECK(tpcc::server_error_hint("25006").find("--conn (props key conn)") != std::string::npos);
  CHECK(tpcc::server_error_hint("42P01").empty());
}
