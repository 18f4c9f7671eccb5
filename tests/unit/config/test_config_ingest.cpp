// The ingest workload's command line (workloads/ingest/config/ingest_settings.cpp,
// workloads/ingest/config/ingest_finish.cpp): its options and defaults, --tablespace as a
// list, --terminals at prepare, and every refusal.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "config/effective.hpp"
#include "config/names.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::test::parse;
using tpcc::test::usage_error;

TEST_CASE("ingest options: defaults, values and config.json", "[ingest]") {
  const Config defaults = parse({"run", "--workload", "ingest"});
  CHECK(defaults.workload == tpcc::WorkloadKind::Ingest);
  CHECK(tpcc::workload_name(defaults) == "ingest");
  CHECK(defaults.ingest.tables == 0);
  CHECK(defaults.ingest.rows == 100);
  CHECK(defaults.ingest.row_bytes == 360);
  CHECK(defaults.ingest.method == tpcc::IngestMethod::Insert);
  CHECK_FALSE(defaults.ingest.unlogged);
  CHECK_FALSE(defaults.keying_and_thinking);

  const Config c =
      parse({"run", "--workload", "ingest", "--ingest-tables", "3", "--ingest-rows", "500",
             "--ingest-row-bytes", "1000", "--ingest-method", "copy", "--terminals", "8"});
  CHECK(c.ingest.tables == 3);
  CHECK(c.ingest.rows == 500);
  CHECK(c.ingest.row_bytes == 1000);
  CHECK(c.ingest.method == tpcc::IngestMethod::Copy);
  const Config back =
      tpcc::config_from_effective_json(nlohmann::json::parse(tpcc::effective_config_json(c)));
  CHECK(back.workload == tpcc::WorkloadKind::Ingest);
  CHECK(back.ingest.rows == 500);
  CHECK(back.ingest.method == tpcc::IngestMethod::Copy);

  const Config prepare = parse({"prepare", "--workload", "ingest", "--unlogged", "--tablespace",
                                "a,b,c", "--terminals", "128"});
  CHECK(prepare.ingest.unlogged);
  CHECK(prepare.terminals == 128);
  CHECK(prepare.tablespace_names == std::vector<std::string>{"a", "b", "c"});
}

TEST_CASE("ingest options: the props keys are the flags' names", "[ingest]") {
  tpcc::test::TempDir dir;
  const auto props =
      dir.write("ingest.props", "workload=ingest\ningest-rows=250\ningest-method=copy\n");
  const Config c = parse({"run", props});
  CHECK(c.workload == tpcc::WorkloadKind::Ingest);
  CHECK(c.ingest.rows == 250);
  CHECK(c.ingest.method == tpcc::IngestMethod::Copy);
}

TEST_CASE("ingest options: bad values name their flag", "[ingest]") {
  CHECK_THAT(usage_error({"run", "--workload", "ingest", "--ingest-rows", "0"}),
             Catch::Contains("--ingest-rows"));
  CHECK_THAT(usage_error({"run", "--workload", "ingest", "--ingest-row-bytes", "40"}),
             Catch::Contains("--ingest-row-bytes"));
  CHECK_THAT(usage_error({"run", "--workload", "ingest", "--ingest-row-bytes", "8001"}),
             Catch::Contains("--ingest-row-bytes"));
  CHECK_THAT(usage_error({"run", "--workload", "ingest", "--ingest-method", "merge"}),
             Catch::Contains("--ingest-method"));
}

TEST_CASE("ingest options: refused beside the other workloads' options", "[ingest]") {
  CHECK_THAT(usage_error({"prepare", "--workload", "ingest", "--warehouses", "2"}),
             Catch::Contains("--warehouses is TPC-C's; --workload ingest does not take it"));
  CHECK_THAT(usage_error({"run", "--workload", "ingest", "--table-size", "10"}),
             Catch::Contains("--table-size is sysbench's oltp tests'; --workload ingest does "
                             "not take it"));
  CHECK_THAT(usage_error({"run", "--workload", "ingest", "--standby-conn", "host=standby"}),
             Catch::Contains("--standby-conn is TPC-C's, sysbench's oltp tests', pgbench's and "
                             "CH-benCHmark's; --workload ingest does not take it"));
  CHECK_THAT(usage_error({"run", "--ingest-rows", "10"}),
             Catch::Contains("--ingest-rows is the ingest workload's; the workload tpcc (the "
                             "default) does not take it; give --workload ingest"));
  CHECK_THAT(usage_error({"run", "--workload", "oltp_insert", "--ingest-tables", "2"}),
             Catch::Contains("--workload oltp_insert does not take it"));
  CHECK(parse({"capacity", "--workload", "ingest"}).workload == tpcc::WorkloadKind::Ingest);
}

TEST_CASE("ingest options: --repeat, and --ingest-checkpoint only with it", "[ingest]") {
  const Config c = parse({"run", "--workload", "ingest", "--repeat", "3", "--ingest-checkpoint"});
  CHECK(c.repeat == 3);
  CHECK(c.ingest.checkpoint);
  CHECK_FALSE(parse({"run", "--workload", "ingest", "--repeat", "2"}).ingest.checkpoint);
  CHECK_THAT(usage_error({"run", "--workload", "ingest", "--ingest-checkpoint"}),
             Catch::Contains("--ingest-checkpoint") && Catch::Contains("--repeat"));
  CHECK_THAT(usage_error({"run", "--repeat", "2", "--ingest-checkpoint"}),
             Catch::Contains("--ingest-checkpoint is the ingest workload's; the workload tpcc"));
}

TEST_CASE("ingest options: --tablespace is a list for ingest, pairs or one name for TPC-C",
          "[ingest]") {
  CHECK_THAT(usage_error({"prepare", "--workload", "ingest", "--tablespace", "stock=a"}),
             Catch::Contains("the ingest workload takes a list of tablespace names"));
  CHECK_THAT(usage_error({"prepare", "--tablespace", "a,b"}),
             Catch::Contains("a list of tablespaces is the ingest workload's"));
  CHECK(parse({"prepare", "--tablespace", "a"}).tablespace.at("*") == "a");
}

TEST_CASE("ingest options: prepare takes --terminals for a table per stream only", "[ingest]") {
  CHECK_THAT(usage_error({"prepare", "--terminals", "4"}),
             Catch::Contains("prepare takes the terminals only for the ingest workload"));
  CHECK_THAT(
      usage_error({"prepare", "--workload", "ingest", "--ingest-tables", "2", "--terminals", "4"}),
      Catch::Contains("--ingest-tables 0"));
}
