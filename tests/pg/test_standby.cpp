// A combined primary + standby run against a real streaming standby: a
// primary of its own (wal_level=replica), a hot standby made with
// pg_basebackup -R, read-write terminals on the primary and read-only ones
// on the standby in one measured interval, replication lag in the results,
// tpcc check on the standby, Ctrl-C, and both servers gone afterwards.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <signal.h>
#include <sys/types.h>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/standby_fixture.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_standby";
constexpr const char* kStandbyName = "tpcc_standby1";

std::int64_t finished(const Json& side, const char* txn) {
  const Json& t = side.at("transactions").at(txn);
  return t.at("count").get<std::int64_t>() + t.at("rollbacks").get<std::int64_t>() +
         t.at("errors").get<std::int64_t>();
}

long long standby_commits(const std::string& conninfo) {
  return tpcc::test::scalar(
      conninfo, "select xact_commit from pg_stat_database where datname = current_database()");
}

pid_t postmaster_pid(const tpcc::LocalServer& server) {
  std::ifstream in(server.data_dir() + "/postmaster.pid");
  pid_t pid = 0;
  in >> pid;
  return pid;
}

// A zombie has exited; it waits only for whoever reaps orphans.
bool process_exists(pid_t pid) {
  if (pid <= 0 || ::kill(pid, 0) != 0) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pid_field, command, state;
  stat >> pid_field >> command >> state;
  return state != "Z";
}

// Polls `done` every 50 ms for up to `seconds`; returns whether it came true.
template <typename Done>
bool within(double seconds, Done done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

// pg_ctl stop returns once the postmaster has removed its pid file, a
// moment before the process ends.
bool gone_within(pid_t pid, double seconds) {
  return within(seconds, [pid] { return !process_exists(pid); });
}

// Until a child's output file holds `text`.
bool text_within(const fs::path& file, const std::string& text, double seconds) {
  return within(seconds,
                [&] { return tpcc::test::read_text(file).find(text) != std::string::npos; });
}

void check_standby_side(const Json& standby) {
  // The standby's terminals ran only the read-only transactions.
  CHECK(finished(standby, "new_order") == 0);
  CHECK(finished(standby, "payment") == 0);
  CHECK(finished(standby, "delivery") == 0);
  CHECK(standby.at("transactions").at("order_status").at("count").get<std::int64_t>() > 0);
  CHECK(standby.at("transactions").at("stock_level").at("count").get<std::int64_t>() > 0);
  CHECK(standby.at("tpmTOTAL").get<double>() > 0);
  CHECK(standby.at("profile") == "ro");
}

}  // namespace

