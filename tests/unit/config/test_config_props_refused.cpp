// A props file that is not text, or sets no key tpcc knows, is refused
// before any verb does anything: a binary file or the wrong file given as
// PROPS would otherwise run (or clean up) with the defaults.
#include <catch2/catch.hpp>

#include <string>

#include "config/errors.hpp"
#include "config/props/props.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using namespace std::string_literals;
using tpcc::check_props_text;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

namespace {

std::string text_error(const std::string& text) {
  try {
    check_props_text(text, "f.props");
  } catch (const tpcc::UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("props: text is UTF-8 without NUL or control characters, and tab, FF, CR, LF are fine",
          "[config][props][refused]") {
  CHECK(text_error("a=1\r\n\tb = 2\f\n# é ü 用户名 😀\nc=\\u00e9\n").empty());
  CHECK(text_error("").empty());
  CHECK(text_error("a=1\nb=\0\n"s) ==
        "props file 'f.props': line 2 holds a NUL byte: this is not a text props file "
        "(key=value lines); nothing was done");
  CHECK(text_error("a=1\n\nb=\x1b[0m\n") ==
        "props file 'f.props': line 3 holds the control character 0x1B: this is not a text "
        "props file (key=value lines); nothing was done");
  CHECK_THAT(text_error("a=\x7f"), Catch::Contains("line 1 holds the control character 0x7F"));
  // Latin-1, truncated, overlong and surrogate sequences are not UTF-8.
  for (const std::string bad : {"caf\xe9\n", "x=\xe2\x82", "x=\xc0\xaf", "x=\xed\xa0\x80",
                                "x=\xf4\x90\x80\x80", "\xff\xfe"}) {
    INFO(bad);
    CHECK_THAT(text_error(bad), Catch::Contains("which is not UTF-8 text") &&
                                    Catch::Contains("not a text props file"));
  }
}

TEST_CASE("props: a binary props file is refused for every verb, naming the file",
          "[config][props][refused]") {
  TempDir dir;
  std::string binary =
      "\x7f"
      "ELF\x02\x01\x01";
  binary += std::string(64, '\0') + "terminals=4\n";
  const auto path = dir.write("tpcc.bin", binary);
  for (const char* verb : {"prepare", "run", "check", "cleanup", "quickstart"}) {
    INFO(verb);
    CHECK(usage_error({verb, path}) == "props file '" + path +
                                           "': line 1 holds the control character 0x7F: this is "
                                           "not a text props file (key=value lines); nothing "
                                           "was done");
  }
}

TEST_CASE("props: a props file without a single known key is refused", "[config][props][refused]") {
  TempDir dir;
  const auto wrong = dir.write("wrong.props", "termnals=4\nfoo=bar\nbaz: 1\nqux 2\n");
  for (const char* verb : {"prepare", "run", "check", "cleanup", "quickstart"}) {
    INFO(verb);
    CHECK(usage_error({verb, wrong}) ==
          "props file '" + wrong + "' has no key tpcc knows (" + wrong +
              ":1: 'termnals' (did you mean terminals?), " + wrong + ":2: 'foo', " + wrong +
              ":3: 'baz' and 1 more), so it is not a props file; nothing was done (for the "
              "keys see 'tpcc " +
              verb + " --help')");
  }
  const auto empty = dir.write("empty.props", "# only a comment\n\n");
  CHECK_THAT(usage_error({"cleanup", empty}),
             Catch::StartsWith("props file '" + empty +
                               "' sets nothing: it has no key=value line; nothing was done"));
  // A key that runs a password into its name is masked here too.
  const auto secret = dir.write("secret.props", "passwordhunter2\n");
  CHECK_THAT(usage_error({"run", secret}),
             Catch::Contains("'password*****'") && !Catch::Contains("hunter2"));
}

TEST_CASE("props: unknown keys beside a known one stay warnings", "[config][props][refused]") {
  TempDir dir;
  std::string warnings;
  const auto c =
      parse({"run", dir.write("mixed.props", "terminals=4\nsomeDriverKey=1\n")}, &warnings);
  CHECK(c.terminals == 4);
  CHECK_THAT(warnings, Catch::Contains("unknown key 'someDriverKey' ignored"));
  // BenchmarkSQL keys tpcc ignores count as known: the file is a props file.
  CHECK(
      parse({"check", dir.write("db.props", "db=postgres\ndriver=org.postgresql.Driver\n")}).verb ==
      tpcc::Verb::Check);
}
