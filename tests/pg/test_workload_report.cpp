// report.html and tpcc report --compare for the workloads other than TPC-C,
// on real short runs (sysbench's oltp_read_write, pgbench's tpcb-like, the
// bulk ingest): the page carries the workload's figures as result.json
// holds them and no TPC-C figure, tpcc report DIR draws it again byte for
// byte (and draws a figure changed by hand in result.json), two oltp runs
// are compared with both tps, and an oltp run beside a pgbench run is
// refused with exit 2. With chromium on the machine, the page is read as a
// browser lays it out.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/views/format.hpp"
#include "tests/pg/chromium.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"
#include "tests/pg/result_files.hpp"

namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;
using Json = nlohmann::json;
using tpcc::fixed;
using tpcc::test::chromium_dom;
using tpcc::test::have_chromium;
using tpcc::test::run_tpcc;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string page_of(const std::string& dir) { return read_text(fs::path(dir) / "report.html"); }

// A short run of `workload` (tpcc's own line) into scratch/name; its directory.
std::string short_run(const std::string& name, const std::string& conninfo, const Args& workload) {
  const std::string dir = tpcc::test::scratch_dir(name);
  Args args = {"run", "--conn",       conninfo, "--terminals",
               "2",   "--duration",   "3",      "--report-interval",
               "1",   "--result-dir", dir};
  args.insert(args.end(), workload.begin(), workload.end());
  std::string output;
  const int status = run_tpcc(args, &output);
  INFO(output);
  REQUIRE(status == 0);
  return dir;
}

const Args kOltp = {"--workload", "oltp_read_write", "--tables", "1", "--table-size", "1000"};

const std::string& oltp_database() {
  static const std::string conninfo = [] {
    const std::string db = tpcc::test::create_database("tpcc_workload_report_oltp");
    Args args = {"prepare", "--conn", db};
    args.insert(args.end(), kOltp.begin(), kOltp.end());
    std::string output;
    if (run_tpcc(args, &output) != 0) throw std::runtime_error("prepare failed: " + output);
    return db;
  }();
  return conninfo;
}

const std::string& oltp_run() {
  static const std::string dir = short_run("workload_report_oltp", oltp_database(), kOltp);
  return dir;
}

const std::string& pgbench_run() {
  static const std::string dir = short_run(
      "workload_report_pgbench", tpcc::test::pgbench_database("tpcc_workload_report_pgbench"),
      {"--workload", "pgbench", "--builtin", "tpcb-like"});
  return dir;
}

// The fact of the page's headline: its name above its value.
std::string fact(const std::string& name, const std::string& value) {
  return "<span>" + name + "</span><b>" + value + "</b>";
}

void check_no_tpcc_figure(const std::string& page) {
  CHECK(page.find("tpmC") == std::string::npos);
  CHECK(page.find("Run rules") == std::string::npos);
  CHECK(page.find("Input audits") == std::string::npos);
}

// tpcc report DIR writes the page the run wrote, byte for byte.
void check_redrawn(const std::string& dir) {
  const fs::path page = fs::path(dir) / "report.html";
  const std::string written = read_text(page);
  fs::remove(page);
  std::string output;
  CHECK(run_tpcc({"report", dir}, &output) == 0);
  INFO(output);
  CHECK(read_text(page) == written);
}

}  // namespace

TEST_CASE("workload report: an oltp run's page has its tps, qps and latency and no tpmC",
          "[workload_report]") {
  const std::string dir = oltp_run();
  const Json sysbench = tpcc::test::read_result(dir).at("sysbench");
  const std::string page = page_of(dir);
  CHECK(page.find(fact("tps", fixed(sysbench.at("tps").get<double>(), 2))) != std::string::npos);
  CHECK(page.find(fact("qps", fixed(sysbench.at("qps").get<double>(), 2))) != std::string::npos);
  const Json& latency = sysbench.at("latency_ms");
  for (const char* key : {"min", "avg", "p95", "max"}) {
    INFO(key);
    CHECK(page.find(fact(std::string("latency ") + key + " ms",
                         fixed(latency.at(key).get<double>(), 3))) != std::string::npos);
  }
  CHECK(page.find("class=\"chart\" viewBox") != std::string::npos);
  CHECK(page.find("tps per interval") != std::string::npos);
  check_no_tpcc_figure(page);
  check_redrawn(dir);
}

TEST_CASE("workload report: a tps changed by hand in result.json is the page's after a redraw",
          "[workload_report]") {
  // A copy of the run, so that the others see its own figures.
  const std::string dir = tpcc::test::scratch_dir("workload_report_oltp_changed");
  fs::copy(oltp_run(), dir, fs::copy_options::recursive);
  Json result = tpcc::test::read_result(dir);
  const double tps = result.at("sysbench").at("tps").get<double>();
  // The figures block's tps; without the block (a result of an earlier
  // tpcc), "sysbench"'s.
  const bool block = GENERATE(true, false);
  Json& headline = result.at("figures").at("headline");
  REQUIRE(headline.at(0).at("key") == "tps");
  if (block) {
    headline.at(0)["value"] = tps + 1000.25;
  } else {
    result.erase("figures");
    result["sysbench"]["tps"] = tps + 1000.25;
  }
  std::ofstream(fs::path(dir) / "result.json") << result.dump(2);
  std::string output;
  CHECK(run_tpcc({"report", dir}, &output) == 0);
  const std::string page = page_of(dir);
  CHECK(page.find(fact("tps", fixed(tps + 1000.25, 2))) != std::string::npos);
  CHECK(page.find(fact("tps", fixed(tps, 2))) == std::string::npos);
  CHECK(page != page_of(oltp_run()));
}

