// Text that goes into result.json and config.json is UTF-8: a value in
// another encoding (a Latin-1 byte) is refused when the command line or the
// props file is read, naming the flag or key, before any connection;
// passwords, which are never written, may hold any bytes.
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

TEST_CASE("a flag's value that is not UTF-8 is refused naming the flag, exit 2 before connecting",
          "[config][utf8]") {
  const std::string latin1 = "caf\xe9";
  for (const char* flag : {"--label", "--notes", "--result-dir", "--json"}) {
    INFO(flag);
    const std::string error = usage_error({"run", "--conn", "dbname=t", flag, latin1});
    CHECK(has(error, flag));
    CHECK(has(error, "the byte 0xE9 (at byte 4), which is not UTF-8 text"));
  }
  // Truncated, overlong and surrogate sequences are not UTF-8 either.
  for (const std::string bad : {"x\xe2\x82", "x\xc0\xaf", "x\xed\xa0\x80"}) {
    CHECK(has(usage_error({"run", "--conn", "dbname=t", "--label", bad}), "not UTF-8 text"));
  }
  CHECK(parse({"run", "--label", "café 用户 😀", "--notes", "naïve"}).label == "café 用户 😀");
}

TEST_CASE("a props value that is not UTF-8 once decoded is refused naming the key",
          "[config][utf8]") {
  TempDir dir;
  // \ud800 is half a surrogate pair: decoded alone it is not UTF-8.
  const auto path = dir.write("run.props", "conn=dbname=t\nlabel=a\\ud800b\n");
  const std::string error = usage_error({"run", path});
  CHECK(has(error, "key 'label'"));
  CHECK(has(error, "not UTF-8 text"));
  // A surrogate pair, as Java writes a character beyond U+FFFF, is one.
  const auto pair = dir.write("pair.props", "conn=dbname=t\nlabel=a\\ud83d\\ude00b\n");
  CHECK(parse({"run", pair}).label ==
        "a\xF0\x9F\x98\x80"
        "b");
}

TEST_CASE("a password may hold any bytes: it is never written", "[config][utf8]") {
  const std::string latin1 = "geheim\xe9";
  CHECK_NOTHROW(parse({"run", "--conn", "dbname=t password=" + latin1}));
  CHECK_NOTHROW(parse({"run", "--pgsql-password", latin1}));
  CHECK(has(usage_error({"run", "--conn", "dbname=caf\xe9"}), "--conn"));
}
