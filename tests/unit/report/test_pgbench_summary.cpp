// A pgbench run's end (workloads/pgbench/report/pgbench_summary.cpp,
// metrics/latency_stddev.cpp, workloads/pgbench/report/pgbench_json.cpp) from
// figures made by hand.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/latency_stddev.hpp"
#include "workloads/pgbench/report/pgbench_json.hpp"
#include "workloads/pgbench/report/pgbench_summary.hpp"

namespace {

// Script 0: 300 of 1 ms and 100 of 3 ms; script 1: 100 of 2 ms and 5 failed.
tpcc::RunStats two_scripts() {
  tpcc::RunStats stats(2);
  for (int i = 0; i < 300; ++i) stats.txn[0].latency.record(1000);
  for (int i = 0; i < 100; ++i) stats.txn[0].latency.record(3000);
  stats.txn[0].committed = 400;
  for (int i = 0; i < 100; ++i) stats.txn[1].latency.record(2000);
  stats.txn[1].committed = 100;
  stats.txn[1].errors = 5;
  return stats;
}

}  // namespace

TEST_CASE("pgbench summary: the latency stddev from the histogram", "[pgbench]") {
  const tpcc::RunStats stats = two_scripts();
  // mean 1.5 ms, deviations -0.5 (x300) and 1.5 (x100): sqrt(0.75) ms.
  CHECK(tpcc::latency_stddev(stats.txn[0].latency) == Approx(std::sqrt(0.75) * 1000).epsilon(0.02));
  CHECK(tpcc::latency_stddev(stats.txn[1].latency) == Approx(0).margin(30));
  tpcc::LatencyHistogram one;
  one.record(5000);
  CHECK(tpcc::latency_stddev(one) == 0);
}

TEST_CASE("pgbench summary: the progress line and the final block", "[pgbench]") {
  tpcc::IntervalSample sample;
  sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  sample.end_seconds = 3;
  sample.length_seconds = 1;
  sample.stats = two_scripts();
  CHECK(tpcc::pgbench_progress_line(sample).rfind("progress: 3.0 s, 500.0 tps, lat 1.", 0) == 0);
  CHECK(tpcc::pgbench_progress_line(sample).find(" ms stddev 0.") != std::string::npos);
  CHECK(tpcc::pgbench_progress_line(sample).find(", 5 failed") != std::string::npos);

  tpcc::PgbenchRunFacts facts;
  facts.script_titles = {"<builtin: select only>", "rw.sql"};
  facts.script_weights = {3, 1};
  facts.scale = 2;
  facts.query_mode = "prepared";
  facts.clients = 4;
  facts.duration_seconds = 10;
  facts.connection_ms = 12.5;
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  const std::string block = tpcc::pgbench_final_block(facts, info, two_scripts());
  INFO(block);
  CHECK(block.rfind("transaction type: multiple scripts\nscaling factor: 2\nquery mode: "
                    "prepared\nnumber of clients: 4\nnumber of threads: 1\n",
                    0) == 0);
  CHECK(block.find("duration: 10 s\nnumber of transactions actually processed: 500\n"
                   "number of failed transactions: 5 (0.990%)\n") != std::string::npos);
  CHECK(block.find("initial connection time = 12.500 ms\ntps = 50.000000 (without initial "
                   "connection time)\n") != std::string::npos);
  CHECK(block.find("SQL script 1: <builtin: select only>\n - weight: 3 (targets 75.0% of "
                   "total)\n - 400 transactions (80.0% of total, tps = 40.000000)\n") !=
        std::string::npos);
  CHECK(block.find("SQL script 2: rw.sql\n - weight: 1 (targets 25.0% of total)\n - 100 "
                   "transactions (20.0% of total, tps = 10.000000)\n - number of failed "
                   "transactions: 5 (4.762%)\n - latency average = 2.0") != std::string::npos);
}

TEST_CASE("pgbench summary: result.json's figures", "[pgbench]") {
  tpcc::Config config;
  config.workload = tpcc::WorkloadKind::Pgbench;
  config.pgbench.scale = 2;
  config.pgbench.scripts = {{true, "select-only@3", "--builtin"}, {false, "rw.sql", "--file"}};
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  const nlohmann::json j = tpcc::pgbench_figures_json(config, info, two_scripts());
  CHECK(j.at("transactions") == 500);
  CHECK(j.at("failed") == 5);
  CHECK(j.at("tps") == 50.0);
  CHECK(j.at("scale") == 2);
  CHECK(j.at("latency_ms").at("average").get<double>() == Approx(1.6).epsilon(0.02));
  REQUIRE(j.at("scripts").size() == 2);
  CHECK(j.at("scripts").at(0).at("script") == "select-only@3");
  CHECK(j.at("scripts").at(1).at("transactions") == 100);
  CHECK(j.at("scripts").at(1).at("failed") == 5);
}

