#include <catch2/catch.hpp>
#include <string>

#include "config/errors.hpp"
#include "config/props/props.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::parse_props;
using tpcc::Props;
using tpcc::UsageError;
using tpcc::test::TempDir;

namespace {

std::string value_of(const Props& p, const std::string& key) {
  const auto* e = p.find(key);
  REQUIRE(e != nullptr);
  return e->value;
}

}  // namespace

TEST_CASE("props: key=value, key: value and key value forms, trimmed", "[config][props]") {
  const auto p = parse_props("a=1\n  b : two  \nc three\nd\t=\t4\ne:5\n", "x.props");
  REQUIRE(p.entries().size() == 5);
  CHECK(value_of(p, "a") == "1");
  CHECK(value_of(p, "b") == "two");
  CHECK(value_of(p, "c") == "three");
  CHECK(value_of(p, "d") == "4");
  CHECK(value_of(p, "e") == "5");
  CHECK(p.find("missing") == nullptr);
}

TEST_CASE("props: only the first separator splits, the rest belongs to the value",
          "[config][props]") {
  const auto p = parse_props(
      "conn=jdbc:postgresql://localhost:5432/postgres?user=a&password=b\n"
      "note = a # not a comment\n"
      "spaced = one two  three\n",
      "x.props");
  CHECK(value_of(p, "conn") == "jdbc:postgresql://localhost:5432/postgres?user=a&password=b");
  CHECK(value_of(p, "note") == "a # not a comment");
  CHECK(value_of(p, "spaced") == "one two  three");
}

TEST_CASE("props: comments with # ! and //, blank lines, and line numbers", "[config][props]") {
  const auto p = parse_props(
      "# comment\n"
      "! bang comment\n"
      "// slash comment\n"
      "\n"
      "   \t\n"
      "   # indented comment\n"
      "warehouses=10\n"
      "//terminals=5\n"
      "terminals=20\n",
      "props.pg");
  REQUIRE(p.entries().size() == 2);
  CHECK(p.entries()[0].key == "warehouses");
  CHECK(p.entries()[0].line == 7);
  CHECK(p.entries()[0].where() == "props.pg:7");
  CHECK(p.entries()[1].key == "terminals");
  CHECK(p.entries()[1].value == "20");
  CHECK(p.entries()[1].line == 9);
  CHECK(p.file() == "props.pg");
}

TEST_CASE("props: trailing backslash continues the line, the entry keeps its first line",
          "[config][props]") {
  const auto p = parse_props(
      "first=1\n"
      "list = a,\\\n"
      "       b,\\\n"
      "       c\n"
      "after=2\n",
      "props.pg");
  CHECK(value_of(p, "list") == "a,b,c");
  CHECK(p.find("list")->line == 2);
  CHECK(p.find("after")->line == 5);
}

TEST_CASE("props: an even number of trailing backslashes is an escaped backslash",
          "[config][props]") {
  const auto p = parse_props("path=C:\\\\dir\\\\\nnext=1\n", "x");
  CHECK(value_of(p, "path") == "C:\\dir\\");
  CHECK(value_of(p, "next") == "1");
}

TEST_CASE("props: a comment line ending in a backslash does not continue", "[config][props]") {
  const auto p = parse_props("# comment \\\nkey=value\n", "x");
  REQUIRE(p.entries().size() == 1);
  CHECK(value_of(p, "key") == "value");
}

TEST_CASE("props: Java escapes in keys and values", "[config][props]") {
  const auto p = parse_props(
      "my\\ key=v\n"
      "eq\\=key=x\\=y\n"
      "tab=a\\tb\n"
      "uni=\\u0041\\u00e9\n"
      "trail=x\\ \n",
      "x");
  CHECK(value_of(p, "my key") == "v");
  CHECK(value_of(p, "eq=key") == "x=y");
  CHECK(value_of(p, "tab") == "a\tb");
  CHECK(value_of(p, "uni") == "A\xC3\xA9");
  CHECK(value_of(p, "trail") == "x ");  // an escaped space survives trimming
}

TEST_CASE("props: CRLF line ends, empty values and keys without values", "[config][props]") {
  const auto p = parse_props("a=1\r\nempty=\r\nalone\r\n", "x");
  CHECK(value_of(p, "a") == "1");
  CHECK(value_of(p, "empty").empty());
  CHECK(value_of(p, "alone").empty());
}

TEST_CASE("props: a repeated key keeps its last value, as java.util.Properties",
          "[config][props]") {
  const auto p = parse_props("w=1\nw=2\n", "x");
  CHECK(p.entries().size() == 2);
  CHECK(value_of(p, "w") == "2");
  CHECK(p.find("w")->line == 2);
}

TEST_CASE("props: a BenchmarkSQL 5 props.pg is read entry by entry", "[config][props]") {
  TempDir dir;
  const auto path = dir.write("props.pg", tpcc::test::kBenchmarkSql5);
  const auto p = tpcc::read_props_file(path);
  CHECK(p.entries().size() == 21);
  CHECK(value_of(p, "conn") == "jdbc:postgresql://localhost:5432/postgres");
  CHECK(value_of(p, "password") == "PWbmsql");
  CHECK(value_of(p, "resultDirectory") == "my_result_%tY-%tm-%td_%tH%tM%tS");
  CHECK(value_of(p, "osCollectorDevices") == "net_eth0 blk_sda");
  CHECK(p.find("osCollectorSSHAddr") == nullptr);
  CHECK(p.find("runMins")->where() == path + ":14");
}

TEST_CASE("props: an unreadable file is a UsageError naming the file", "[config][props]") {
  TempDir dir;
  const std::string missing = (dir.path() / "nope.props").string();
  CHECK_THROWS_WITH(tpcc::read_props_file(missing),
                    Catch::Contains(missing) && Catch::Contains("cannot open"));
  CHECK_THROWS_AS(tpcc::read_props_file(missing), UsageError);
  CHECK_THROWS_WITH(tpcc::read_props_file(dir.path().string()),
                    Catch::Contains(dir.path().string()) && Catch::Contains("directory"));
}
