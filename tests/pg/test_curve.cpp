// tpcc curve on a real server: pgbench's select-only and TPC-C at W=1 each
// measure their unpaced peak, then climb a ladder of offered rates below
// it; curve.csv has the peak's row and one per step, the steps below the
// knee complete what they are offered (within 2 %, allowing for the draw
// of their Poisson arrivals), and the knee or "no knee up to" is said. A
// lock held on pgbench_accounts for 1.5 s during one step (a server stall
// as the workload sees it) shows in that step's p99 and makes it the knee.
// A step whose server goes down and comes back is named failed, with why,
// is no point of the knee, and the ladder goes on.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr double kTrackPercent = 2;

Json read_json(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return Json::parse(text.str());
}

std::vector<std::string> lines_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Waits until the run of `step` measures: its intervals.csv has its first
// row (a busy machine's vacuum and connections take a while before).
void wait_until_measuring(const fs::path& set_dir, const std::string& step) {
  const fs::path intervals = set_dir / step / "intervals.csv";
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (lines_of(intervals).size() < 2 && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

const std::string& pgbench_db() {
  static const std::string conninfo = tpcc::test::pgbench_database("tpcc_curve_pgbench");
  return conninfo;
}

// Each step below the knee completes its offered rate within 2 %, and
// within three standard deviations of its Poisson arrivals' count (sqrt(n)
// of n = rate x seconds). Returns how many steps were held to it.
int check_tracking(const Json& curve, double unit_seconds) {
  const Json& knee = curve.at("knee").at("step");
  const std::size_t below = knee.is_null() ? curve.at("steps").size() : knee.get<std::size_t>() - 1;
  for (std::size_t k = 0; k < below; ++k) {
    const Json& step = curve.at("steps")[k];
    INFO("step " << k + 1 << ": " << step.dump());
    const double offered = step.at("offered").get<double>();
    const double seconds = step.at("measured_seconds").get<double>();
    const double arrivals = offered / unit_seconds * seconds;
    const double draw = 3 * std::sqrt(arrivals) / seconds * unit_seconds;
    const double allowed = offered * kTrackPercent / 100 + draw;
    CHECK(std::abs(step.at("achieved").get<double>() - offered) <= allowed);
  }
  return static_cast<int>(below);
}

}  // namespace

TEST_CASE("curve: pgbench select-only: the peak and four offered rates below it", "[curve]") {
  // 5 % to 20 % of the peak: far below it, where a busy machine's p99 still
  // holds (the knee's second rule) and the steps complete what they are
  // offered.
  const std::string dir = tpcc::test::scratch_dir("curve_pgbench");
  std::string output;
  const std::vector<std::string> args = {"--builtin",
                                         "select-only",
                                         "--terminals",
                                         "2",
                                         "--from",
                                         "5%",
                                         "--to",
                                         "20%",
                                         "--steps",
                                         "4",
                                         "--warmup",
                                         "1",
                                         "--duration",
                                         "4",
                                         "--report-interval",
                                         "2",
                                         "--latency-limit",
                                         "1000",
                                         "--result-dir",
                                         dir};
  const int status =
      tpcc::test::run_tpcc(tpcc::test::pgbench_line("curve", pgbench_db(), args), &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(has(output, "== peak: unpaced, the peak =="));
  CHECK(has(output, "== step-4: offered "));
  const std::vector<std::string> csv = lines_of(fs::path(dir) / "curve.csv");
  REQUIRE(csv.size() == 6);  // the header, the peak, four steps
  CHECK(csv[0].rfind("kind,step,offered_per_min,achieved_per_min,p50_ms,p99_ms,p99_9_ms,", 0) == 0);
  CHECK(csv[1].rfind("peak,,,", 0) == 0);
  const Json curve = read_json(fs::path(dir) / "curve.json");
  const double peak = curve.at("peak").at("achieved").get<double>();
  REQUIRE(curve.at("steps").size() == 4);
  for (std::size_t k = 0; k < 4; ++k) {
    const Json& step = curve.at("steps")[k];
    CHECK(step.at("offered").get<double>() == Approx(peak * (5 + 5 * k) / 100).margin(0.1));
    CHECK(step.at("failed").is_null());
    CHECK(step.at("latency_from_due_ms").at("p99").get<double>() > 0);
    // pgbench's steps run with -L 1000: their late and skipped shares.
    CHECK(step.at("late_share").is_number());
    CHECK(step.at("skipped_share").is_number());
    const fs::path run = fs::path(dir) / step.at("dir").get<std::string>();
    CHECK(read_json(run / "config.json").at("run").at("rate_tpm").get<double>() ==
          Approx(step.at("offered").get<double>()));
  }
  CHECK(check_tracking(curve, 60) >= 1);
  const std::string knee = curve.at("knee").at("line").get<std::string>();
  CHECK((knee.rfind("knee at step ", 0) == 0 || knee.rfind("no knee up to ", 0) == 0));
  CHECK(has(output, knee));
  CHECK(has(curve.at("knee").at("rule").get<std::string>(), "below 95% of its offered rate"));
  CHECK(has(curve.at("max_rate_within_latency_limit").at("line").get<std::string>(),
            "max rate with p99 <= 1000 ms: "));
  CHECK(!lines_of(fs::path(dir) / "curve.html").empty());
}

TEST_CASE("curve: a lock held during the last step shows in its p99 and makes it the knee",
          "[curve]") {
  const std::string dir = tpcc::test::scratch_dir("curve_stall");
  // Two steps, so that the baseline p99 is the lower of the two and the
  // first step cannot rise above it: a scheduling blip in a middle step
  // of a busy machine would otherwise be a knee of its own. Once step 2
  // is measuring (its intervals.csv has its first row, about 1 s into the
  // 4 s, whatever its vacuum and connections took), the lock is taken and
  // held for 1.5 s: every select-only transaction due then waits for it.
  std::thread stall([&dir] {
    wait_until_measuring(dir, "step-2");
    tpcc::test::execute(pgbench_db(),
                        "lock table pgbench_accounts in access exclusive mode; "
                        "select pg_sleep(1.5)");
  });
  std::string output;
  const int status = tpcc::test::run_tpcc(
      tpcc::test::pgbench_line("curve", pgbench_db(),
                               {"--builtin", "select-only", "--terminals", "2", "--from", "6000",
                                "--to", "12000", "--steps", "2", "--warmup", "0", "--duration", "4",
                                "--report-interval", "1", "--result-dir", dir}),
      &output);
  stall.join();
  INFO(output);
  REQUIRE(status == 0);
  const Json curve = read_json(fs::path(dir) / "curve.json");
  REQUIRE(curve.at("steps").size() == 2);
  const auto p99 = [&curve](std::size_t k) {
    return curve.at("steps")[k].at("latency_from_due_ms").at("p99").get<double>();
  };
  // Step 2 offers 200 a second: of its 800 due, about 100 come due in the
  // lock's first half second and wait a second or more for it.
  CHECK(p99(1) >= 1000);
  CHECK(p99(0) < 500);
  CHECK(curve.at("knee").at("step") == 2);
  CHECK(
      has(curve.at("knee").at("line").get<std::string>(), "knee at step 2 (offered 12000.0/min)"));
  CHECK(has(output, "max rate with p99 <= --latency-limit: not asked"));
}

TEST_CASE("curve: TPC-C at W=1, the peak and two offered rates", "[curve]") {
  const std::string dir = tpcc::test::scratch_dir("curve_tpcc");
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"curve", "--conn", tpcc::test::loaded_database("tpcc_curve", 1), "--terminals", "2",
       "--from", "10%", "--to", "30%", "--steps", "2", "--warmup", "1", "--duration", "5",
       "--report-interval", "1", "--result-dir", dir},
      &output);
  INFO(output);
  REQUIRE(status == 0);
  const std::vector<std::string> csv = lines_of(fs::path(dir) / "curve.csv");
  REQUIRE(csv.size() == 4);
  CHECK(csv[2].rfind("step,1,", 0) == 0);
  CHECK(csv[3].rfind("step,2,", 0) == 0);
  const Json curve = read_json(fs::path(dir) / "curve.json");
  CHECK(curve.at("workload") == "tpcc");
  CHECK(curve.at("rate_unit") == "/min");
  CHECK(check_tracking(curve, 60) >= 1);
  const std::string knee = curve.at("knee").at("line").get<std::string>();
  CHECK((knee.rfind("knee at step ", 0) == 0 || knee.rfind("no knee up to ", 0) == 0));
  CHECK(has(output, knee));
  CHECK(fs::exists(fs::path(dir) / "step-2" / "report.html"));
}

