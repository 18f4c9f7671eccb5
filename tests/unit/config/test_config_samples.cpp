// Real-shaped props files: the samples in examples/, the BenchmarkSQL props
// file of an openGauss POC guide as its users write it, and the
// options table (docs/options.md) against the help.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "config/command_line/options.hpp"
#include "config/props/props.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::test::Mix;
using tpcc::test::parse;
using tpcc::test::read_file;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

namespace {

namespace fs = std::filesystem;

// The repository root, as the build gives it.
fs::path repo_root() { return fs::path(TPCC_SOURCE_DIR); }

std::string sample(const std::string& name) {
  const fs::path path = repo_root() / "examples" / name;
  REQUIRE(fs::exists(path));
  return path.string();
}

// The props.og of an openGauss resource-pooling POC guide, with the notes its
// authors put after the values.
const std::string kSeedPropsOg =
    "db=postgres\n"
    "driver=org.opengauss.Driver\n"
    "conn=jdbc:opengauss://20.20.20.103:26000/tpcc?prepareThreshold=1&batchMode=on&fetchsize=10"
    "&loggerLevel=off #修改连接字符串, 包含IP、端口号、数据库\n"
    "user=tpcc #用户名\n"
    "password=tpcc@123 #密码\n"
    "warehouses=1000 #仓位数\n"
    "terminals=600 #并发数\n"
    "runMins=15 #运行时间\n"
    "runTxnsPerTerminal=0\n"
    "loadWorkers=100\n"
    "limitTxnsPerMin=0\n"
    "terminalWarehouseFixed=true\n"
    "newOrderWeight=45\n"
    "paymentWeight=43\n"
    "orderStatusWeight=4\n"
    "deliveryWeight=4\n"
    "stockLevelWeight=4\n";

// The same without the notes: what BenchmarkSQL itself can read.
std::string without_notes(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::string out;
  while (std::getline(in, line)) {
    const auto note = line.find(" #");
    out += line.substr(0, note) + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("samples: examples/local.props", "[config][samples]") {
  std::string warnings;
  const Config c = parse({"run", sample("local.props")}, &warnings);
  CHECK(warnings.empty());
  CHECK(c.conninfo == "host=localhost port=5432 dbname=tpcc user=tpcc password=tpcc");
  CHECK(c.terminals == 40);
  CHECK(c.duration_seconds == 300);
  CHECK(c.warmup_seconds == 60);
  CHECK(c.mix == Mix{45, 43, 4, 4, 4});
  CHECK(parse({"prepare", sample("local.props")}).warehouses == 4);
}

TEST_CASE("samples: examples/poc.props, 1,000 warehouses with tablespaces and fillfactor",
          "[config][samples]") {
  std::string warnings;
  const Config p = parse({"prepare", sample("poc.props")}, &warnings);
  CHECK(warnings.empty());
  CHECK(p.warehouses == 1000);
  CHECK(p.load_workers == 16);
  CHECK(p.fillfactor == std::map<std::string, int>{{"*", 80}});
  CHECK(p.tablespace == std::map<std::string, std::string>{{"bmsql_customer", "example2"},
                                                           {"bmsql_stock", "example3"}});
  CHECK(p.conninfo ==
        "host=dbhost port=5432 dbname=tpcc application_name=tpcc-poc user=tpcc "
        "password=change-me");
  const Config r = parse({"run", sample("poc.props")}, &warnings);
  CHECK(r.terminals == 600);
  CHECK(r.duration_seconds == 900);
  CHECK(r.warmup_seconds == 300);
  CHECK(r.terminal_warehouse_fixed);
  CHECK_THAT(r.result_dir, Catch::StartsWith("results/poc_%tY"));
}

TEST_CASE("samples: examples/primary-standby.props", "[config][samples]") {
  std::string warnings;
  const Config c = parse({"run", sample("primary-standby.props")}, &warnings);
  CHECK(warnings.empty());
  CHECK(c.conninfo == "host=primary port=5432 dbname=tpcc user=tpcc password=change-me");
  CHECK(c.terminals == 600);
  REQUIRE(c.standbys.size() == 1);
  CHECK(c.standbys[0].conninfo ==
        "host=standby port=5432 dbname=tpcc user=tpcc password=change-me");
  CHECK(c.standbys[0].terminals == 100);
  CHECK(c.standbys[0].mix == Mix{0, 0, 50, 0, 50});
  CHECK(parse({"prepare", sample("primary-standby.props")}).standbys.empty());
}

TEST_CASE("samples: an openGauss POC props.og, notes after values and all", "[config][samples]") {
  const auto props = tpcc::parse_props(kSeedPropsOg, "props.og");
  REQUIRE(props.entries().size() == 17);
  // '#' starts a comment only at the start of a line, as in Java.
  CHECK(props.find("user")->value == "tpcc #用户名");
  CHECK(props.find("password")->line == 5);

  TempDir dir;
  const auto path = dir.write("props.og", kSeedPropsOg);
  // The numbers with notes are caught, all at once, each by file:line and key.
  const auto msg = usage_error({"run", path});
  CHECK_THAT(msg, Catch::StartsWith("3 problems in the configuration:"));
  CHECK_THAT(msg, Catch::Contains(path + ":6: key 'warehouses': '1000 #仓位数' is not a positive "
                                         "integer"));
  CHECK_THAT(msg, Catch::Contains(path + ":7: key 'terminals'"));
  CHECK_THAT(msg, Catch::Contains(path + ":8: key 'runMins'"));
  CHECK_THAT(msg, !Catch::Contains("tpcc@123"));

  // Without the notes it drives tpcc as it drove BenchmarkSQL.
  const auto clean = dir.write("clean.og", without_notes(kSeedPropsOg));
  std::string warnings;
  const Config c = parse({"run", clean}, &warnings);
  CHECK(c.conninfo == "host=20.20.20.103 port=26000 dbname=tpcc user=tpcc password=tpcc@123");
  CHECK(c.terminals == 600);
  CHECK(c.duration_seconds == 900);
  CHECK(c.mix == Mix{45, 43, 4, 4, 4});
  CHECK(warnings == "tpcc: " + clean +
                        ":3: key 'conn': warning: JDBC parameters 'prepareThreshold', "
                        "'batchMode', 'fetchsize', 'loggerLevel' have no libpq equivalent; "
                        "ignored\n");
  CHECK(parse({"prepare", clean}).load_workers == 100);
}

// The table ends the page. TPCC_UPDATE_OPTIONS_PAGE=1 rewrites it from the
// help's rows (an option added or reworded), then the check passes.
TEST_CASE("samples: the options page's table is the help's", "[config][samples]") {
  const fs::path path = repo_root() / "docs" / "options.md";
  const std::string table = tpcc::options_markdown();
  if (std::getenv("TPCC_UPDATE_OPTIONS_PAGE") != nullptr) {
    const std::string old_page = read_file(path);
    const std::size_t start = old_page.find("| option | props keys |");
    REQUIRE(start != std::string::npos);
    std::ofstream(path) << old_page.substr(0, start) << table;
  }
  const std::string page = read_file(path);
  INFO(
      "docs/options.md must contain this table (from tpcc::options_markdown()); "
      "TPCC_UPDATE_OPTIONS_PAGE=1 ./build/unit_tests \"samples: the options page's table is "
      "the help's\" writes it there");
  CHECK(page.find(table) != std::string::npos);
}
