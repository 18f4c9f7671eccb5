// tpcc sweep on a real server: a 2x2 grid of terminals and work_mem writes
// four points and a page, each point ran with its own work_mem, and
// work_mem is back as it was; SIGINT stops the sweep after the current
// point with work_mem put back, and the same command continues with the
// points not finished; a setting that needs a restart, one the server does
// not know and a value it refuses are refused (exit 2) with the server's
// settings as they were. Every workload sweeps: pgbench over terminals and
// a script variable (--vary-define), the ingest and an oltp test over
// terminals, each with a labelled table of its own figures and a page.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/chromium.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"
#include "tests/pg/result_files.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::chromium_dom;
using tpcc::test::have_chromium;
using tpcc::test::loaded_database;
using tpcc::test::table_header;

constexpr const char* kDatabase = "tpcc_sweep";
constexpr int kWarehouses = 1;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Json read_json(const fs::path& path) { return Json::parse(read_text(path)); }

const std::string& conn() { return loaded_database(kDatabase, kWarehouses); }

// work_mem as a new session sees it, and what postgresql.auto.conf holds
// for it: what the sweep must leave as it found.
std::string work_mem_state() {
  return tpcc::test::scalar_text(conn(), "select current_setting('work_mem')") + " / auto.conf: " +
         tpcc::test::scalar_text(
             conn(),
             "select coalesce(string_agg(setting, ','), 'none') from pg_file_settings "
             "where name = 'work_mem' and sourcefile like '%postgresql.auto.conf'");
}

// Short points: two seconds of warm-up and four measured, paced far below
// what the machine does.
std::vector<std::string> sweep_args(const std::string& dir, std::vector<std::string> axes) {
  std::vector<std::string> args = {
      "sweep", "--conn", conn(), "--warmup",     "1", "--duration", "4", "--report-interval",
      "2",     "--rate", "3000", "--result-dir", dir};
  args.insert(args.end(), axes.begin(), axes.end());
  return args;
}