TEST_CASE("curve: a step whose server goes down is failed, named, and no point of the knee",
          "[curve][faults]") {
  // A server of its own: this one goes down for a second and a half while
  // step 2 measures.
  tpcc::LocalServerOptions options;
  options.quiet = true;
  const auto server = tpcc::LocalServer::start(options);
  tpcc::test::execute_outside_transaction(server->conninfo(), "create database curve");
  const std::string conninfo = server->conninfo_for("curve");
  std::string output;
  REQUIRE(tpcc::test::run_tpcc(tpcc::test::pgbench_line("prepare", conninfo, {"--scale", "1"}),
                               &output) == 0);
  const std::string dir = tpcc::test::scratch_dir("curve_outage");
  std::thread outage([&dir, &server] {
    wait_until_measuring(dir, "step-2");
    server->crash();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    server->start_again();
  });
  const int status = tpcc::test::run_tpcc(tpcc::test::pgbench_line("curve", conninfo,
                                                                   {"--builtin",
                                                                    "select-only",
                                                                    "--terminals",
                                                                    "2",
                                                                    "--from",
                                                                    "3000",
                                                                    "--to",
                                                                    "9000",
                                                                    "--steps",
                                                                    "3",
                                                                    "--warmup",
                                                                    "0",
                                                                    "--duration",
                                                                    "4",
                                                                    "--report-interval",
                                                                    "1",
                                                                    "--max-downtime",
                                                                    "30",
                                                                    "--result-dir",
                                                                    dir}),
                                          &output);
  outage.join();
  INFO(output);
  // The curve says a run of it failed, in its exit status too.
  CHECK(status == 1);
  const Json curve = read_json(fs::path(dir) / "curve.json");
  REQUIRE(curve.at("steps").size() == 3);
  const Json& failed = curve.at("steps")[1].at("failed");
  REQUIRE(failed.is_string());
  CHECK(has(failed.get<std::string>(), "the run exited 1"));
  CHECK(curve.at("steps")[0].at("failed").is_null());
  CHECK(curve.at("steps")[2].at("failed").is_null());
  // The outage's late transactions are no knee: the failed step is left
  // out of the rules, whatever its p99.
  CHECK(curve.at("knee").at("step") != 2);
  const std::vector<std::string> csv = lines_of(fs::path(dir) / "curve.csv");
  REQUIRE(csv.size() == 5);
  CHECK(csv[3].rfind("step,2,", 0) == 0);
  CHECK(has(csv[3], "the run exited 1"));
}

