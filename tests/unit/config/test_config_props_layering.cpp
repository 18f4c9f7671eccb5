// The props file: a BenchmarkSQL 5 props.pg as it is, flags over props over
// defaults, user and password joined to the connection, errors named by
// file:line and key, and unknown keys as warnings; and the connection
// string, from --conn or props, as conninfo, URI or JDBC URL.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "config/command_line/options.hpp"
#include "config/errors.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::test::Mix;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

using tpcc::test::kBenchmarkSql5;

// --- connection ---------------------------------------------------------------------------

TEST_CASE("options: --conn takes conninfo and URIs unchanged, and translates JDBC",
          "[config][options]") {
  CHECK(parse({"run", "--conn", "host=/tmp port=5433"}).conninfo == "host=/tmp port=5433");
  CHECK(parse({"run", "--conn", "postgresql://u@h/db"}).conninfo == "postgresql://u@h/db");
  CHECK(parse({"run", "--conn", "jdbc:postgresql://h:5433/db?user=u"}).conninfo ==
        "host=h port=5433 dbname=db user=u");
  const auto msg = usage_error({"run", "--conn", "jdbc:postgresql://h:x/db?password=topsecret"});
  CHECK_THAT(msg, Catch::StartsWith("--conn: malformed JDBC URL"));
  CHECK_THAT(msg, !Catch::Contains("topsecret"));
}

TEST_CASE("options: JDBC parameters libpq cannot use are warned about", "[config][options]") {
  std::string warnings;
  const Config c =
      parse({"run", "--conn", "jdbc:postgresql://h/db?reWriteBatchedInserts=true"}, &warnings);
  CHECK(c.conninfo == "host=h port=5432 dbname=db");
  CHECK_THAT(warnings, Catch::Contains("--conn") && Catch::Contains("reWriteBatchedInserts"));
}

// --- props file --------------------------------------------------------------------------

TEST_CASE("options: a BenchmarkSQL 5 props.pg works as it is", "[config][options]") {
  TempDir dir;
  const auto path = dir.write("props.pg", kBenchmarkSql5);
  std::string warnings;
  const Config c = parse({"run", path}, &warnings);
  // The OS collector is the one thing it asks for that tpcc does not do: one line says so.
  CHECK(warnings == "tpcc: " + path +
                        ":31: warning: osCollectorScript, osCollectorInterval, osCollectorDevices: "
                        "ignored; tpcc does not collect OS statistics\n");
  REQUIRE(c.props_file.has_value());
  CHECK(*c.props_file == path);
  CHECK(c.conninfo ==
        "host=localhost port=5432 dbname=postgres user=benchmarksql password=PWbmsql");
  CHECK(c.warehouses == 1);
  CHECK(c.load_workers == 4);
  CHECK(c.terminals == 1);
  CHECK(c.txns_per_terminal == 10);
  CHECK(c.duration_seconds == 0);
  CHECK(c.rate_tpm == Approx(300));
  CHECK(c.terminal_warehouse_fixed);
  CHECK(c.mix == Mix{45, 43, 4, 4, 4});
  CHECK(c.result_dir == "my_result_%tY-%tm-%td_%tH%tM%tS");

  // The same file serves prepare, and --props is the same as the positional.
  const Config p = parse({"prepare", "--props", path});
  CHECK(p.load_workers == 4);
  CHECK(*p.props_file == path);
}

TEST_CASE("options: flags beat the props file, which beats the defaults", "[config][options]") {
  TempDir dir;
  const auto path = dir.write("props.pg",
                              "warehouses=5\nloadWorkers=3\nterminals=7\n"
                              "terminalWarehouseFixed=true\nforeign-keys=true\n"
                              "fillfactor=stock=80\nconn=host=propshost\nmix=40,48,4,4,4\n");
  const Config from_props = parse({"prepare", path});
  CHECK(from_props.warehouses == 5);
  CHECK(from_props.load_workers == 3);
  CHECK(from_props.foreign_keys);
  auto stock_80 = tpcc::default_fillfactor();
  stock_80["bmsql_stock"] = 80;
  CHECK(from_props.fillfactor == stock_80);
  CHECK(from_props.conninfo == "host=propshost");

  const Config flags = parse({"prepare", path, "--warehouses", "9", "--foreign-keys=false",
                              "--fillfactor", "90", "--conn", "host=flaghost"});
  CHECK(flags.warehouses == 9);
  CHECK(flags.load_workers == 3);  // untouched by flags
  CHECK_FALSE(flags.foreign_keys);
  CHECK(flags.fillfactor == std::map<std::string, int>{{"*", 90}});
  CHECK(flags.conninfo == "host=flaghost");

  const Config run =
      parse({"run", path, "--terminal-warehouse-fixed", "false", "--mix", "45,43,4,4,4"});
  CHECK(run.terminals == 7);
  CHECK_FALSE(run.terminal_warehouse_fixed);
  CHECK(run.mix == Mix{45, 43, 4, 4, 4});
  CHECK(parse({"run", path}).mix == Mix{40, 48, 4, 4, 4});
}