TEST_CASE("pgbench summary: a standby's progress line and block under the primary's", "[pgbench]") {
  tpcc::IntervalSample primary;
  primary.stats = tpcc::RunStats(tpcc::kTxnTypes);
  primary.end_seconds = 2;
  primary.length_seconds = 1;
  primary.stats = two_scripts();
  tpcc::LagReading lag;
  lag.replay_lag_ms = 2.1;
  primary.lag = {lag};
  tpcc::IntervalSample standby = primary;
  standby.lag.clear();
  standby.stats = tpcc::RunStats(1);
  for (int i = 0; i < 200; ++i) standby.stats.txn[0].latency.record(500);
  standby.stats.txn[0].committed = 200;
  const std::vector<std::string> lines = tpcc::pgbench_progress_lines({primary, standby});
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == tpcc::pgbench_progress_line(primary));
  CHECK(lines[1].rfind("standby 1: progress: 2.0 s, 200.0 tps, lat 0.5", 0) == 0);
  CHECK(lines[1].find(", 0 failed, lag: replay 2.10ms") != std::string::npos);

  tpcc::PgbenchRunFacts facts;
  facts.script_titles = {"rw.sql"};
  facts.script_weights = {1};
  facts.clients = 4;
  tpcc::PgbenchRunFacts standby_facts = facts;
  standby_facts.script_titles = {"<builtin: select only>"};
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  tpcc::StandbyRun side;
  side.stats = tpcc::RunStats(tpcc::kTxnTypes);
  side.target = "host=standby";
  side.terminals = 2;
  side.stats = standby.stats;
  side.lag.samples = 9;
  info.standbys = {side};
  std::ostringstream out;
  tpcc::print_pgbench_summary(out, facts, standby_facts, info, two_scripts());
  const std::string text = out.str();
  INFO(text);
  CHECK(text.rfind("primary, 4 client(s):\ntransaction type: rw.sql\n", 0) == 0);
  CHECK(text.find("number of transactions actually processed: 500\n") != std::string::npos);
  CHECK(text.find("\nstandby 1 (host=standby), 2 client(s):\ntransaction type: <builtin: "
                  "select only>\n") != std::string::npos);
  CHECK(text.find("number of clients: 2\n") != std::string::npos);
  CHECK(text.find("number of transactions actually processed: 200\n") != std::string::npos);
  CHECK(text.find("tps = 20.000000 (without initial connection time)\n") != std::string::npos);
  CHECK(text.find("replication lag over 9 samples") != std::string::npos);
}

TEST_CASE("pgbench summary: a standby's figures in result.json", "[pgbench]") {
  tpcc::Config config;
  config.workload = tpcc::WorkloadKind::Pgbench;
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  const nlohmann::json plain = tpcc::pgbench_standby_figures_json(config, info, two_scripts());
  CHECK(plain.at("transactions") == 500);
  CHECK_FALSE(plain.contains("scale"));
  REQUIRE(plain.at("scripts").size() == 1);
  CHECK(plain.at("scripts").at(0).at("script") == "select-only");
  config.pgbench.standby_scripts = {{false, "ro.sql@3", "--standby-file"},
                                    {true, "select-only", "--standby-builtin"}};
  const nlohmann::json given = tpcc::pgbench_standby_figures_json(config, info, two_scripts());
  REQUIRE(given.at("scripts").size() == 2);
  CHECK(given.at("scripts").at(0).at("script") == "ro.sql@3");
  CHECK_FALSE(given.at("scripts").at(0).at("builtin").get<bool>());
  CHECK(given.at("scripts").at(1).at("failed") == 5);
}

TEST_CASE("pgbench summary: -r's statement latencies in pgbench 15's layout", "[pgbench]") {
  std::vector<tpcc::CommandLatency> commands(2);
  commands[0].text = "\\set aid random(1, 100000 * :scale)";
  commands[0].runs = 4;
  commands[0].total_micros = 492;  // 0.123 ms each
  commands[1].text = "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;";
  commands[1].runs = 2;
  commands[1].total_micros = 2500;
  commands[1].failures = 3;
  CHECK(tpcc::pgbench_command_lines(commands, false) ==
        "statement latencies in milliseconds and failures:\n"
        "         0.123           0  \\set aid random(1, 100000 * :scale)\n"
        "         1.250           3  SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n");
  CHECK(tpcc::pgbench_command_lines({}, true) ==
        " - statement latencies in milliseconds and failures:\n");
  tpcc::CommandLatency never;
  never.text = "END;";
  CHECK(tpcc::pgbench_command_lines({never}, false).find("\n         0.000           0  END;\n") !=
        std::string::npos);

  // One script: the lines after the tps line; several: after each script's part.
  tpcc::PgbenchRunFacts facts;
  facts.script_titles = {"ro.sql"};
  facts.script_weights = {1};
  facts.commands = {commands};
  tpcc::RunInfo info;
  info.measured_seconds = 10;
  const std::string one = tpcc::pgbench_final_block(facts, info, two_scripts());
  CHECK(one.find("(without initial connection time)\nstatement latencies in milliseconds and "
                 "failures:\n         0.123") != std::string::npos);
  facts.script_titles = {"ro.sql", "rw.sql"};
  facts.script_weights = {1, 1};
  facts.commands = {commands, {never}};
  const std::string two = tpcc::pgbench_final_block(facts, info, two_scripts());
  INFO(two);
  CHECK(two.find(" - latency stddev = ") < two.find(" - statement latencies"));
  CHECK(two.find("SQL script 2: rw.sql\n") < two.find("           0  END;\n"));

  tpcc::Config config;
  config.workload = tpcc::WorkloadKind::Pgbench;
  info.pgbench_commands = {commands, {never}};
  const nlohmann::json j = tpcc::pgbench_figures_json(config, info, two_scripts());
  const nlohmann::json& first = j.at("scripts").at(0).at("commands");
  REQUIRE(first.size() == 2);
  CHECK(first.at(0).at("command") == commands[0].text);
  CHECK(first.at(0).at("average_ms") == Approx(0.123));
  CHECK(first.at(1).at("failures") == 3);
  CHECK(first.at(1).at("runs") == 2);
}