TEST_CASE("curve: sysbench's oltp tests and the ingest, the peak and two offered rates",
          "[curve]") {
  struct Case {
    std::string workload;
    std::vector<std::string> prepare_options;  // and the run's
    std::string unit;
  };
  const std::vector<Case> cases = {
      {"oltp_read_only", {"--tables", "1", "--table-size", "10000"}, "/s"},
      {"ingest", {}, "/min"},
  };
  for (const Case& c : cases) {
    SECTION(c.workload) {
      const std::string conninfo = tpcc::test::create_database("tpcc_curve_" + c.workload);
      std::vector<std::string> prepare = {"prepare", "--workload", c.workload, "--conn", conninfo};
      prepare.insert(prepare.end(), c.prepare_options.begin(), c.prepare_options.end());
      std::string output;
      REQUIRE(tpcc::test::run_tpcc(prepare, &output) == 0);
      const std::string dir = tpcc::test::scratch_dir("curve_" + c.workload);
      std::vector<std::string> curve_line = {
          "curve", "--workload",   c.workload, "--conn",     conninfo, "--terminals",
          "2",     "--from",       "10%",      "--to",       "30%",    "--steps",
          "2",     "--warmup",     "1",        "--duration", "4",      "--report-interval",
          "1",     "--result-dir", dir};
      curve_line.insert(curve_line.end(), c.prepare_options.begin(), c.prepare_options.end());
      const int status = tpcc::test::run_tpcc(curve_line, &output);
      INFO(output);
      REQUIRE(status == 0);
      const Json curve = read_json(fs::path(dir) / "curve.json");
      CHECK(curve.at("workload") == c.workload);
      CHECK(curve.at("rate_unit") == c.unit);
      REQUIRE(curve.at("steps").size() == 2);
      CHECK(lines_of(fs::path(dir) / "curve.csv").size() == 4);
      CHECK(check_tracking(curve, c.unit == "/s" ? 1 : 60) >= 1);
      const std::string knee = curve.at("knee").at("line").get<std::string>();
      CHECK((knee.rfind("knee at step ", 0) == 0 || knee.rfind("no knee up to ", 0) == 0));
    }
  }
}
