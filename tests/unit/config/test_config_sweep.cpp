// tpcc sweep's options: --vary takes numeric run options by their flag
// names, each value through that option's own checks; --vary-setting takes
// server settings; the points are the grid of the axes, each parsed as the
// run it will be.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/command_line/options.hpp"
#include "config/sweep_grid.hpp"
#include "tests/unit/config_test_support.hpp"

namespace {

using tpcc::test::parse;
using tpcc::test::usage_error;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<std::string> sweep(std::vector<std::string> more) {
  std::vector<std::string> args = {"sweep", "--conn", "dbname=t", "--result-dir", "/tmp/sw"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

}  // namespace

TEST_CASE("sweep: a run's configuration with its axes, --vary first, in the order given",
          "[config][sweep]") {
  const tpcc::Config c = parse(sweep({"--vary-setting", "work_mem=4MB,64MB", "--vary",
                                      "terminals=8,16", "--vary", "duration=30,60"}));
  CHECK(c.verb == tpcc::Verb::Run);
  CHECK(c.sweep);
  REQUIRE(c.sweep_axes.size() == 3);
  CHECK(c.sweep_axes[0].name == "terminals");
  CHECK(c.sweep_axes[1].name == "duration");
  CHECK(c.sweep_axes[2].name == "work_mem");
  CHECK(c.sweep_axes[2].server_setting());
  CHECK(c.sweep_axes[0].values == std::vector<std::string>{"8", "16"});
  // A run is not a sweep, and takes no axes.
  CHECK_FALSE(parse({"run", "--conn", "dbname=t"}).sweep);
  CHECK(has(usage_error({"run", "--vary", "terminals=1,2"}), "an option of sweep"));
}

TEST_CASE("sweep: --vary of an unknown or non-numeric option exits 2 naming it",
          "[config][sweep]") {
  CHECK(has(usage_error(sweep({"--vary", "termnals=1,2"})),
            "--vary termnals: no run option of that name"));
  const std::string isolation = usage_error(sweep({"--vary", "isolation=rc,rr"}));
  CHECK(has(isolation, "--vary isolation: not a numeric run option"));
  CHECK_FALSE(has(isolation, "give what to vary"));  // the one problem, not two
  CHECK(has(usage_error(sweep({"--vary", "mix=45"})), "--vary mix: not a numeric"));
  CHECK(has(usage_error(sweep({"--vary", "repeat=1,2"})), "--vary repeat: not a numeric"));
  CHECK(has(usage_error(sweep({"--vary", "terminals"})), "is not NAME=V1,V2"));
  CHECK(has(usage_error(sweep({"--vary", "terminals=8,x"})), "'x' is not a number"));
  CHECK(has(usage_error(sweep({"--vary", "terminals=8,8"})), "the value 8 is given twice"));
  CHECK(
      has(usage_error(sweep({"--vary", "terminals=1", "--vary", "terminals=2"})), "varied twice"));
}

TEST_CASE("sweep: a value the option itself refuses exits 2 naming the option and the value",
          "[config][sweep]") {
  const std::string e = usage_error(sweep({"--vary", "terminals=8,0"}));
  CHECK(has(e, "--vary terminals=0: --terminals: 0 is out of range"));
  CHECK_FALSE(has(e, "terminals=8:"));
  CHECK(
      has(usage_error(sweep({"--vary", "rollback-percent=1,200"})), "--vary rollback-percent=200"));
  // The option given as well as varied: one or the other.
  CHECK(has(usage_error(sweep({"--terminals", "4", "--vary", "terminals=8,16"})),
            "--terminals is given too"));
}

TEST_CASE("sweep: needs axes and a directory to continue in, and no --json", "[config][sweep]") {
  CHECK(
      has(usage_error({"sweep", "--conn", "dbname=t", "--result-dir", "d"}), "give what to vary"));
  CHECK(has(usage_error({"sweep", "--conn", "dbname=t", "--vary", "terminals=1,2"}),
            "--result-dir: tpcc sweep needs one"));
  CHECK(has(usage_error(sweep({"--vary", "terminals=1,2", "--json", "x.json"})),
            "--json: not for tpcc sweep"));
  CHECK(has(usage_error(sweep({"--vary-setting", "1work=1"})), "a server setting's name"));
}

TEST_CASE("sweep: each point is the command line parsed again with its values", "[config][sweep]") {
  const tpcc::Config c = parse(sweep({"--duration", "20", "--vary", "terminals=8,16", "--vary",
                                      "rate=1000,2000", "--vary-setting", "work_mem=4MB"}));
  const tpcc::Config point = tpcc::sweep_point_config(c, {{"terminals", "16"}, {"rate", "2000"}});
  CHECK(point.verb == tpcc::Verb::Run);
  CHECK_FALSE(point.sweep);
  CHECK(point.sweep_axes.empty());
  CHECK(point.terminals == 16);
  CHECK(point.rate_tpm == 2000);
  CHECK(point.duration_seconds == 20);
  CHECK(point.conninfo == c.conninfo);
}

TEST_CASE("sweep: the grid is every combination, the first axis fastest", "[config][sweep]") {
  const std::vector<tpcc::SweepAxis> axes = {
      {"terminals", {"8", "16", "32"}, tpcc::SweepAxisKind::RunOption},
      {"work_mem", {"4MB", "64MB"}, tpcc::SweepAxisKind::ServerSetting}};
  const auto grid = tpcc::sweep_grid(axes);
  REQUIRE(grid.size() == 6);
  CHECK(grid[0] == std::vector<std::string>{"8", "4MB"});
  CHECK(grid[1] == std::vector<std::string>{"16", "4MB"});
  CHECK(grid[2] == std::vector<std::string>{"32", "4MB"});
  CHECK(grid[3] == std::vector<std::string>{"8", "64MB"});
  CHECK(grid[5] == std::vector<std::string>{"32", "64MB"});
  CHECK(tpcc::sweep_grid({}).empty());
  CHECK(tpcc::sweep_grid({{"terminals", {"1"}, tpcc::SweepAxisKind::RunOption}}).size() == 1);
  const auto runs = tpcc::sweep_run_values(axes, grid[4]);
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].name == "terminals");
  CHECK(runs[0].value == "16");
  const auto settings = tpcc::sweep_setting_values(axes, grid[4]);
  REQUIRE(settings.size() == 1);
  CHECK(settings[0].value == "64MB");
}