TEST_CASE("workload report: a pgbench run's page has its tps, latency and scripts",
          "[workload_report]") {
  const std::string dir = pgbench_run();
  const Json pgbench = tpcc::test::read_result(dir).at("pgbench");
  const std::string page = page_of(dir);
  CHECK(page.find(fact("tps", fixed(pgbench.at("tps").get<double>(), 2))) != std::string::npos);
  const Json& latency = pgbench.at("latency_ms");
  CHECK(page.find(fact("latency avg ms", fixed(latency.at("average").get<double>(), 3))) !=
        std::string::npos);
  CHECK(page.find(fact("latency stddev ms", fixed(latency.at("stddev").get<double>(), 3))) !=
        std::string::npos);
  CHECK(page.find("<td>tpcb-like</td>") != std::string::npos);
  check_no_tpcc_figure(page);
  check_redrawn(dir);
}

TEST_CASE("workload report: an ingest run's page has its rows/s, MB/s and statement p50/p99",
          "[workload_report]") {
  const std::string db = tpcc::test::create_database("tpcc_workload_report_ingest");
  std::string output;
  REQUIRE(run_tpcc({"prepare", "--conn", db, "--workload", "ingest", "--terminals", "2"},
                   &output) == 0);
  const std::string dir =
      short_run("workload_report_ingest", db, {"--workload", "ingest", "--ingest-rows", "50"});
  const Json ingest = tpcc::test::read_result(dir).at("ingest");
  const std::string page = page_of(dir);
  CHECK(page.find(fact("rows/s", fixed(ingest.at("rows_per_second").get<double>(), 2))) !=
        std::string::npos);
  CHECK(page.find(fact("MB/s", fixed(ingest.at("payload_mb_per_second").get<double>(), 3))) !=
        std::string::npos);
  const Json& latency = ingest.at("statement_latency_ms");
  CHECK(page.find(fact("statement p50 ms", fixed(latency.at("p50").get<double>(), 3))) !=
        std::string::npos);
  CHECK(page.find(fact("statement p99 ms", fixed(latency.at("p99").get<double>(), 3))) !=
        std::string::npos);
  check_no_tpcc_figure(page);
  check_redrawn(dir);
}

TEST_CASE("workload report: two oltp runs compared with both tps, oltp beside pgbench exits 2",
          "[workload_report]") {
  const std::string first = oltp_run();
  const std::string second = short_run("workload_report_oltp_2", oltp_database(), kOltp);
  const fs::path out = fs::path(tpcc::test::scratch_dir("workload_report_compare")) / "c.html";
  std::string output;
  CHECK(run_tpcc({"report", "--compare", first, second, "--out", out.string()}, &output) == 0);
  INFO(output);
  const std::string page = read_text(out);
  for (const std::string& dir : {first, second}) {
    const std::string tps =
        fixed(tpcc::test::read_result(dir).at("sysbench").at("tps").get<double>(), 2);
    CHECK(output.find(tps) != std::string::npos);
    CHECK(page.find("<td>" + tps) != std::string::npos);
  }
  check_no_tpcc_figure(page);

  output.clear();
  CHECK(run_tpcc({"report", "--compare", first, pgbench_run()}, &output) == 2);
  for (const std::string& named :
       {first, pgbench_run(), std::string("oltp_read_write"), std::string("pgbench")}) {
    CHECK(output.find(named) != std::string::npos);
  }
}

TEST_CASE("workload report: chromium lays the oltp page out with its charts", "[workload_report]") {
  if (!have_chromium()) {
    WARN("chromium is not installed: the oltp page is not checked in a browser");
    return;
  }
  const std::string dom = chromium_dom(fs::absolute(fs::path(oltp_run()) / "report.html").string());
  CHECK(dom.find("class=\"chart\" viewBox") != std::string::npos);
  CHECK(dom.find("latency p95 ms per interval") != std::string::npos);
}

TEST_CASE(
    "workload report: an oltp run with --report-interval 0 prints no interval line and "
    "keeps each second's for its page",
    "[workload_report]") {
  const std::string dir = tpcc::test::scratch_dir("workload_report_oltp_quiet");
  Args args = {"run",        "--conn", oltp_database(),     "--terminals", "2",
               "--duration", "3",      "--report-interval", "0",           "--result-dir",
               dir};
  args.insert(args.end(), kOltp.begin(), kOltp.end());
  std::string output;
  REQUIRE(run_tpcc(args, &output) == 0);
  INFO(output);
  // sysbench's interval line: "[ 1s ] thds: 2 tps: ...".
  CHECK(output.find("] thds: ") == std::string::npos);
  CHECK(output.find("Report intermediate results") == std::string::npos);
  const auto intervals = tpcc::test::read_intervals(dir);
  REQUIRE(intervals.size() == 3);
  for (std::size_t i = 0; i < intervals.size(); ++i) {
    CHECK(std::stod(intervals[i].at("elapsed_s")) == Approx(i + 1.0).margin(0.2));
  }
  CHECK(page_of(dir).find("tps per interval") != std::string::npos);
}
