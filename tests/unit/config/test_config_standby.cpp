// The standbys of a combined primary + standby run: --standby-conn (repeatable),
// --standby-terminals, --standby-mix and their props keys.
#include <catch2/catch.hpp>

#include <array>
#include <string>

#include "config/command_line/options.hpp"
#include "config/effective.hpp"
#include "config/errors.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::test::Mix;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

TEST_CASE("standby: --standby-conn adds one standby per flag, with the primary's terminals",
          "[config][standby]") {
  const Config c = parse({"run", "--terminals", "8", "--standby-conn", "host=sb1", "--standby-conn",
                          "jdbc:postgresql://sb2:5433/tpcc?user=ro"});
  REQUIRE(c.standbys.size() == 2);
  CHECK(c.standbys[0].conninfo == "host=sb1");
  CHECK(c.standbys[1].conninfo == "host=sb2 port=5433 dbname=tpcc user=ro");
  CHECK(c.standbys[0].terminals == 8);
  CHECK(c.standbys[1].terminals == 8);
  CHECK(c.standbys[0].mix == Mix{0, 0, 50, 0, 50});
  // A multi-host JDBC URL keeps its commas: flags are not joined.
  const Config multi = parse({"run", "--standby-conn", "jdbc:postgresql://a,b/db"});
  REQUIRE(multi.standbys.size() == 1);
  CHECK(multi.standbys[0].conninfo == "host=a,b port=5432,5432 dbname=db");
}

TEST_CASE("standby: --standby-terminals and --standby-mix", "[config][standby]") {
  const Config c = parse(
      {"run", "--standby-conn", "host=sb", "--standby-terminals", "3", "--standby-mix", "20,80"});
  REQUIRE(c.standbys.size() == 1);
  CHECK(c.standbys[0].terminals == 3);
  CHECK(c.standbys[0].mix == Mix{0, 0, 20, 0, 80});
  CHECK(usage_error({"run", "--standby-terminals", "2"}) ==
        "--standby-terminals: standby terminals need a standby connection (--standby-conn, "
        "props standbyConn)");
  CHECK(usage_error({"run", "--standby-conn", "host=sb", "--standby-mix", "50,49"}) ==
        "--standby-mix: the weights '50,49' sum to 99, not 100");
  CHECK_THAT(usage_error({"run", "--standby-conn", "host=sb", "--standby-mix", "100"}),
             Catch::StartsWith("--standby-mix: '100' is not two weights OS,SL"));
  CHECK(usage_error({"run", "--standby-conn", "host=sb", "--standby-terminals", "0"}) ==
        "--standby-terminals: 0 is out of range (1..2147483647)");
  CHECK_THAT(usage_error({"prepare", "--standby-conn", "host=sb"}),
             Catch::Contains("'--standby-conn' is not for 'tpcc prepare'"));
}

TEST_CASE("standby: props standbyConn, standbyConn2, ... with user and password",
          "[config][standby]") {
  TempDir dir;
  const auto path = dir.write("ps.props",
                              "conn=jdbc:postgresql://primary:5432/tpcc\n"
                              "user=bench\npassword=pw secret\n"
                              "terminals=60\n"
                              "standbyConn=jdbc:opengauss://standby1:26000/tpcc?loggerLevel=off\n"
                              "standbyConn3=host=standby3\n"
                              "standbyConn2=jdbc:postgresql://[::1]:5433/tpcc\n"
                              "standbyTerminals=10\n"
                              "standbyOrderStatusWeight=30\nstandbyStockLevelWeight=70\n");
  std::string warnings;
  const Config c = parse({"run", path}, &warnings);
  REQUIRE(c.standbys.size() == 3);
  CHECK(c.standbys[0].conninfo ==
        "host=standby1 port=26000 dbname=tpcc user=bench password='pw secret'");
  CHECK(c.standbys[1].conninfo == "host=::1 port=5433 dbname=tpcc user=bench password='pw secret'");
  CHECK(c.standbys[2].conninfo == "host=standby3 user=bench password='pw secret'");
  for (const auto& s : c.standbys) {
    CHECK(s.terminals == 10);
    CHECK(s.mix == Mix{0, 0, 30, 0, 70});
  }
  CHECK_THAT(warnings, Catch::Contains(path + ":5: key 'standbyConn': warning: JDBC parameter "
                                              "'loggerLevel'"));
  // The effective configuration masks the standby passwords.
  const std::string json = tpcc::effective_config_json(c);
  CHECK(json.find("pw secret") == std::string::npos);
  CHECK(json.find("standby3") != std::string::npos);

  // Flags replace the props file's standbys.
  const Config flags = parse({"run", path, "--standby-conn", "host=other"});
  REQUIRE(flags.standbys.size() == 1);
  CHECK(flags.standbys[0].conninfo == "host=other user=bench password='pw secret'");
  // Other verbs accept the keys and have no standbys.
  CHECK(parse({"prepare", path}).standbys.empty());
}

TEST_CASE("standby: props weights, one alone or both, and their errors", "[config][standby]") {
  TempDir dir;
  const auto one = dir.write("one.props", "standbyConn=host=s\nstandbyStockLevelWeight=60\n");
  CHECK(parse({"run", one}).standbys.at(0).mix == Mix{0, 0, 40, 0, 60});
  const auto flag_wins = parse({"run", one, "--standby-mix", "10,90"});
  CHECK(flag_wins.standbys.at(0).mix == Mix{0, 0, 10, 0, 90});
  const auto bad = dir.write("bad.props",
                             "standbyConn=host=s\nstandbyOrderStatusWeight=30\n"
                             "standbyStockLevelWeight=60\n");
  CHECK(usage_error({"run", bad}) ==
        bad +
            ":2: key 'standbyOrderStatusWeight': the standby weights (standbyOrderStatusWeight, "
            "standbyStockLevelWeight) are 30,60 and sum to 90, not 100");
  const auto over = dir.write("over.props", "standbyConn=host=s\nstandbyOrderStatusWeight=130\n");
  CHECK_THAT(usage_error({"run", over}), Catch::Contains("more than 100 percent"));
  const auto lonely = dir.write("lonely.props", "standbyTerminals=5\n");
  CHECK_THAT(usage_error({"run", lonely}),
             Catch::StartsWith(lonely + ":1: key 'standbyTerminals': standby terminals need"));
  const auto empty = dir.write("empty.props", "standbyConn=\n");
  CHECK(usage_error({"run", empty}) ==
        empty + ":1: key 'standbyConn': the standby connection is empty");
  const auto malformed =
      dir.write("m.props", "standbyConn2=jdbc:postgresql://h:0/db?password=hidden\n");
  const auto msg = usage_error({"run", malformed});
  CHECK_THAT(msg, Catch::StartsWith(malformed + ":1: key 'standbyConn2': malformed JDBC URL"));
  CHECK_THAT(msg, !Catch::Contains("hidden"));
  // standbyConn0 / standbyConn1x are not standby keys.
  std::string warnings;
  parse({"run", dir.write("w.props", "standbyConn0=host=s\nstandbyConn1x=host=s\nterminals=1\n")},
        &warnings);
  CHECK_THAT(warnings, Catch::Contains("unknown key 'standbyConn0'") &&
                           Catch::Contains("unknown key 'standbyConn1x'"));
}
