// pgbench's script files: how they split into commands (as pgbench 15's
// lexer splits them), the variables of SQL commands, the meta-commands, the
// builtins, and what is refused with file:line:column.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "spec/random.hpp"
#include "workloads/pgbench/script_options.hpp"
#include "workloads/pgbench/script_parse.hpp"

namespace {

using tpcc::pgbench::Command;
using tpcc::pgbench::parse_script;

// The error a script gives, as "line:column: message".
std::string script_error(const std::string& text) {
  try {
    parse_script(text, "t.sql");
  } catch (const tpcc::pgbench::ScriptError& e) {
    CHECK(e.file() == "t.sql");
    return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.message();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("pgbench scripts: SQL commands end at a semicolon, as pgbench 15 splits them",
          "[pgbench]") {
  const auto s = parse_script(
      "SELECT 1; SELECT 2;\n"
      "SELECT\n  3\n  ;\n"
      "-- a comment alone is no command\n"
      "SELECT 'a;b' -- c;d\n;\n"
      "SELECT f(1;2);\n"
      "SELECT $$x;y$$, E'\\';', \"q;\";\n"
      "SELECT 4",
      "t.sql");
  REQUIRE(s.commands.size() == 7);
  CHECK(s.commands[0].text == "SELECT 1;");
  CHECK(s.commands[1].text == "SELECT 2;");
  CHECK(s.commands[1].line == 1);
  CHECK(s.commands[1].column == 11);
  CHECK(s.commands[2].text == "SELECT\n  3\n  ;");
  CHECK(s.commands[2].line == 2);
  CHECK(s.commands[3].text == "SELECT 'a;b' -- c;d\n;");
  CHECK(s.commands[3].line == 6);
  CHECK(s.commands[4].text == "SELECT f(1;2);");  // ';' inside parentheses
  CHECK(s.commands[5].text == "SELECT $$x;y$$, E'\\';', \"q;\";");
  CHECK(s.commands[6].text == "SELECT 4");  // the last one needs no ';'
  for (const auto& c : s.commands) CHECK(c.kind == Command::Kind::Sql);
}

TEST_CASE("pgbench scripts: :name becomes $n outside quotes, comments and casts", "[pgbench]") {
  const auto s = parse_script(
      "SELECT :x::int, ':x', \":x\", :y, arr[1:2], :x -- :z\n;\n"
      "\\set a 1\n",
      "t.sql");
  REQUIRE(s.commands.size() == 2);
  const Command& c = s.commands[0];
  CHECK(c.sql == "SELECT $1::int, ':x', \":x\", $2, arr[1:2], $3 -- :z\n;");
  CHECK(c.parameters == std::vector<std::string>{"x", "y", "x"});
}

TEST_CASE("pgbench scripts: meta-commands and their arguments", "[pgbench]") {
  const auto s = parse_script(
      "\\set aid random(1, 100000 * :scale)\n"
      "\\SET b \\\n  1 + 2\n"
      "\\sleep 10 ms\n"
      "\\sleep 5us\n"
      "\\sleep :t\n"
      "\\sleep 2\n"
      "\\if :aid > 5\n"
      "SELECT 1;\n"
      "\\elif :aid > 2\n"
      "\\else\n"
      "\\endif\n",
      "t.sql");
  REQUIRE(s.commands.size() == 11);
  CHECK(s.commands[0].kind == Command::Kind::Set);
  CHECK(s.commands[0].variable == "aid");
  CHECK(s.commands[1].variable == "b");  // names are case-insensitive; a \ continues
  CHECK(s.commands[2].kind == Command::Kind::Sleep);
  CHECK(s.commands[2].sleep_amount == 10);
  CHECK(s.commands[2].sleep_unit_us == 1000);
  CHECK(s.commands[3].sleep_amount == 5);
  CHECK(s.commands[3].sleep_unit_us == 1);
  CHECK(s.commands[4].sleep_variable == "t");
  CHECK(s.commands[5].sleep_unit_us == 1000000);  // seconds by default
  CHECK(s.commands[6].kind == Command::Kind::If);
  CHECK(s.commands[6].next_branch == 8);
  CHECK(s.commands[8].next_branch == 9);
  CHECK(s.commands[9].next_branch == 10);
  CHECK(s.commands[10].kind == Command::Kind::Endif);
  CHECK(s.commands[7].line == 9);
}

TEST_CASE("pgbench scripts: unsupported and malformed commands are refused with file:line:column",
          "[pgbench]") {
  CHECK(script_error("SELECT 1 \\gset\n") == "1:10: \\gset is not supported");
  CHECK(script_error("SELECT 1;\n  \\aset\n") == "2:3: \\aset is not supported");
  CHECK(script_error("\\shell echo hi\n") == "1:1: \\shell is not supported");
  CHECK(script_error("\\setshell x echo 1\n") == "1:1: \\setshell is not supported");
  CHECK(script_error("\\startpipeline\n") == "1:1: \\startpipeline is not supported");
  CHECK(script_error("\\foo bar\n") == "1:1: invalid command \"\\foo\"");
  CHECK(script_error("SELECT 1\\; SELECT 2;\n") ==
        "1:9: \\; (several statements in one command) is not supported");
  CHECK(script_error("\n\\set x foo(1)\n") ==
        "2:8: unexpected function name (foo) in command \"set\"");
  CHECK(script_error("\\set x 1 $ 2\n") == "1:10: unexpected character ($) in command \"set\"");
  CHECK(script_error("\\set x (1 + 2\n") == "1:14: syntax error in command \"set\"");
  CHECK(script_error("\\set\n") == "1:1: missing argument in command \"set\"");
  CHECK(script_error("\\set 1x 2\n") == "1:6: invalid variable name: \"1x\" in command \"set\"");
  CHECK(script_error("\\if 1 <\n\\endif\n") == "1:8: syntax error in command \"if\"");
  CHECK(script_error("\\sleep 10 hours\n") ==
        "1:11: unrecognized time unit, must be us, ms or s (hours) in command \"sleep\"");
  CHECK(script_error("\\sleep 10hours\n") ==
        "1:10: unrecognized time unit, must be us, ms or s (hours) in command \"sleep\"");
  CHECK(script_error("\\sleep abc\n") ==
        "1:8: invalid sleep time, must be an integer (abc) in command \"sleep\"");
  CHECK(script_error("\\sleep\n") == "1:1: missing argument in command \"sleep\"");
  CHECK(script_error("\\sleep 1 ms x\n") == "1:13: too many arguments in command \"sleep\"");
  CHECK(script_error("\\if 1\n\\else x\n\\endif\n") ==
        "2:7: unexpected argument in command \"else\"");
  CHECK(script_error("-- nothing\n") == "1:1: empty command list for script \"t.sql\"");
}

TEST_CASE("pgbench scripts: if-elif-else-endif nesting is checked when the script is parsed",
          "[pgbench]") {
  CHECK(script_error("SELECT 1;\n\\elif 1\n") == "2:1: \\elif without matching \\if");
  CHECK(script_error("\\else\n") == "1:1: \\else without matching \\if");
  CHECK(script_error("\\endif\n") == "1:1: \\endif without matching \\if");
  CHECK(script_error("\\if 1\n\\else\n\\else\n\\endif\n") == "3:1: \\else after \\else");
  CHECK(script_error("\\if 1\n\\else\n\\elif 2\n\\endif\n") == "3:1: \\elif after \\else");
  CHECK(script_error("\\if 1\n  \\if 2\n  \\endif\nSELECT 1;\n") ==
        "1:1: \\if without matching \\endif");
  CHECK(script_error("\\if 1\n\\if 2\n\\endif\n\\endif\n") == "(no error)");
}

TEST_CASE("pgbench scripts: the three builtins are pgbench 15's, parsed by the same parser",
          "[pgbench]") {
  const auto& all = tpcc::pgbench::builtin_scripts();
  REQUIRE(all.size() == 3);
  const auto tpcb = tpcc::pgbench::builtin_script("tpcb-like");
  CHECK(tpcb.name == "<builtin: TPC-B (sort of)>");
  REQUIRE(tpcb.commands.size() == 11);
  CHECK(tpcb.commands[0].text == "\\set aid random(1, 100000 * :scale)");
  CHECK(tpcb.commands[9].sql ==
        "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, "
        "CURRENT_TIMESTAMP);");
  CHECK(tpcb.commands[9].parameters == std::vector<std::string>{"tid", "bid", "aid", "delta"});
  CHECK(tpcb.commands[10].text == "END;");
  CHECK(tpcc::pgbench::builtin_script("simple-update").commands.size() == 9);
  CHECK(tpcc::pgbench::builtin_script("select-only").commands.size() == 2);
  CHECK(tpcc::pgbench::builtin_script("sel").name == "<builtin: select only>");  // a prefix
  CHECK_THROWS_WITH(tpcc::pgbench::builtin_script("s"),
                    "ambiguous builtin name: 2 builtin scripts found for prefix \"s\"");
  CHECK_THROWS_WITH(tpcc::pgbench::builtin_script("nope"),
                    "no builtin script found for name \"nope\"");
}

TEST_CASE("pgbench scripts: FILE@W weights and -D NAME=VALUE", "[pgbench]") {
  using tpcc::pgbench::parse_define;
  using tpcc::pgbench::parse_weight;
  CHECK(parse_weight("ro.sql").name == "ro.sql");
  CHECK(parse_weight("ro.sql").weight == 1);
  CHECK(parse_weight("a@b.sql@3").name == "a@b.sql");
  CHECK(parse_weight("a@b.sql@3").weight == 3);
  CHECK(parse_weight("tpcb-like@0").weight == 0);
  CHECK_THROWS_WITH(parse_weight("ro.sql@x"), "invalid weight specification: @x");
  CHECK_THROWS_WITH(parse_weight("ro.sql@"), "invalid weight specification: @");
  CHECK_THROWS_WITH(parse_weight("ro.sql@-1"),
                    "weight specification out of range (0 .. 2147483647): -1");
  CHECK_THROWS_WITH(parse_weight("ro.sql@2147483648"),
                    "weight specification out of range (0 .. 2147483647): 2147483648");
  CHECK(parse_define("range=1000").name == "range");
  CHECK(parse_define("range=1000").value == "1000");
  CHECK(parse_define("s=a=b").value == "a=b");
  CHECK(parse_define("e=").value.empty());
  CHECK_THROWS_WITH(parse_define("range"), "invalid variable definition: \"range\"");
  CHECK_THROWS_WITH(parse_define("1x=2"), "invalid variable name: \"1x\"");
}

TEST_CASE("pgbench scripts: a script is drawn by its weight, never at weight 0", "[pgbench]") {
  tpcc::Random rng(9);
  std::vector<int> counts(3, 0);
  const int draws = 40000;
  for (int i = 0; i < draws; ++i) ++counts[tpcc::pgbench::choose_script({1, 0, 3}, rng)];
  CHECK(counts[1] == 0);
  CHECK(static_cast<double>(counts[0]) / draws == Approx(0.25).margin(0.02));
  CHECK(static_cast<double>(counts[2]) / draws == Approx(0.75).margin(0.02));
  CHECK(tpcc::pgbench::choose_script({0, 5}, rng) == 1);
  CHECK_THROWS_WITH(tpcc::pgbench::choose_script({0, 0}, rng),
                    "total script weight must not be zero");
}

TEST_CASE("pgbench scripts: CRLF line ends, and a statement ended by the next meta-command",
          "[pgbench]") {
  const auto s =
      parse_script("SELECT :a\r\n\\set a 1 + 2\r\nSELECT 2;\r\n\\sleep 1 ms\r\n", "t.sql");
  REQUIRE(s.commands.size() == 4);
  CHECK(s.commands[0].sql == "SELECT $1");  // pgbench sends it without a ';'
  CHECK(s.commands[1].kind == Command::Kind::Set);
  CHECK(s.commands[1].text == "\\set a 1 + 2");
  CHECK(s.commands[2].text == "SELECT 2;");
  CHECK(s.commands[2].line == 3);
  CHECK(s.commands[3].sleep_unit_us == 1000);
}
