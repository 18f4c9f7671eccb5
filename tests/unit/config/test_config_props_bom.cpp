// A props file saved with a UTF-8 byte-order mark (and CRLF line ends, as a
// Windows editor writes it) sets its first key like any other file; and a
// destructive verb given a connection key it cannot read refuses, rather
// than taking its target from the PG* environment.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "config/props/props.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::parse_props;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

namespace {

constexpr const char* kBom = "\xEF\xBB\xBF";

std::string write_props(const TempDir& dir, const std::string& name, const std::string& text) {
  const auto path = (dir.path() / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace

TEST_CASE("props: a leading byte-order mark is dropped, not read as part of the first key",
          "[config][props][bom]") {
  const auto p = parse_props(std::string(kBom) + "conn=dbname=x\r\nterminals=2\r\n", "bom.props");
  CHECK(p.had_byte_order_mark());
  REQUIRE(p.entries().size() == 2);
  CHECK(p.entries()[0].key == "conn");
  CHECK(p.entries()[0].value == "dbname=x");
  CHECK(p.entries()[0].line == 1);
  CHECK(p.entries()[1].key == "terminals");
  CHECK(p.entries()[1].value == "2");

  const auto plain = parse_props("conn=dbname=x\n", "plain.props");
  CHECK_FALSE(plain.had_byte_order_mark());
  // Only a leading mark: one inside the text stays what it is.
  const auto inner = parse_props(std::string("a=1\n") + kBom + "b=2\n", "inner.props");
  CHECK_FALSE(inner.had_byte_order_mark());
  CHECK(inner.entries()[1].key == std::string(kBom) + "b");
}

TEST_CASE("props: cleanup takes conn from a file with a byte-order mark and CRLF, with a warning",
          "[config][props][bom]") {
  const TempDir dir;
  const auto path = write_props(dir, "bom.props",
                                std::string(kBom) +
                                    "conn=host=db9 dbname=no_such_db\r\n"
                                    "terminals=2\r\n");
  std::string warnings;
  const auto config = parse({"cleanup", path}, &warnings);
  CHECK(config.conninfo == "host=db9 dbname=no_such_db");
  CHECK_THAT(warnings, Catch::Contains(path +
                                       ":1: warning: the file starts with a UTF-8 "
                                       "byte-order mark; tpcc ignores it, but Java's "
                                       "Properties (BenchmarkSQL) reads it as part of the "
                                       "first key, so that for BenchmarkSQL " +
                                       path + ":1 does not set 'conn'"));
  CHECK_THAT(warnings, !Catch::Contains("unknown key"));
}

TEST_CASE(
    "props: cleanup and prepare refuse a conn key they cannot read instead of the PG* "
    "environment",
    "[config][props][bom]") {
  const TempDir dir;
  // A zero-width space before conn: invisible, and not conn.
  const auto hidden = write_props(dir, "hidden.props",
                                  "\xE2\x80\x8B"
                                  "conn=host=db9 dbname=no_such_db\r\nterminals=2\r\n");
  for (const char* verb : {"cleanup", "prepare"}) {
    INFO(verb);
    const auto message = usage_error({verb, hidden});
    CHECK_THAT(message, Catch::Contains(hidden + ":1: key '\\xE2\\x80\\x8Bconn' is not 'conn'"));
    CHECK_THAT(message, Catch::Contains("does not fall back to the PG* environment or libpq's "
                                        "defaults") &&
                            Catch::Contains("nothing was done"));
  }
  const auto capital = write_props(dir, "capital.props", "Conn=dbname=x\nterminals=2\n");
  CHECK_THAT(usage_error({"cleanup", capital}), Catch::Contains(capital + ":1: key 'Conn'"));
  // An empty conn is no target either.
  const auto empty = write_props(dir, "empty.props", "conn=\nterminals=2\n");
  CHECK_THAT(usage_error({"cleanup", empty}),
             Catch::Contains(empty + ":1: key 'conn': the connection is empty"));
  CHECK_THAT(usage_error({"prepare", "--conn", " "}),
             Catch::Contains("--conn: the connection is empty"));

  // A --conn flag names the target: the unreadable line is only a warning.
  std::string warnings;
  CHECK(parse({"cleanup", hidden, "--conn", "dbname=mine"}, &warnings).conninfo == "dbname=mine");
  CHECK_THAT(warnings, Catch::Contains("unknown key '\\xE2\\x80\\x8Bconn' ignored"));
  // Verbs that change nothing keep the warning only.
  CHECK(parse({"check", hidden}, &warnings).conninfo.empty());
  // Without any connection key prepare uses the environment, as documented;
  // cleanup, which drops, needs conn (test_config_destructive_props.cpp).
  const auto none = write_props(dir, "none.props", "terminals=2\n");
  CHECK(parse({"prepare", none}).conninfo.empty());
  CHECK_THAT(usage_error({"cleanup", none}), Catch::Contains("'tpcc cleanup' needs conn"));
}