TEST_CASE("tpcc run --standby-conn: primary read-write and standby read-only in one run",
          "[standby]") {
  pid_t primary_pid = 0;
  pid_t standby_pid = 0;
  std::string primary_dir, standby_dir;
  {
    tpcc::test::StandbyPair pair(kStandbyName);
    primary_pid = postmaster_pid(pair.primary());
    standby_pid = postmaster_pid(pair.standby());
    primary_dir = pair.primary().directory();
    standby_dir = pair.standby().directory();
    REQUIRE(process_exists(primary_pid));
    REQUIRE(process_exists(standby_pid));
    CHECK(tpcc::test::scalar(pair.standby().conninfo(), "select pg_is_in_recovery()::int") == 1);

    tpcc::test::execute_outside_transaction(pair.primary().conninfo(),
                                            std::string("create database ") + kDatabase);
    const std::string primary = pair.primary_database();
    const std::string standby = pair.standby_database();
    std::string output;
    REQUIRE(tpcc::test::run_tpcc({"prepare", "--conn", primary, "--warehouses", "1", "--no-check"},
                                 &output) == 0);
    pair.wait_for_replay(60);
    const long long commits_before = standby_commits(standby);
    const tpcc::test::TempDir scratch;

    // A run of 1 s warm-up and 6 s measured, interval lines every 2 s.
    const fs::path dir = scratch.path() / "combined";
    output.clear();
    const int status =
        tpcc::test::run_tpcc({"run", "--conn", primary, "--terminals", "2", "--warmup", "1",
                              "--duration", "6", "--report-interval", "2", "--standby-conn",
                              standby, "--standby-terminals", "2", "--result-dir", dir.string()},
                             &output);
    INFO(output);
    REQUIRE(status == 0);
    const Json result = tpcc::test::read_result(dir.string());
    CHECK(result.at("tpmC").get<double>() > 0);
    CHECK(result.at("measured_seconds").get<double>() == Approx(6).margin(0.5));
    CHECK(result.at("transactions").at("new_order").at("count").get<std::int64_t>() > 0);
    REQUIRE(result.contains("standby"));
    CHECK_FALSE(result.contains("standbys"));  // only with several
    const Json& side = result.at("standby");
    check_standby_side(side);
    CHECK(side.at("terminals").get<int>() == 2);
    CHECK(side.at("measured_seconds") == result.at("measured_seconds"));  // one interval

    // 5.2 of the brief: lag figures from both ends. The primary's row is the
    // one the standby's WAL receiver opened (cluster_name).
    const Json& lag = side.at("replication_lag");
    CHECK(lag.at("application_name") == kStandbyName);
    CHECK(lag.at("samples").get<int>() >= 4);
    REQUIRE(lag.at("bytes_behind").is_object());
    CHECK(lag.at("bytes_behind").at("max").get<double>() >= 0);
    REQUIRE(lag.at("replay_delay_ms").is_object());
    CHECK(lag.at("replay_delay_ms").at("p50").get<double>() >= 0);
    CHECK(lag.at("replay_delay_ms").at("p50").get<double>() < 60000);
    REQUIRE(lag.at("replay_lag_ms").is_object());
    CHECK(lag.at("replay_lag_ms").at("max").get<double>() >=
          lag.at("replay_lag_ms").at("p50").get<double>());

    // Interval lines for both sides, the lag on the standby's; intervals.csv
    // has the standby's columns.
    // Lines at 1 s (end of warm-up), then 3, 5, 7 s.
    CHECK(output.find("[ 3s ] tpmC: ") != std::string::npos);
    CHECK(output.find("[ 3s ] standby 1: tpmTOTAL: ") != std::string::npos);
    CHECK(output.find(" lag: replay ") != std::string::npos);
    CHECK(output.find("Standby 1 (read-only") != std::string::npos);
    const std::string csv = tpcc::test::read_text(dir / "intervals.csv");
    CHECK(csv.find(",standby1_tpmTOTAL,") != std::string::npos);
    CHECK(csv.find(",standby1_replay_delay_ms,wal_bytes,") != std::string::npos);

    // The standby's own server metrics, where they apply: its
    // commits and the waits of the kit's backends on it, no WAL or
    // checkpoint figures (a standby writes none of its own).
    const Json& metrics = side.at("server_metrics");
    CHECK(metrics.at("enabled") == true);
    CHECK(metrics.at("notes").empty());
    REQUIRE(metrics.at("intervals").size() == result.at("server_metrics").at("intervals").size());
    std::int64_t wait_samples = 0;
    for (const Json& interval : metrics.at("intervals")) {
      INFO(interval.dump());
      // Backends flush their counts about once a second: the 1 s warm-up
      // line may have none yet.
      if (interval.at("warmup") == false) CHECK(interval.at("commits").get<double>() > 0);
      CHECK(interval.at("db_bytes").get<double>() > 0);
      CHECK(interval.at("wal_bytes").is_null());
      CHECK(interval.at("ckpt_req").is_null());
      CHECK(interval.at("autovacuum_workers").is_null());
      wait_samples += interval.at("wait_samples").get<std::int64_t>();
    }
    CHECK(wait_samples > 0);
    CHECK(metrics.at("totals").at("commits").get<double>() > 0);
    const std::string page = tpcc::test::read_text(dir / "report.html");
    CHECK(page.find("<h2>Standby 1: server metrics per interval</h2>") != std::string::npos);
    CHECK(page.find("<h2>Standby 1: wait events of the kit&#39;s backends</h2>") !=
          std::string::npos);

    // tpcc report DIR redraws the page the run wrote, the standby's
    // sections included, and prints its summary.
    fs::remove(dir / "report.html");
    std::string redrawn;
    CHECK(tpcc::test::run_tpcc({"report", dir.string()}, &redrawn) == 0);
    INFO(redrawn);
    CHECK(tpcc::test::read_text(dir / "report.html") == page);
    CHECK(redrawn.find("Standby 1 (read-only") != std::string::npos);
    CHECK(redrawn.find("left out") == std::string::npos);
    // A histograms.json without the standby's figures (an older tpcc's):
    // the redraw says the standby's sections are left out.
    Json histograms = Json::parse(tpcc::test::read_text(dir / "histograms.json"));
    REQUIRE(histograms.at("standbys").size() == 1);
    histograms.erase("standbys");
    std::ofstream(dir / "histograms.json") << histograms.dump();
    redrawn.clear();
    CHECK(tpcc::test::run_tpcc({"report", dir.string()}, &redrawn) == 0);
    CHECK(redrawn.find("histograms.json holds the figures of 0 standbys") != std::string::npos);
    CHECK(redrawn.find("the standby sections are left out") != std::string::npos);
    CHECK(tpcc::test::read_text(dir / "report.html").find("<h2>Standby 1") == std::string::npos);

    // The standby served the reads: its own commit count grew by at least
    // the transactions measured on it.
    const long long commits_after = standby_commits(standby);
    CHECK(commits_after - commits_before >=
          finished(side, "order_status") + finished(side, "stock_level"));

    // tpcc check on the standby: read-only, and the replayed data holds.
    pair.wait_for_replay(60);
    std::string check_output;
    CHECK(tpcc::test::run_tpcc({"check", "--conn", standby}, &check_output) == 0);
    INFO(check_output);
    CHECK(check_output.find("FAIL") == std::string::npos);
    CHECK(check_output.find("conditions hold") != std::string::npos);

    // One Ctrl-C stops both sides and the results are still written.
    const fs::path stopped = scratch.path() / "interrupted";
    const fs::path log = scratch.path() / "interrupted.log";
    tpcc::test::TpccChild child(
        {"run", "--conn", primary, "--terminals", "2", "--duration", "60", "--report-interval", "1",
         "--standby-conn", standby, "--standby-terminals", "2", "--result-dir", stopped.string()},
        log.string());
    REQUIRE(text_within(log, "[ 2s ] standby 1: tpmTOTAL:", 30));
    child.signal(SIGINT);
    CHECK(child.wait_for(30) == 130);
    INFO(tpcc::test::read_text(log));
    const Json interrupted = tpcc::test::read_result(stopped.string());
    CHECK(interrupted.at("interrupted").get<bool>());
    CHECK(interrupted.at("measured_seconds").get<double>() < 30);
    CHECK(interrupted.at("tpmC").get<double>() > 0);
    check_standby_side(interrupted.at("standby"));
  }
  // Both servers stopped and their directories removed.
  CHECK(gone_within(primary_pid, 10));
  CHECK(gone_within(standby_pid, 10));
  CHECK_FALSE(fs::exists(primary_dir));
  CHECK_FALSE(fs::exists(standby_dir));
}

