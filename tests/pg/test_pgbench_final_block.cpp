// pgbench 15's final block, side by side: the real pgbench and `tpcc
// pgbench` run with the same arguments on the same tables (pgbench -i's),
// and their blocks have the same lines by name, in the same order: without
// -P (the average from the run's time, no stddev), with -P, under -t (the
// processed of the planned) and under -R -L with two scripts (each
// script's skipped).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"

namespace {

using tpcc::test::final_block_lines;
using tpcc::test::line_names;
using tpcc::test::line_value;

struct Blocks {
  std::vector<std::string> pgbench;
  std::vector<std::string> tpcc;
};

// Both programs with ARGS on the database; their final blocks.
Blocks side_by_side(const std::string& pgbench, const std::string& database,
                    const std::string& conninfo, const std::string& name,
                    const std::vector<std::string>& args) {
  std::string output;  // run_process appends: one string per program
  REQUIRE(tpcc::test::real_pgbench_run(pgbench, database, args, &output) == 0);
  Blocks blocks;
  blocks.pgbench = final_block_lines(output);
  std::vector<std::string> line = {"pgbench"};
  line.insert(line.end(), args.begin(), args.end());
  line.insert(line.end(), {"--conn", conninfo, "--result-dir",
                           tpcc::test::scratch_dir("pgbench_final_block_" + name)});
  output.clear();  // run_process appends
  const int status = tpcc::test::run_tpcc(line, &output);
  INFO(output);
  REQUIRE(status == 0);
  blocks.tpcc = final_block_lines(output);
  return blocks;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

}  // namespace

TEST_CASE("pgbench final block: the same lines as pgbench 15's, with and without -P, -t, -R -L",
          "[pgbench_final_block]") {
  const std::string pgbench = tpcc::test::find_pgbench();
  if (pgbench.empty()) {
    WARN("pgbench is not installed: the side-by-side final blocks are skipped");
    return;
  }
  const std::string database = "tpcc_pgb_final_block";
  const std::string conninfo = tpcc::test::create_database(database);
  std::string output;
  REQUIRE(tpcc::test::real_pgbench_init(pgbench, database, {"-s", "1"}, &output) == 0);

  SECTION("no -P: the average from the run's time, no stddev") {
    const Blocks b =
        side_by_side(pgbench, database, conninfo, "plain", {"-n", "-S", "-c", "2", "-T", "3"});
    INFO("pgbench:\n" << joined(b.pgbench) << "tpcc:\n" << joined(b.tpcc));
    CHECK(line_names(b.tpcc) == line_names(b.pgbench));
    // 1000 × seconds × clients / transactions, the seconds from tpcc's own
    // figures (processed / tps), none failed.
    const double processed =
        std::atof(line_value(b.tpcc, "number of transactions actually processed").c_str());
    const double tps = std::atof(line_value(b.tpcc, "tps").c_str());
    const double average = std::atof(line_value(b.tpcc, "latency average").c_str());
    REQUIRE(processed > 0);
    REQUIRE(tps > 0);
    CHECK(average == Approx(1000.0 * (processed / tps) * 2 / processed).margin(0.0006));
  }
  SECTION("-P 1: the measured average and stddev") {
    const Blocks b = side_by_side(pgbench, database, conninfo, "progress",
                                  {"-n", "-S", "-c", "2", "-T", "3", "-P", "1"});
    INFO("pgbench:\n" << joined(b.pgbench) << "tpcc:\n" << joined(b.tpcc));
    CHECK(line_names(b.tpcc) == line_names(b.pgbench));
  }
  SECTION("-t 50: the processed of the clients' planned") {
    const Blocks b =
        side_by_side(pgbench, database, conninfo, "txns", {"-n", "-S", "-c", "2", "-t", "50"});
    INFO("pgbench:\n" << joined(b.pgbench) << "tpcc:\n" << joined(b.tpcc));
    CHECK(line_names(b.tpcc) == line_names(b.pgbench));
    CHECK(line_value(b.tpcc, "number of transactions actually processed") == "100/100");
    CHECK(line_value(b.pgbench, "number of transactions actually processed") == "100/100");
  }
  SECTION("-R 100 -L 1 with two scripts: each script's skipped") {
    const Blocks b = side_by_side(pgbench, database, conninfo, "rate",
                                  {"-n", "-b", "select-only@3", "-b", "simple-update", "-R", "100",
                                   "-L", "1", "-c", "2", "-T", "3"});
    INFO("pgbench:\n" << joined(b.pgbench) << "tpcc:\n" << joined(b.tpcc));
    CHECK(line_names(b.tpcc) == line_names(b.pgbench));
    int skipped = 0;
    for (const std::string& name : line_names(b.tpcc)) {
      skipped += name == " - number of transactions skipped" ? 1 : 0;
    }
    CHECK(skipped == 2);
  }
}