TEST_CASE("sweep: a point's directory reads as its values and is safe on any filesystem",
          "[config][sweep]") {
  const std::vector<tpcc::SweepAxis> axes = {
      {"terminals", {"8"}, tpcc::SweepAxisKind::RunOption},
      {"search_path", {"a b/c"}, tpcc::SweepAxisKind::ServerSetting}};
  CHECK(tpcc::sweep_point_name(axes, {"8", "a b/c"}) == "terminals=8,search_path=a_b_c");
  CHECK(tpcc::sweep_point_name({{"rate", {}, tpcc::SweepAxisKind::RunOption}}, {"1.5"}) ==
        "rate=1.5");
  const std::vector<tpcc::SweepAxis> odd = {{"x", {}, tpcc::SweepAxisKind::ServerSetting}};
  CHECK(tpcc::sweep_point_name(odd, {"../../etc"}).find('/') == std::string::npos);
}

TEST_CASE("sweep: every workload sweeps, and --vary-define varies a pgbench script's variable",
          "[config][sweep]") {
  const tpcc::Config oltp =
      parse(sweep({"--workload", "oltp_read_only", "--vary", "terminals=1,2"}));
  CHECK(oltp.workload == tpcc::WorkloadKind::SysbenchOltp);
  CHECK(oltp.sweep_axes.size() == 1);
  CHECK(parse(sweep({"--workload", "ingest", "--vary", "terminals=2,4"})).sweep);

  const tpcc::Config c =
      parse(sweep({"--workload", "pgbench", "--vary-setting", "work_mem=4MB", "--vary-define",
                   "range=1000,5000", "--vary", "terminals=2,4", "--define", "other=1"}));
  REQUIRE(c.sweep_axes.size() == 3);
  CHECK(c.sweep_axes[0].name == "terminals");
  CHECK(c.sweep_axes[1].name == "range");
  CHECK(c.sweep_axes[1].kind == tpcc::SweepAxisKind::ScriptVariable);
  CHECK(c.sweep_axes[1].values == std::vector<std::string>{"1000", "5000"});
  CHECK(c.sweep_axes[2].server_setting());
  // A point's run: --define range=V after the ones given.
  const std::vector<std::string> point = tpcc::sweep_grid(c.sweep_axes)[1];
  const tpcc::Config run = tpcc::sweep_point_config(c, tpcc::sweep_run_values(c.sweep_axes, point));
  CHECK(run.terminals == 4);
  CHECK(run.pgbench.defines == std::vector<std::string>{"other=1", "range=1000"});
  CHECK_FALSE(run.sweep);
  CHECK(tpcc::sweep_point_name(c.sweep_axes, point) == "terminals=4,range=1000,work_mem=4MB");
}

