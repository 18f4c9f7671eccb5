// The options of experiments (docs/experiments.md): tpcc snapshot [--drop],
// tpcc run --restore, --condition, --label and --notes, and the refusals a
// verb that drops databases owes (no conn, several drivers, restart).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/names.hpp"
#include "tests/unit/config_test_support.hpp"

namespace {

using tpcc::test::parse;
using tpcc::test::usage_error;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string steps(const tpcc::Config& c) {
  std::string out;
  for (const auto step : c.condition) {
    out += (out.empty() ? "" : ",") + std::string(tpcc::condition_step_name(step));
  }
  return out;
}

}  // namespace

TEST_CASE("tpcc snapshot is a verb, --drop is its option only", "[config][experiments]") {
  const tpcc::Config c = parse({"snapshot", "--conn", "dbname=t"});
  CHECK(c.verb == tpcc::Verb::Snapshot);
  CHECK_FALSE(c.snapshot_drop);
  CHECK(parse({"snapshot", "--conn", "dbname=t", "--drop"}).snapshot_drop);
  CHECK(has(usage_error({"run", "--conn", "dbname=t", "--drop"}), "an option of snapshot"));
}

TEST_CASE("tpcc snapshot and run --restore need a conn: never the PG* environment's database",
          "[config][experiments]") {
  CHECK(has(usage_error({"snapshot"}), "needs --conn"));
  CHECK(has(usage_error({"snapshot", "--drop"}), "needs --conn"));
  CHECK(has(usage_error({"run", "--restore"}), "'tpcc run --restore' creates and drops"));
  CHECK(has(usage_error({"snapshot", "--conn", " "}), "the connection is empty"));
  // A run without --restore still may use the environment.
  CHECK_NOTHROW(parse({"run"}));
  CHECK(parse({"run", "--conn", "dbname=t", "--restore"}).restore);
}

TEST_CASE("run --restore with --driver is refused: each driver would drop the shared database",
          "[config][experiments]") {
  CHECK(has(usage_error({"run", "--conn", "dbname=t", "--restore", "--driver", "1/2"}),
            "--restore (props restore) with --driver"));
}

TEST_CASE(
    "run --condition: the steps named, always in the order vacuum, analyze, checkpoint, restart, "
    "prewarm",
    "[config][experiments]") {
  CHECK(steps(parse({"run", "--condition", "prewarm,vacuum"})) == "vacuum,prewarm");
  CHECK(steps(parse({"run", "--condition", "checkpoint , analyze,vacuum,prewarm"})) ==
        "vacuum,analyze,checkpoint,prewarm");
  CHECK(steps(parse({"run"})).empty());
  const std::string unknown = usage_error({"run", "--condition", "vacuum,vacum"});
  CHECK(has(unknown, "--condition"));
  CHECK(has(unknown, "'vacum'"));
  CHECK(steps(parse({"run", "--condition", "prewarm,restart,checkpoint", "--server-datadir",
                     "/srv/pg"})) == "checkpoint,restart,prewarm");
}

TEST_CASE("run --condition restart needs --server-datadir, and --server-datadir needs a restart",
          "[config][experiments]") {
  const std::string restart = usage_error({"run", "--condition", "restart"});
  CHECK(has(restart, "--condition restart"));
  CHECK(has(restart, "--server-datadir DIR (props serverDataDir)"));
  CHECK(has(restart, "tpcc restarts no server it was not given"));
  const std::string datadir = usage_error({"run", "--server-datadir", "/srv/pg"});
  CHECK(has(datadir, "only for --durability and --condition restart"));
}

TEST_CASE("run --label and --notes are kept as given", "[config][experiments]") {
  const tpcc::Config c = parse({"run", "--label", "W=10 sweep", "--notes", "after a reboot"});
  CHECK(c.label == "W=10 sweep");
  CHECK(c.run_notes == "after a reboot");
}

TEST_CASE(
    "the other workloads: --restore and --condition vacuum|analyze|prewarm refused naming the "
    "option and the workload, checkpoint and restart taken, --label and --notes too",
    "[config][experiments]") {
  for (const char* workload : {"oltp_read_write", "pgbench", "ingest"}) {
    INFO(workload);
    const std::vector<std::string> run = {"run", "--conn", "dbname=t", "--workload", workload};
    auto with = [&run](std::vector<std::string> more) {
      more.insert(more.begin(), run.begin(), run.end());
      return more;
    };
    const std::string restore = usage_error(with({"--restore"}));
    CHECK(has(restore, "--restore"));
    CHECK(has(restore, workload));
    for (const char* step : {"vacuum", "analyze", "prewarm"}) {
      const std::string refused = usage_error(with({"--condition", step}));
      CHECK(has(refused, std::string("--condition ") + step));
      CHECK(has(refused, workload));
    }
    const tpcc::Config c =
        parse(with({"--condition", "checkpoint", "--label", "a", "--notes", "b"}));
    CHECK(steps(c) == "checkpoint");
    CHECK(c.label == "a");
  }
  // TPC-C takes them all.
  CHECK(parse({"run", "--conn", "dbname=t", "--restore", "--condition", "vacuum,prewarm"}).restore);
}
