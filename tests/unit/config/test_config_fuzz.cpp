// Random and mutated input for the props reader, the command line built on
// it, and the JDBC URL translator: each may refuse its input with a
// UsageError, and must never crash or throw anything else. Built and run
// under AddressSanitizer and UndefinedBehaviorSanitizer by
// scripts/fuzz-sanitized.sh. The generator is seeded, so a failure repeats.
#include <libpq-fe.h>

#include <catch2/catch.hpp>

#include <exception>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "config/command_line/options.hpp"
#include "config/conn/jdbc.hpp"
#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "config/props/props.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

const std::string kPropsSeed =
    "db=postgres\r\n"
    "driver=org.opengauss.Driver\n"
    "conn=jdbc:opengauss://20.20.20.103:26000/tpcc?prepareThreshold=1&batchMode=on"
    "&fetchsize=10&loggerLevel=off\n"
    "user=tpcc #用户名\n"
    "password=tpcc@123\n"
    "warehouses=1000\n"
    "terminals=600\n"
    "runMins=15\n"
    "runTxnsPerTerminal=0\n"
    "! bang\n"
    "// slashes\n"
    "list = a,\\\n"
    "   b\n"
    "uni=\\u00e9\\u12\n"
    "fillfactor=stock=80,customer=90\n"
    "tablespace=customer=example2\n"
    "newOrderWeight=45\npaymentWeight=43\norderStatusWeight=4\n"
    "deliveryWeight=4\nstockLevelWeight=4\n"
    "standbyConn2=jdbc:postgresql://[::1]:5433/tpcc\nstandbyTerminals=3\n"
    "terminalMultiplier=0.5\nuseWarehouseFrom=-1\nrollbackPercent=1\n"
    "resultDirectory=my_result_%tY-%tm-%td_%tH%tM%tS\n";

const std::vector<std::string> kUrlSeeds = {
    "jdbc:postgresql://localhost:5432/postgres",
    "jdbc:postgresql://a:5433,b,[::1]:5435/db?targetServerType=primary&user=u&password=p",
    "jdbc:opengauss://20.20.20.103:26000/tpcc?prepareThreshold=1&batchMode=on",
    "jdbc:polardb://[2001:db8::1]/my%20db?ssl=true&sslmode=require&currentSchema=s1",
    "jdbc:postgresql:tpcc?ApplicationName=a+b&connectTimeout=7&options=-c%20x%3Dy",
    "jdbc:postgresql://h/db?tcpKeepAlive=false&loginTimeout=3&password=it%27s",
};

// Characters that matter to the parsers: escapes, line ends, quotes,
// brackets, separators.
const std::string kSpecial = "\\\r\n\"'[]{}%:=?&@/,# \t!\0u";

class Mutator {
 public:
  explicit Mutator(std::uint64_t seed) : rng_(seed) {}

  std::size_t below(std::size_t n) { return n == 0 ? 0 : rng_() % n; }

  std::string random_bytes() {
    std::string s(below(200), '\0');
    for (auto& c : s) c = static_cast<char>(below(256));
    return s;
  }

  // One to four edits: byte flips, truncation, inserted special characters,
  // deletions and duplicated spans.
  std::string mutate(std::string s) {
    const std::size_t edits = 1 + below(4);
    for (std::size_t e = 0; e < edits; ++e) {
      const std::size_t at = below(s.size() + 1);
      switch (below(5)) {
        case 0:
          if (!s.empty()) s[below(s.size())] ^= static_cast<char>(1u << below(8));
          break;
        case 1: s.resize(at); break;
        case 2: s.insert(at, 1 + below(3), kSpecial[below(kSpecial.size())]); break;
        case 3:
          if (at < s.size()) s.erase(at, 1 + below(8));
          break;
        default:
          if (at < s.size()) s.insert(at, s.substr(at, below(16)));
          break;
      }
    }
    return s;
  }

 private:
  std::mt19937_64 rng_;
};

std::string printable(const std::string& s) {
  std::ostringstream out;
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '\\') {
      out << c;
    } else {
      out << "\\x" << std::hex << static_cast<int>(u) << std::dec;
    }
  }
  return out.str();
}

// What libpq makes of a translated URL: it must at least parse it.
bool libpq_accepts(const std::string& conninfo) {
  char* err = nullptr;
  std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> opts(
      PQconninfoParse(conninfo.c_str(), &err), &PQconninfoFree);
  if (err != nullptr) PQfreemem(err);
  return opts != nullptr;
}

// Runs f; only a UsageError may escape it.
template <typename F>
void only_usage_errors(const std::string& input, F&& f) {
  try {
    f();
  } catch (const tpcc::UsageError&) {
  } catch (const std::exception& e) {
    FAIL("unexpected exception '" << e.what() << "' for input: " << printable(input));
  } catch (...) {
    FAIL("unexpected non-std exception for input: " << printable(input));
  }
}

}  // namespace

TEST_CASE("fuzz: the JDBC translator takes any text without crashing", "[config][fuzz]") {
  Mutator m(0x7063c0ffee);
  int translated = 0;
  for (int i = 0; i < 30000; ++i) {
    const std::string url =
        i % 10 == 0 ? "jdbc:postgresql:" + m.random_bytes() : m.mutate(kUrlSeeds[m.below(6)]);
    only_usage_errors(url, [&] {
      const auto t = tpcc::jdbc_to_conninfo(url, "--conn");
      ++translated;
      // What it produces is conninfo libpq can read, and masking it is safe.
      if (url.find('\0') == std::string::npos) {
        INFO(printable(url) << " -> " << printable(t.conninfo));
        CHECK(libpq_accepts(t.conninfo));
      }
      tpcc::mask_password(t.conninfo);
    });
    only_usage_errors(url, [&] { tpcc::mask_password(url); });
  }
  // The mutations leave many URLs valid: the loop tests both paths.
  CHECK(translated > 3000);
}

TEST_CASE("fuzz: the props reader takes any text without crashing", "[config][fuzz]") {
  Mutator m(0x9e3779b97f4a7c15);
  std::size_t entries = 0;
  for (int i = 0; i < 5000; ++i) {
    const std::string text = i % 10 == 0 ? m.random_bytes() : m.mutate(kPropsSeed);
    only_usage_errors(text, [&] {
      const auto props = tpcc::parse_props(text, "fuzz.props");
      entries += props.entries().size();
      for (const auto& e : props.entries()) {
        CHECK(e.line >= 1);
        CHECK(e.where().rfind("fuzz.props:", 0) == 0);
      }
    });
  }
  CHECK(entries > 5000 * 10);
}

TEST_CASE("fuzz: the command line over mutated props files never crashes", "[config][fuzz]") {
  Mutator m(20260101);
  tpcc::test::TempDir dir;
  int accepted = 0;
  for (int i = 0; i < 600; ++i) {
    const std::string text = m.mutate(kPropsSeed);
    const auto path = dir.write("fuzz.props", text);
    for (const char* verb : {"run", "prepare"}) {
      only_usage_errors(text, [&] {
        std::string warnings;
        const tpcc::Config c = tpcc::test::parse({verb, path}, &warnings);
        ++accepted;
        CHECK(c.terminals >= 1);
        // A password that is still one never reaches a warning.
        const auto props = tpcc::parse_props(text, path);
        const auto* password = props.find("password");
        if (password != nullptr && password->value == "tpcc@123") {
          INFO(printable(warnings));
          CHECK(warnings.find("tpcc@123") == std::string::npos);
        }
      });
    }
  }
  CHECK(accepted > 100);
}
