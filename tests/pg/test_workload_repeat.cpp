// tpcc run --repeat of the workloads other than TPC-C, on real short runs:
// an oltp set's result.json, console table and page carry tps, qps and the
// run's percentile with their spread and no TPC-C figure; two oltp sets are
// compared by each figure's ratio, an oltp set beside an ingest set is
// refused (exit 2); an ingest set empties the tables before each run after
// the first (and checkpoints with --ingest-checkpoint), so that the tables
// after the set hold the last run's rows, which check finds, and a row
// deleted by hand fails the check.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;
using Json = nlohmann::json;
using tpcc::test::run_tpcc;
using tpcc::test::scalar;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Json read_json(const fs::path& path) { return Json::parse(read_text(path)); }

const Args kOltp = {"--workload", "oltp_read_write", "--tables", "1", "--table-size", "1000"};

int tpcc_with(Args args, const std::string& conninfo, const Args& workload, std::string* output) {
  args.insert(args.end(), {"--conn", conninfo});
  args.insert(args.end(), workload.begin(), workload.end());
  return run_tpcc(args, output);
}

const std::string& oltp_database() {
  static const std::string conninfo = [] {
    const std::string db = tpcc::test::create_database("tpcc_workload_repeat_oltp");
    std::string output;
    if (tpcc_with({"prepare"}, db, kOltp, &output) != 0) {
      throw std::runtime_error("prepare failed: " + output);
    }
    return db;
  }();
  return conninfo;
}

// Two runs of `workload` of 2 s each into scratch/name; the set's directory.
std::string repeated_set(const std::string& name, const std::string& conninfo, const Args& workload,
                         std::string* output) {
  const std::string dir = tpcc::test::scratch_dir(name);
  const int status = tpcc_with({"run", "--terminals", "2", "--duration", "2", "--report-interval",
                                "1", "--repeat", "2", "--result-dir", dir},
                               conninfo, workload, output);
  INFO(*output);
  REQUIRE(status == 0);
  return dir;
}

const std::string& oltp_set(const std::string& name) {
  static std::map<std::string, std::string> sets;
  if (!sets.count(name)) {
    std::string output;
    sets[name] = repeated_set(name, oltp_database(), kOltp, &output);
  }
  return sets.at(name);
}

// The figure named name of a set's result.json.
const Json& figure(const Json& set, const std::string& name) {
  for (const Json& f : set.at("figures")) {
    if (f.at("name") == name) return f;
  }
  FAIL("the set has no figure " << name);
  throw std::logic_error("unreachable");
}

const std::string kIngestDatabase = "tpcc_workload_repeat_ingest";

const std::string& ingest_database() {
  static const std::string conninfo = [] {
    const std::string db = tpcc::test::create_database(kIngestDatabase);
    std::string output;
    if (tpcc_with({"prepare", "--terminals", "2"}, db, {"--workload", "ingest"}, &output) != 0) {
      throw std::runtime_error("prepare failed: " + output);
    }
    return db;
  }();
  return conninfo;
}

}  // namespace

TEST_CASE("workload repeat: an oltp set's figures are tps, qps and p95 over its runs",
          "[workload_repeat]") {
  std::string output;
  const fs::path dir = repeated_set("workload_repeat_oltp", oltp_database(), kOltp, &output);
  INFO(output);
  CHECK(output.find("== run 2 of 2 ==") != std::string::npos);
  CHECK(output.find("2 repeated runs:") != std::string::npos);
  CHECK(output.find("latency p95 ms") != std::string::npos);
  const Json set = read_json(dir / "result.json");
  REQUIRE(set.at("kind") == "repeated runs");
  REQUIRE(set.at("runs").size() == 2);
  std::vector<std::string> names;
  for (const Json& f : set.at("figures")) names.push_back(f.at("name").get<std::string>());
  // The headline figures the oltp block marks for a set, then the CPU per
  // transaction when the server metrics sampled it (a local server: yes).
  REQUIRE(names.size() >= 3);
  CHECK(std::vector<std::string>(names.begin(), names.begin() + 3) ==
        std::vector<std::string>{"tps", "qps", "latency p95 ms"});
  for (std::size_t i = 3; i < names.size(); ++i) {
    CHECK_THAT(names[i], Catch::EndsWith("CPU ms/txn"));
  }
  CHECK(set.dump().find("tpmC") == std::string::npos);
  // Each figure's mean is the mean of the runs' own result.json.
  const std::vector<std::pair<std::string, Json::json_pointer>> read_back = {
      {"tps", Json::json_pointer("/sysbench/tps")},
      {"qps", Json::json_pointer("/sysbench/qps")},
      {"latency p95 ms", Json::json_pointer("/sysbench/latency_ms/p95")}};
  for (const auto& [name, pointer] : read_back) {
    INFO(name);
    const Json& f = figure(set, name);
    double sum = 0;
    for (const Json& run : set.at("runs")) {
      sum += read_json(dir / run.at("dir").get<std::string>() / "result.json")
                 .at(pointer)
                 .get<double>();
    }
    CHECK(f.at("mean").get<double>() == Approx(sum / 2).epsilon(1e-3));
    CHECK(f.at("ci95").size() == 2);
    CHECK(f.at("stddev").get<double>() >= 0);
  }
  CHECK(figure(set, "tps").at("mean").get<double>() > 0);
  const std::string page = read_text(dir / "report.html");
  CHECK(page.find("<th>tps</th>") != std::string::npos);
  CHECK(page.find("tpmC") == std::string::npos);
}

