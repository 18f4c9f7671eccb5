// A verb that drops (cleanup, snapshot, run or capacity --restore, sweep)
// given a props file that names no conn refuses: exit 2, saying it needs
// conn and naming the file's unknown keys, rather than take its target from
// the PG* environment or libpq's defaults. Verbs that drop nothing, and
// prepare, keep the environment with such a file, the keys warnings.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a destructive verb with a props file that names no conn refuses, naming unknown keys",
          "[config][props][destructive]") {
  TempDir dir;
  const auto props = dir.write("typo.props", "terminals=2\n# staging\nconnection=dbname=staging\n");
  const std::vector<std::vector<std::string>> verbs = {{"cleanup", props},
                                                       {"snapshot", props},
                                                       {"snapshot", props, "--drop"},
                                                       {"run", props, "--restore"},
                                                       {"capacity", props, "--restore"},
                                                       {"sweep", props, "--vary", "terminals=1,2"}};
  for (const auto& args : verbs) {
    INFO(args.front());
    const std::string error = usage_error(args);
    CHECK(has(error, "needs conn: props file '" + props + "' names no conn"));
    CHECK(has(error, "unknown key 'connection' (" + props + ":3); did you mean conn?"));
    CHECK(has(error, "nothing was done"));
  }
  // --conn on the command line names the target.
  CHECK_NOTHROW(parse({"cleanup", props, "--conn", "dbname=t"}));
  // A file with conn goes where it says.
  const auto with_conn = dir.write("ok.props", "conn=dbname=t\nterminals=2\n");
  CHECK(parse({"cleanup", with_conn}).conninfo == "dbname=t");
  // No props file at all: the environment, as libpq takes it.
  CHECK_NOTHROW(parse({"cleanup"}));
}

TEST_CASE("verbs that drop nothing, and prepare, keep the environment with such a props file",
          "[config][props][destructive]") {
  TempDir dir;
  const auto props = dir.write("typo.props", "terminals=2\nconnection=dbname=staging\n");
  for (const char* verb : {"prepare", "check", "run"}) {
    INFO(verb);
    std::string warnings;
    CHECK_NOTHROW(parse({verb, props}, &warnings));
    CHECK(has(warnings, "unknown key 'connection' ignored; did you mean conn?"));
  }
}

TEST_CASE("restore-drop-others: the switch is only for --restore", "[config][experiments]") {
  CHECK(parse({"run", "--conn", "dbname=t", "--restore", "--restore-drop-others"})
            .restore_drop_others);
  CHECK_FALSE(parse({"run", "--conn", "dbname=t", "--restore"}).restore_drop_others);
  CHECK(has(usage_error({"run", "--conn", "dbname=t", "--restore-drop-others"}),
            "--restore-drop-others (props restoreDropOthers) is only for --restore"));
}