TEST_CASE("options: props user and password are added to the connection", "[config][options]") {
  TempDir dir;
  const auto path = dir.write("props.pg", "user=bench\npassword=it's secret\n");
  CHECK(parse({"run", path}).conninfo == "user=bench password='it\\'s secret'");
  CHECK(parse({"run", path, "--conn", "host=h"}).conninfo ==
        "host=h user=bench password='it\\'s secret'");
  // A user named by the connection itself wins, as in PgJDBC.
  CHECK(parse({"run", path, "--conn", "host=h user=other"}).conninfo ==
        "host=h user=other password='it\\'s secret'");
  CHECK(parse({"run", path, "--conn", "jdbc:postgresql://h/db?user=u&password=p"}).conninfo ==
        "host=h port=5432 dbname=db user=u password=p");
}

TEST_CASE("options: props errors name file, line and key", "[config][options]") {
  TempDir dir;
  const auto path = dir.write("props.pg",
                              "# comment\n\n\n\n\n\n\n\n\n\n\n"
                              "warehouses=x\n");
  CHECK(usage_error({"prepare", path}) ==
        path + ":12: key 'warehouses': 'x' is not a positive integer");
  CHECK_THAT(path, Catch::EndsWith("props.pg"));

  const auto p2 = dir.write("p2.props", "a=1\nfillfactor=stock=abc\n");
  CHECK(usage_error({"prepare", p2}) ==
        p2 + ":2: key 'fillfactor': 'stock=abc' is not a number 10..100");
  const auto p3 = dir.write("p3.props", "terminalWarehouseFixed=sometimes\n");
  CHECK(usage_error({"run", p3}) ==
        p3 + ":1: key 'terminalWarehouseFixed': 'sometimes' is not true or false");
  const auto p4 = dir.write("p4.props", "x=1\nconn=jdbc:postgresql://h:99999/db?password=pw123\n");
  const auto msg = usage_error({"run", p4});
  CHECK_THAT(msg, Catch::StartsWith(p4 + ":2: key 'conn': malformed JDBC URL"));
  CHECK_THAT(msg, !Catch::Contains("pw123"));
  const auto p5 = dir.write("p5.props", "tablespace=customer=bad-name\n");
  CHECK_THAT(usage_error({"prepare", p5}),
             Catch::StartsWith(p5 + ":1: key 'tablespace': 'bad-name' is not a valid"));
}

TEST_CASE("options: a missing props file is a usage error naming it", "[config][options]") {
  CHECK_THAT(usage_error({"run", "/nonexistent/dir/props.pg"}),
             Catch::Contains("/nonexistent/dir/props.pg"));
}

TEST_CASE("options: unknown props keys are warnings with file:line, not errors",
          "[config][options]") {
  TempDir dir;
  const auto path = dir.write("props.pg",
                              "warehouses=2\nwarehuoses=3\ndb=postgres\ndriver=x\n"
                              "osCollectorSSHAddr=u@h\nfileLocation=/tmp/csv\n");
  std::string warnings;
  const Config c = parse({"prepare", path}, &warnings);
  CHECK(c.warehouses == 2);
  CHECK_THAT(warnings, Catch::Contains(path + ":2: warning: unknown key 'warehuoses' ignored; "
                                              "did you mean warehouses?"));
  // db and driver only name what libpq is; the others say why they do nothing.
  CHECK_THAT(warnings, !Catch::Contains("'db'") && !Catch::Contains("driver"));
  CHECK_THAT(warnings, Catch::Contains(path + ":5: warning: osCollectorSSHAddr: ignored; tpcc "
                                              "does not collect OS statistics"));
  CHECK_THAT(warnings, Catch::Contains(path + ":6: warning: fileLocation: ignored; tpcc loads "
                                              "straight into the database"));
}

TEST_CASE("options: our flag names are props keys too", "[config][options]") {
  TempDir dir;
  const auto path = dir.write("ours.props",
                              "load-method=insert\nbatch-rows=250\nseed=7\nprofile=ro\n"
                              "mode=statements\nisolation=rr\nkeying-think=true\n"
                              "think-multiplier=0.5\nreport-interval=2\nresult-dir=out\n"
                              "duration=90\nwarmup=10\nterminals=8\nconnections=4\n"
                              "no-check=true\n"
                              "partitions=4\n");
  std::string warnings;
  const Config c = parse({"run", path}, &warnings);
  CHECK(warnings.empty());
  CHECK(c.load_method == tpcc::LoadMethod::Insert);
  CHECK(c.insert_batch_rows == 250);
  CHECK(c.seed == 7);
  CHECK(c.seed_given);
  CHECK(c.profile == tpcc::Profile::ReadOnly);
  CHECK(c.mix == Mix{0, 0, 50, 0, 50});
  CHECK(c.mode == tpcc::Mode::Statements);
  CHECK(c.isolation == tpcc::Isolation::RepeatableRead);
  CHECK(c.keying_and_thinking);
  CHECK(c.think_multiplier == Approx(0.5));
  CHECK(c.report_interval_seconds == 2);
  CHECK(c.result_dir == "out");
  CHECK(c.duration_seconds == 90);
  CHECK(c.warmup_seconds == 10);
  CHECK(c.connections == 4);
  CHECK(c.no_check);
  CHECK(c.partitions == 4);
}