TEST_CASE("workload repeat: two oltp sets are compared by each figure's ratio",
          "[workload_repeat]") {
  const std::string a = oltp_set("workload_repeat_oltp_a");
  const std::string b = oltp_set("workload_repeat_oltp_b");
  const std::string out = tpcc::test::scratch_dir("workload_repeat_compare");
  std::string output;
  REQUIRE(run_tpcc({"report", "--compare", a, b, "--out", out}, &output) == 0);
  INFO(output);
  CHECK(output.find("B / A") != std::string::npos);
  const double mean_a = figure(read_json(fs::path(a) / "result.json"), "tps").at("mean");
  const double mean_b = figure(read_json(fs::path(b) / "result.json"), "tps").at("mean");
  std::ostringstream tps_ratio;
  tps_ratio << std::fixed << std::setprecision(2) << mean_b / mean_a;
  CHECK(output.find(tps_ratio.str() + "\u00d7") != std::string::npos);
  CHECK(output.find("latency p95 ms") != std::string::npos);
  CHECK(output.find("tpmC") == std::string::npos);
  CHECK(read_text(fs::path(out) / "compare.html").find("latency p95 ms") != std::string::npos);
}

TEST_CASE("workload repeat: an ingest set empties the tables between runs; check holds the last",
          "[workload_repeat]") {
  const std::string db = ingest_database();
  std::string output;
  const fs::path dir = repeated_set(
      "workload_repeat_ingest", db,
      {"--workload", "ingest", "--warmup", "0", "--ingest-rows", "50", "--ingest-checkpoint"},
      &output);
  INFO(output);
  CHECK(output.find("between runs, truncate: ") != std::string::npos);
  CHECK(output.find("tpcc_ingest_1, tpcc_ingest_2; their recorded rows back to 0") !=
        std::string::npos);
  CHECK(output.find("between runs, checkpoint: ") != std::string::npos);
  const Json set = read_json(dir / "result.json");
  CHECK(figure(set, "rows/s").at("mean").get<double>() > 0);
  CHECK(figure(set, "MB/s").at("ci95").size() == 2);

  // The second run started from empty tables: they hold its rows alone
  // (its measured rows, and at most each stream's last batch, which may end
  // after the measured interval), fewer than both runs wrote, and the
  // record says as many.
  const long long first = read_json(dir / "run-1" / "result.json").at("/ingest/rows"_json_pointer);
  const long long second = read_json(dir / "run-2" / "result.json").at("/ingest/rows"_json_pointer);
  REQUIRE(first > 0);
  REQUIRE(second > 0);
  const long long rows =
      scalar(db,
             "select (select count(*) from tpcc_ingest_1) + (select count(*) from "
             "tpcc_ingest_2)");
  CHECK(rows >= second);
  CHECK(rows <= second + 2 * 50);
  CHECK(rows < first + second);
  CHECK(scalar(db, "select sum(acknowledged_rows) from tpcc_ingest_tables") == rows);

  REQUIRE(tpcc_with({"check"}, db, {"--workload", "ingest"}, &output) == 0);
  CHECK(output.find("2 of 2 ingest checks hold") != std::string::npos);
  tpcc::test::execute(db,
                      "delete from tpcc_ingest_1 where ctid in "
                      "(select ctid from tpcc_ingest_1 limit 1)");
  CHECK(tpcc_with({"check"}, db, {"--workload", "ingest"}, &output) == 1);
  CHECK(output.find("FAIL  tpcc_ingest_1") != std::string::npos);
}

TEST_CASE("workload repeat: sets of different workloads are refused with exit 2",
          "[workload_repeat]") {
  const std::string oltp = oltp_set("workload_repeat_oltp_a");
  std::string output;
  const std::string ingest = repeated_set("workload_repeat_ingest_b", ingest_database(),
                                          {"--workload", "ingest"}, &output);
  REQUIRE(run_tpcc({"report", "--compare", oltp, ingest, "--out",
                    tpcc::test::scratch_dir("workload_repeat_refused")},
                   &output) == 2);
  INFO(output);
  CHECK(output.find(oltp) != std::string::npos);
  CHECK(output.find(ingest) != std::string::npos);
  CHECK(output.find("only sets of one workload are compared") != std::string::npos);
}