TEST_CASE(
    "tpcc run --standby-conn: a standby killed mid-run is named in the summary, the page and "
    "result.json; prepare and cleanup refuse a standby",
    "[standby][faults]") {
  tpcc::test::StandbyPair pair(kStandbyName, kDatabase);
  const std::string primary = pair.primary_database();
  const std::string standby = pair.standby_database();
  std::string output;
  REQUIRE(tpcc::test::run_tpcc({"prepare", "--conn", primary, "--warehouses", "1", "--no-check"},
                               &output) == 0);
  pair.wait_for_replay(60);

  // A verb that writes, pointed at the standby: refused before it starts,
  // naming what the target is and the option to change (not the server's
  // "cannot execute ... in a read-only transaction").
  for (const std::string verb : {"prepare", "cleanup"}) {
    INFO(verb);
    output.clear();
    std::vector<std::string> args = {verb, "--conn", standby};
    if (verb == "prepare") args.insert(args.end(), {"--warehouses", "1", "--no-check"});
    CHECK(tpcc::test::run_tpcc(args, &output) == 3);
    INFO(output);
    CHECK(output.find(std::string("tpcc ") + verb + ": ") != std::string::npos);
    CHECK(output.find("is a hot standby (pg_is_in_recovery() is true)") != std::string::npos);
    CHECK(output.find("--conn (props key conn)") != std::string::npos);
    CHECK(output.find("read-only transaction") == std::string::npos);
  }

  // The standby's server stops 2 s into an 8 s run and never comes back:
  // the run goes on (its outage is shorter than --max-downtime) and exits 1.
  const tpcc::test::TempDir scratch;
  const fs::path dir = scratch.path() / "standby-down";
  const fs::path log = scratch.path() / "standby-down.log";
  tpcc::test::TpccChild child(
      {"run", "--conn", primary, "--terminals", "2", "--duration", "8", "--report-interval", "1",
       "--standby-conn", standby, "--standby-terminals", "2", "--result-dir", dir.string()},
      log.string());
  REQUIRE(text_within(log, "[ 2s ] standby 1: tpmTOTAL:", 30));
  pair.crash_standby();
  const int status = child.wait_for(60);
  output = tpcc::test::read_text(log);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("run failed on standby 1: ") != std::string::npos);
  // The summary: at the top, and in the standby's own block.
  const std::string down = "STANDBY 1 DOWN: standby 1 (";
  const auto top = output.find(down);
  REQUIRE(top != std::string::npos);
  CHECK(output.find(" to the end of the run (") != std::string::npos);
  const auto block = output.find("Standby 1 (read-only");
  REQUIRE(block != std::string::npos);
  CHECK(output.find(down, block) != std::string::npos);
  CHECK(output.find("DOWNTIME: standby 1 (", block) != std::string::npos);
  // result.json: the standby's stop detail and its outage.
  const Json result = tpcc::test::read_result(dir.string());
  const Json& side = result.at("standby");
  REQUIRE(side.at("stop_detail").is_string());
  CHECK(side.at("stop_detail").get<std::string>().rfind("standby 1 (", 0) == 0);
  CHECK(side.at("downtime_seconds").get<double>() > 0);
  CHECK(side.at("unreachable_since_seconds").get<double>() >= 1);
  CHECK(side.at("reconnect_failures").get<std::int64_t>() >= 1);
  CHECK_FALSE(side.at("last_error").is_null());
  CHECK(result.at("stop_detail").is_null());  // the run itself completed
  CHECK(result.at("downtime_seconds").get<double>() == 0);
  // The page says it where it says the primary's downtime, and in the
  // standby's section.
  const std::string page = tpcc::test::read_text(dir / "report.html");
  const auto page_top = page.find("STANDBY 1 DOWN: standby 1 (");
  REQUIRE(page_top != std::string::npos);
  const auto section = page.find("<h2>Standby 1 (read-only");
  REQUIRE(section != std::string::npos);
  CHECK(page_top < section);
  CHECK(page.find("STANDBY 1 DOWN: standby 1 (", section) != std::string::npos);
  // tpcc report DIR draws the same page from the files.
  fs::remove(dir / "report.html");
  std::string redrawn;
  CHECK(tpcc::test::run_tpcc({"report", dir.string()}, &redrawn) == 0);
  INFO(redrawn);
  CHECK(tpcc::test::read_text(dir / "report.html") == page);
}
