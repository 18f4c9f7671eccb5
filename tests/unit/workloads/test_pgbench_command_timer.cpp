// pgbench's -r on a client (workloads/pgbench/command_timer.hpp and
// script_run.hpp's each_command): a run stepping through every command,
// \if's branches included, each command's runs and failures summed over
// the clients with its first line.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "spec/random.hpp"
#include "workloads/pgbench/command_timer.hpp"
#include "workloads/pgbench/script_run.hpp"

namespace {

using tpcc::pgbench::Step;

const char* const kBranching =
    "\\set n 1\n"
    "\\if :n = 1\n"
    "SELECT 1;\n"
    "\\else\n"
    "SELECT 2;\n"
    "\\endif\n"
    "SELECT :n,\n"
    "  2;\n";

}  // namespace

TEST_CASE("pgbench -r: a run stops after every command that runs, meta-commands too", "[pgbench]") {
  const auto script = tpcc::pgbench::parse_script(kBranching, "b.sql");
  tpcc::pgbench::Variables vars;
  tpcc::Random rng(1);
  tpcc::pgbench::ScriptRun run(script, vars, rng, true);
  std::vector<std::string> kinds;
  for (Step step = run.next(); step.kind != Step::Kind::End; step = run.next()) {
    kinds.push_back((step.kind == Step::Kind::Meta ? "meta " : "sql ") + step.command->text);
  }
  // \else, reached at the end of the branch taken, runs: it skips its
  // branch (SELECT 2) and the \endif.
  CHECK(kinds == std::vector<std::string>{"meta \\set n 1", "meta \\if :n = 1", "sql SELECT 1;",
                                          "meta \\else", "sql SELECT :n,\n  2;"});

  tpcc::pgbench::Variables plain_vars;
  tpcc::pgbench::ScriptRun plain(script, plain_vars, rng);
  CHECK(plain.next().kind == Step::Kind::Sql);  // without each_command: statements only
}

TEST_CASE("pgbench -r: each command's runs and failures summed over the clients", "[pgbench]") {
  tpcc::pgbench::RunScript branching;
  branching.script = tpcc::pgbench::parse_script(kBranching, "b.sql");
  const std::vector<tpcc::pgbench::RunScript> scripts = {branching};
  tpcc::pgbench::ClientTallies one = tpcc::pgbench::empty_tallies(scripts);
  tpcc::pgbench::ClientTallies two = tpcc::pgbench::empty_tallies(scripts);
  const auto& commands = scripts[0].script.commands;
  {
    tpcc::pgbench::CommandTimer timer(scripts[0].script, &one[0]);
    timer.done(&commands[0]);
    timer.done(&commands[2]);
    timer.failed(&commands[6]);
  }
  {
    tpcc::pgbench::CommandTimer timer(scripts[0].script, &two[0]);
    timer.done(&commands[0]);
    timer.failed(tpcc::pgbench::command_at_line(scripts[0].script, 7));
  }
  tpcc::pgbench::CommandTimer idle(scripts[0].script, nullptr);
  idle.done(&commands[0]);  // times nothing
  const tpcc::ScriptCommandLatencies all = tpcc::pgbench::sum_tallies(scripts, {&one, &two});
  REQUIRE(all.size() == 1);
  REQUIRE(all[0].size() == commands.size());
  CHECK(all[0][0].text == "\\set n 1");
  CHECK(all[0][0].runs == 2);
  CHECK(all[0][0].total_micros >= 0);
  CHECK(all[0][2].runs == 1);
  CHECK(all[0][4].runs == 0);
  CHECK(all[0][4].average_ms() == 0);
  CHECK(all[0][6].text == "SELECT :n,");  // the first line only
  CHECK(all[0][6].failures == 2);
  CHECK(all[0][6].runs == 0);
}
