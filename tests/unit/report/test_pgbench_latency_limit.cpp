// pgbench's -L at a run's end (workloads/pgbench/report/pgbench_summary.cpp,
// workloads/pgbench/report/pgbench_json.cpp) from figures made by hand: the late and
// skipped lines in pgbench 15's words, and result.json's fields.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "workloads/pgbench/report/pgbench_json.hpp"
#include "workloads/pgbench/report/pgbench_summary.hpp"

namespace {

// 100 committed (3 of them late), 5 failed, 21 skipped, over two scripts.
tpcc::RunStats limited() {
  tpcc::RunStats stats(2);
  for (int i = 0; i < 100; ++i) stats.txn[i % 2].latency.record(i < 3 ? 20000 : 1000);
  stats.txn[0].committed = 50;
  stats.txn[1].committed = 50;
  stats.txn[0].late = 3;
  stats.txn[1].errors = 5;
  stats.txn[0].skipped = 20;
  stats.txn[1].skipped = 1;
  return stats;
}

}  // namespace

TEST_CASE("pgbench latency limit: the late and skipped lines", "[pgbench]") {
  tpcc::PgbenchRunFacts facts;
  facts.script_titles = {"<builtin: TPC-B (sort of)>"};
  facts.script_weights = {1};
  CHECK(tpcc::pgbench_latency_limit_lines(facts, limited()).empty());

  facts.latency_limit_ms = 10;
  CHECK(tpcc::pgbench_latency_limit_lines(facts, limited()) ==
        "number of transactions above the 10.0 ms latency limit: 3/100 (3.000%)\n");
  // Under -R: the skipped of all that were due (100 + 21 + 5).
  facts.rate_limited = true;
  CHECK(tpcc::pgbench_latency_limit_lines(facts, limited()) ==
        "number of transactions skipped: 21 (16.667%)\n"
        "number of transactions above the 10.0 ms latency limit: 3/100 (3.000%)\n");

  // In the final block, after the failed transactions, as pgbench prints
  // them; the failed too are a share of all that were due (5 of 126).
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  const std::string block = tpcc::pgbench_final_block(facts, info, limited());
  INFO(block);
  CHECK(block.find("number of failed transactions: 5 (3.968%)\nnumber of transactions skipped: "
                   "21 (16.667%)\nnumber of transactions above the 10.0 ms latency limit: 3/100 "
                   "(3.000%)\nlatency average = ") != std::string::npos);
}

TEST_CASE("pgbench latency limit: result.json's late and skipped", "[pgbench]") {
  tpcc::Config config;
  config.workload = tpcc::WorkloadKind::Pgbench;
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  CHECK_FALSE(tpcc::pgbench_figures_json(config, info, limited()).contains("late"));
  config.pgbench.latency_limit_ms = 2.5;
  const nlohmann::json j = tpcc::pgbench_figures_json(config, info, limited());
  CHECK(j.at("latency_limit_ms") == 2.5);
  CHECK(j.at("late") == 3);
  CHECK(j.at("skipped") == 21);
}
