// A pgbench script's variables by slot: the parser numbers each name the
// script uses once, and a client's runs read and write its variables
// through those slots (Variables::bind) instead of looking the names up,
// with the same values and errors as by name.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "spec/random.hpp"
#include "workloads/pgbench/script_options.hpp"
#include "workloads/pgbench/script_parse.hpp"
#include "workloads/pgbench/script_run.hpp"

namespace {

using tpcc::pgbench::Step;
using tpcc::pgbench::Variables;

// The statements' values of one run of `script` through `bound`.
std::vector<std::vector<std::string>> statement_values(const tpcc::pgbench::Script& script,
                                                       const std::vector<Variables::Entry*>& bound,
                                                       tpcc::Random& rng) {
  tpcc::pgbench::ScriptRun run(script, bound, rng);
  std::vector<std::vector<std::string>> values;
  for (Step s = run.next(); s.kind != Step::Kind::End; s = run.next()) {
    if (s.kind == Step::Kind::Sql) values.push_back(s.values);
  }
  return values;
}

}  // namespace

TEST_CASE("pgbench slots: each name a script uses gets one slot, wherever it is used",
          "[pgbench][slots]") {
  const auto script = tpcc::pgbench::parse_script(
      "\\set a :x + 1\n"
      "\\set h hash(:a)\n"
      "\\sleep :x us\n"
      "SELECT :a, :x, :a, :h;\n",
      "s.sql");
  const tpcc::pgbench::VariableNames& names = script.variables;
  // hash() without a seed reads :default_seed, a name of the script too.
  REQUIRE(names.size() == 4);
  CHECK(names.name(0) == "a");
  CHECK(names.name(1) == "x");
  CHECK(names.name(2) == "h");
  CHECK(names.name(3) == "default_seed");
  CHECK(names.find("nope") == tpcc::pgbench::kNoSlot);
  const auto& c = script.commands;
  CHECK(c[0].variable_slot == 0);
  CHECK(c[0].expr->args[0]->slot == 1);
  CHECK(c[1].variable_slot == 2);
  CHECK(c[1].expr->args[1]->slot == 3);
  CHECK(c[2].sleep_slot == 1);
  CHECK(c[3].parameter_slots == std::vector<std::size_t>{0, 1, 0, 2});
}

TEST_CASE("pgbench slots: a variable that set gives, one -D gives and the builtins, read by slot",
          "[pgbench][slots]") {
  tpcc::pgbench::ClientSetup setup;
  setup.defines = {tpcc::pgbench::parse_define("word=it's"), tpcc::pgbench::parse_define("n=41")};
  setup.scale = 7;
  setup.client_id = 2;
  Variables vars = tpcc::pgbench::client_variables(setup);
  const auto script = tpcc::pgbench::parse_script(
      "\\set m :n + 1\n"
      "SELECT :m, :word, :n, :scale, :client_id;\n",
      "d.sql");
  const std::vector<Variables::Entry*> bound = vars.bind(script);
  tpcc::Random rng(1);
  CHECK(statement_values(script, bound, rng) ==
        std::vector<std::vector<std::string>>{{"42", "it's", "41", "7", "2"}});
  // Written through a slot, read by name, and the other way round.
  CHECK(vars.text("m") == "42");
  vars.set("n", tpcc::pgbench::Value::of_int(1));
  CHECK(statement_values(script, bound, rng) ==
        std::vector<std::vector<std::string>>{{"2", "it's", "1", "7", "2"}});
}

TEST_CASE("pgbench slots: two scripts of one client share its variables under their own slots",
          "[pgbench][slots]") {
  Variables vars;
  const auto setter = tpcc::pgbench::parse_script("\\set other 5\n\\set v 10\n", "set.sql");
  const auto reader = tpcc::pgbench::parse_script("SELECT :v;\n", "read.sql");
  REQUIRE(setter.variables.find("v") != reader.variables.find("v"));
  const auto set_bound = vars.bind(setter);
  const auto read_bound = vars.bind(reader);
  tpcc::Random rng(1);
  statement_values(setter, set_bound, rng);
  CHECK(statement_values(reader, read_bound, rng) == std::vector<std::vector<std::string>>{{"10"}});
}

TEST_CASE("pgbench slots: a bound variable not set is still undefined, by its name",
          "[pgbench][slots]") {
  Variables vars;
  const auto script = tpcc::pgbench::parse_script("SELECT 1;\nSELECT :aid;\n", "u.sql");
  const auto bound = vars.bind(script);
  // Binding makes the entry, not the variable.
  CHECK_FALSE(vars.has("aid"));
  CHECK_THROWS_WITH(vars.text("aid"), "undefined variable \"aid\"");
  tpcc::Random rng(1);
  CHECK_THROWS_WITH(statement_values(script, bound, rng), "u.sql:2: undefined variable \"aid\"");
  vars.set_text("aid", "9");
  CHECK(vars.has("aid"));
  CHECK(statement_values(script, bound, rng) == std::vector<std::vector<std::string>>{{}, {"9"}});
}