TEST_CASE("sweep: --vary-define refused without pgbench, beside its --define, or malformed",
          "[config][sweep]") {
  CHECK(has(usage_error(sweep({"--vary-define", "range=1,2"})),
            "--vary-define is pgbench's; the workload tpcc (the default) does not take it; "
            "give --workload pgbench"));
  CHECK(has(usage_error(sweep(
                {"--workload", "pgbench", "--define", "range=5", "--vary-define", "range=1,2"})),
            "--vary-define range: --define range=5 fixes it too"));
  CHECK(has(usage_error(sweep({"--workload", "pgbench", "--vary-define", "a-b=1,2"})),
            "--vary-define"));
  CHECK(has(usage_error(sweep({"--workload", "pgbench", "--vary-define", "range=1,1"})),
            "the value 1 is given twice"));
}

TEST_CASE("sweep: a load axis of the workload's, a database per load, named from the working one",
          "[config][sweep]") {
  const tpcc::Config c =
      parse(sweep({"--workload", "pgbench", "--vary", "scale=1,2", "--vary", "terminals=2,4"}));
  REQUIRE(c.sweep_axes.size() == 2);
  const std::vector<tpcc::SweepValue> load = tpcc::sweep_load_values(c.sweep_axes, {"2", "4"});
  REQUIRE(load.size() == 1);
  CHECK(load[0].name == "scale");
  CHECK(tpcc::sweep_load_database("bench", load) == "bench_sweep_scale2");
  CHECK(tpcc::sweep_load_database("bench", {{"tables", "4"}, {"table-size", "1000"}}) ==
        "bench_sweep_tables4_table_size1000");
  CHECK(parse(sweep({"--vary", "warehouses=1,2"})).sweep_axes[0].name == "warehouses");
  CHECK(parse(sweep({"--workload", "oltp_read_only", "--vary", "tables=1,2"})).sweep);
  CHECK(
      tpcc::sweep_load_values(parse(sweep({"--vary", "terminals=1,2"})).sweep_axes, {"1"}).empty());
}

TEST_CASE("sweep: a load axis another workload's, or without --conn, exits 2 naming it",
          "[config][sweep]") {
  CHECK(has(usage_error(sweep({"--workload", "oltp_read_only", "--vary", "warehouses=1,2"})),
            "--vary warehouses: not a load of oltp_read_only's, which a sweep varies by tables, "
            "table-size"));
  CHECK(has(usage_error(sweep({"--vary", "scale=1,2"})),
            "--vary scale: not a load of tpcc's, which a sweep varies by warehouses"));
  CHECK(has(usage_error(sweep({"--workload", "ingest", "--vary", "tables=1,2"})),
            "--vary tables: not a load of ingest's"));
  CHECK(has(usage_error({"sweep", "--result-dir", "/tmp/sw", "--vary", "warehouses=1,2"}),
            "--vary warehouses: a sweep over loads creates a database for each, so it needs "
            "--conn"));
}
