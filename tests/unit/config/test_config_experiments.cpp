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
    "every workload takes --restore and every --condition step, --label and --notes too, and "
    "tpcc snapshot takes --workload",
    "[config][experiments]") {
  for (const char* workload : {"tpcc", "oltp_read_write", "pgbench", "ingest"}) {
    INFO(workload);
    const tpcc::Config c =
        parse({"run", "--conn", "dbname=t", "--workload", workload, "--restore", "--condition",
               "vacuum,analyze,checkpoint,prewarm", "--label", "a", "--notes", "b"});
    CHECK(c.restore);
    CHECK(steps(c) == "vacuum,analyze,checkpoint,prewarm");
    CHECK(c.label == "a");
    CHECK(parse({"snapshot", "--conn", "dbname=t", "--workload", workload}).workload ==
          parse({"run", "--conn", "dbname=t", "--workload", workload}).workload);
  }
}