// work_mem's value in kB as a point's run recorded it (its environment).
std::string recorded_work_mem(const fs::path& point) {
  const Json result = read_json(point / "result.json");
  for (const Json& s : result.at("environment").at("server").at("settings")) {
    if (s.at("name") == "work_mem") return s.at("setting").get<std::string>();
  }
  return "default";
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Waits (up to 60 s) for a file a running tpcc writes.
bool wait_for_file(const fs::path& path) {
  for (int i = 0; i < 600 && !fs::exists(path); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return fs::exists(path);
}

// The 2x2 sweep, run once for the cases that read it: its directory, with
// work_mem's state before it and after it.
struct GridSweep {
  std::string dir;
  std::string output;
  int status = -1;
  std::string before;
  std::string after;
};

const GridSweep& grid_sweep() {
  static const GridSweep sweep = [] {
    GridSweep s;
    s.before = work_mem_state();
    s.dir = tpcc::test::scratch_dir("grid");
    s.status = tpcc::test::run_tpcc(
        sweep_args(s.dir, {"--vary", "terminals=1,2", "--vary-setting", "work_mem=4MB,8MB"}),
        &s.output);
    s.after = work_mem_state();
    return s;
  }();
  return sweep;
}

}  // namespace

TEST_CASE("sweep: a 2x2 grid of terminals and work_mem writes four points and puts work_mem back",
          "[sweep]") {
  const GridSweep& run = grid_sweep();
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK(run.after == run.before);
  const Json sweep = read_json(fs::path(run.dir) / "result.json");
  CHECK(sweep.at("kind") == "sweep");
  REQUIRE(sweep.at("points").size() == 4);
  for (const Json& point : sweep.at("points")) {
    const fs::path point_dir = fs::path(run.dir) / point.at("dir").get<std::string>();
    CHECK(point.at("status") == "done");
    CHECK(fs::exists(point_dir / "report.html"));
    CHECK(point.at("figures")[0].at("name") == "tpmC");
    // The run of each point saw its own work_mem (kB).
    const std::string wanted = point.at("values").at("work_mem") == "4MB" ? "4096" : "8192";
    CHECK(recorded_work_mem(point_dir) == wanted);
  }
  CHECK(run.output.find("work_mem put back") != std::string::npos);
  CHECK(run.output.find("tpmC 95 % CI") != std::string::npos);
}

TEST_CASE("sweep: tpcc report DIR draws the sweep's page again", "[sweep]") {
  const GridSweep& run = grid_sweep();
  REQUIRE(run.status == 0);
  const fs::path page = fs::path(run.dir) / "report.html";
  const std::string written = read_text(page);
  fs::remove(page);
  std::string output;
  CHECK(tpcc::test::run_tpcc({"report", run.dir}, &output) == 0);
  INFO(output);
  CHECK(read_text(page) == written);
}

TEST_CASE("sweep: the same directory with another grid exits 2 saying so, running nothing",
          "[sweep]") {
  const GridSweep& run = grid_sweep();
  REQUIRE(run.status == 0);
  std::string output;
  CHECK(tpcc::test::run_tpcc(sweep_args(run.dir, {"--vary", "terminals=1,2,3", "--vary-setting",
                                                  "work_mem=4MB,8MB"}),
                             &output) == 2);
  INFO(output);
  CHECK(output.find("holds a sweep of another grid (--vary terminals: 1,2,3 here, 1,2") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(fs::path(run.dir) / "terminals=3,work_mem=4MB"));
}

TEST_CASE("sweep: headless chromium lays the sweep's page out with its charts", "[sweep]") {
  const GridSweep& run = grid_sweep();
  REQUIRE(run.status == 0);
  if (!have_chromium()) {
    WARN("chromium is not installed: the sweep page is not checked in a browser");
    return;
  }
  const std::string dom = chromium_dom((fs::path(run.dir) / "report.html").string());
  // tpmC against terminals and a latency chart per transaction type.
  CHECK(count_of(dom, "<svg") == 6);
  CHECK(count_of(dom, "<polyline") >= 12);  // two series (work_mem values) per chart
  CHECK(count_of(dom, "/report.html\"") == 4);
}

TEST_CASE("sweep: SIGINT puts work_mem back and exits 130; the same command continues", "[sweep]") {
  const std::string before = work_mem_state();
  const std::string dir = tpcc::test::scratch_dir("interrupted");
  const std::vector<std::string> args =
      sweep_args(dir, {"--vary", "terminals=1,2", "--vary-setting", "work_mem=8MB"});
  const std::string log = (tpcc::test::scratch_root() / "interrupted.log").string();
  {
    tpcc::test::TpccChild child(args, log);
    // The second point's run has begun its intervals.
    REQUIRE(wait_for_file(fs::path(dir) / "terminals=2,work_mem=8MB" / "intervals.csv"));
    child.signal(SIGINT);
    const int status = child.wait_for(60);
    INFO(read_text(log));
    REQUIRE(status == 130);
  }
  CHECK(work_mem_state() == before);
  const Json stopped = read_json(fs::path(dir) / "result.json");
  CHECK(stopped.at("interrupted").get<bool>());
  CHECK(stopped.at("points")[0].at("status") == "done");
  CHECK(stopped.at("points")[1].at("status") == "interrupted");
  CHECK_FALSE(read_json(fs::path(dir) / "sweep.json").at("settings_changed").get<bool>());

  std::string output;
  const int status = tpcc::test::run_tpcc(args, &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("1 of 2 points finished before") != std::string::npos);
  CHECK(output.find("point 1 of 2: terminals=1,work_mem=8MB: finished before, skipped") !=
        std::string::npos);
  CHECK(output.find("== point 2 of 2: terminals=2,work_mem=8MB ==") != std::string::npos);
  CHECK(output.find("== point 1 of 2") == std::string::npos);
  const Json done = read_json(fs::path(dir) / "result.json");
  CHECK_FALSE(done.at("interrupted").get<bool>());
  for (const Json& point : done.at("points")) CHECK(point.at("status") == "done");
  CHECK(work_mem_state() == before);
}

TEST_CASE("sweep: a restart-only, unknown or refused setting exits 2 naming it, nothing changed",
          "[sweep]") {
  const std::string shared_buffers =
      tpcc::test::scalar_text(conn(), "select current_setting('shared_buffers')");
  const std::string before = work_mem_state();
  std::string output;
  const std::string dir = tpcc::test::scratch_dir("refused");
  CHECK(tpcc::test::run_tpcc(sweep_args(dir, {"--vary", "terminals=1", "--vary-setting",
                                              "shared_buffers=64MB,128MB"}),
                             &output) == 2);
  CHECK(output.find("--vary-setting shared_buffers: takes effect only when the server restarts") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(dir));
  CHECK(tpcc::test::scalar_text(conn(), "select current_setting('shared_buffers')") ==
        shared_buffers);
  CHECK(tpcc::test::scalar(conn(),
                           "select count(*) from pg_file_settings where name = "
                           "'shared_buffers' and sourcefile like '%auto.conf'") == 0);

  CHECK(tpcc::test::run_tpcc(sweep_args(dir, {"--vary-setting", "no_such_setting=1"}), &output) ==
        2);
  CHECK(output.find("--vary-setting no_such_setting: the server has no such setting") !=
        std::string::npos);

  // The server refuses the value at the first point: that point fails, the
  // sweep stops and work_mem is as it was.
  CHECK(tpcc::test::run_tpcc(sweep_args(dir, {"--vary-setting", "work_mem=lots"}), &output) == 2);
  INFO(output);
  CHECK(output.find("--vary-setting work_mem=lots: the server refuses the value") !=
        std::string::npos);
  CHECK(output.find("not done: work_mem=lots (failed, exit 2") != std::string::npos);
  CHECK(work_mem_state() == before);
}

namespace {

// A sweep of another workload: `workload` and `axes` after short points
// (2 s measured, no warm-up) into scratch/name.
struct WorkloadSweep {
  std::string dir;
  std::string output;
  int status = -1;
};

WorkloadSweep workload_sweep(const std::string& name, const std::string& conninfo,
                             std::vector<std::string> more) {
  WorkloadSweep s;
  s.dir = tpcc::test::scratch_dir(name);
  std::vector<std::string> args = {"sweep", "--conn",       conninfo, "--warmup",
                                   "0",     "--duration",   "2",      "--report-interval",
                                   "1",     "--result-dir", s.dir};
  args.insert(args.end(), more.begin(), more.end());
  s.status = tpcc::test::run_tpcc(args, &s.output);
  return s;
}

// Each point done, with its own report.html and the workload's figures,
// the first named `throughput`.
void check_points(const WorkloadSweep& run, std::size_t points, const std::string& throughput) {
  const Json sweep = read_json(fs::path(run.dir) / "result.json");
  CHECK(sweep.at("kind") == "sweep");
  REQUIRE(sweep.at("points").size() == points);
  for (const Json& point : sweep.at("points")) {
    CHECK(point.at("status") == "done");
    CHECK(fs::exists(fs::path(run.dir) / point.at("dir").get<std::string>() / "report.html"));
    REQUIRE(!point.at("figures").empty());
    CHECK(point.at("figures")[0].at("name") == throughput);
    CHECK(point.at("figures")[0].at("median").get<double>() > 0);
  }
  CHECK(sweep.dump().find("tpmC") == std::string::npos);
}

// The page as headless chromium lays it out: `charts` charts, a line per
// series on each, and a link per point.
void check_page(const WorkloadSweep& run, std::size_t charts, std::size_t lines,
                std::size_t points) {
  if (!have_chromium()) {
    WARN("chromium is not installed: the sweep page is not checked in a browser");
    return;
  }
  const std::string dom = chromium_dom((fs::path(run.dir) / "report.html").string());
  CHECK(count_of(dom, "<svg") == charts);
  CHECK(count_of(dom, "<polyline") >= lines);
  CHECK(count_of(dom, "/report.html\"") == points);
}

}  // namespace

TEST_CASE("sweep: pgbench over terminals and a script variable, a column each", "[sweep]") {
  const std::string db = tpcc::test::pgbench_database("tpcc_sweep_pgbench");
  const std::string script = tpcc::test::write_script(
      "sweep_ro.sql",
      "\\set aid random(1, :range)\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n");
  const WorkloadSweep run = workload_sweep("sweep_pgbench", db,
                                           {"--workload", "pgbench", "--file", script, "--vary",
                                            "terminals=2,4", "--vary-define", "range=1000,5000"});
  INFO(run.output);
  REQUIRE(run.status == 0);
  check_points(run, 4, "tps");
  const Json sweep = read_json(fs::path(run.dir) / "result.json");
  CHECK(sweep.at("axes")[1].at("kind") == "script variable");
  CHECK(sweep.at("points")[3].at("dir") == "terminals=4,range=5000");
  // Each point's run drew from its own :range, and ran its own terminals.
  const Json last = read_json(fs::path(run.dir) / "terminals=4,range=5000" / "config.json");
  CHECK(last.dump().find("range=5000") != std::string::npos);
  const Json last_run = read_json(fs::path(run.dir) / "terminals=4,range=5000" / "result.json");
  CHECK(last_run.at("terminals") == 4);
  CHECK(table_header(run.output, "terminals")
            .find("terminals | :range | status | runs | tps | tps 95 % CI | latency avg ms") !=
        std::string::npos);
  // tps against terminals and the average latency against tps, a line per :range.
  check_page(run, 2, 4, 4);
}

TEST_CASE("sweep: the ingest over terminals, rows/s and MB/s per point", "[sweep]") {
  const std::string db = tpcc::test::create_database("tpcc_sweep_ingest");
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(
              {"prepare", "--conn", db, "--workload", "ingest", "--ingest-tables", "2"}, &output) ==
          0);
  const WorkloadSweep run = workload_sweep("sweep_ingest", db,
                                           {"--workload", "ingest", "--ingest-tables", "2",
                                            "--ingest-rows", "50", "--vary", "terminals=2,4"});
  INFO(run.output);
  REQUIRE(run.status == 0);
  check_points(run, 2, "rows/s");
  CHECK(table_header(run.output, "terminals") ==
        "terminals | status | runs | rows/s | rows/s 95 % CI | MB/s");
  check_page(run, 1, 1, 2);
}

TEST_CASE("sweep: an oltp test over terminals, tps, qps and its percentile", "[sweep]") {
  const std::string db = tpcc::test::create_database("tpcc_sweep_oltp");
  const std::vector<std::string> oltp = {"--workload", "oltp_read_only", "--tables",
                                         "1",          "--table-size",   "1000"};
  std::vector<std::string> prepare = {"prepare", "--conn", db};
  prepare.insert(prepare.end(), oltp.begin(), oltp.end());
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(prepare, &output) == 0);
  std::vector<std::string> more = oltp;
  more.insert(more.end(), {"--vary", "terminals=1,2"});
  const WorkloadSweep run = workload_sweep("sweep_oltp", db, more);
  INFO(run.output);
  REQUIRE(run.status == 0);
  check_points(run, 2, "tps");
  CHECK(table_header(run.output, "terminals") ==
        "terminals | status | runs | tps | tps 95 % CI | qps | latency p95 ms");
  // tps against terminals, p95 against tps.
  check_page(run, 2, 2, 2);
}
