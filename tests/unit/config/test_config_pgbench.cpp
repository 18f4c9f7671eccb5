// --workload pgbench on the command line (workloads/pgbench/config/pgbench_settings.cpp,
// workloads/pgbench/config/pgbench_finish.cpp): the scale and fillfactor pgbench's tables
// take, the scripts and definitions in the order given, and the refusals.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/conn/conninfo.hpp"
#include "config/names.hpp"
#include "tests/unit/config_test_support.hpp"

using tpcc::Config;
using tpcc::WorkloadKind;
using tpcc::test::parse;
using tpcc::test::usage_error;

TEST_CASE("pgbench options: the workload, its scale and fillfactor", "[config][pgbench]") {
  const Config c =
      parse({"prepare", "--workload", "pgbench", "--scale", "7", "--fillfactor", "80"});
  CHECK(c.workload == WorkloadKind::Pgbench);
  CHECK(tpcc::workload_name(c) == "pgbench");
  CHECK(c.pgbench.scale == 7);
  CHECK(c.pgbench.scale_given);
  CHECK(c.pgbench.fillfactor == 80);
  const Config defaults = parse({"prepare", "--workload", "pgbench"});
  CHECK(defaults.pgbench.scale == 1);
  CHECK_FALSE(defaults.pgbench.scale_given);
  CHECK(defaults.pgbench.fillfactor == 100);
}

TEST_CASE("pgbench options: scripts and definitions in the order given", "[config][pgbench]") {
  const Config c = parse({"run", "--workload", "pgbench", "--builtin", "select-only@2", "--file",
                          "rw.sql", "--define", "range=50000", "--define", "scale=1"});
  REQUIRE(c.pgbench.scripts.size() == 2);
  CHECK(c.pgbench.scripts[0].builtin);
  CHECK(c.pgbench.scripts[0].spec == "select-only@2");
  CHECK_FALSE(c.pgbench.scripts[1].builtin);
  CHECK(c.pgbench.scripts[1].spec == "rw.sql");
  CHECK(c.pgbench.defines == std::vector<std::string>{"range=50000", "scale=1"});
  CHECK_FALSE(c.keying_and_thinking);
}

TEST_CASE("pgbench options: refusals name the flag", "[config][pgbench]") {
  CHECK(usage_error({"prepare", "--workload", "pgbench", "--fillfactor", "stock=80"})
            .find("--fillfactor") != std::string::npos);
  CHECK(
      usage_error({"prepare", "--workload", "pgbench", "--warehouses", "3"}).find("--warehouses") !=
      std::string::npos);
  CHECK(usage_error({"prepare", "--workload", "pgbench", "--tables", "3"}).find("--tables") !=
        std::string::npos);
  CHECK(usage_error({"run", "--workload", "pgbench", "--point-selects", "3"})
            .find("--point-selects") != std::string::npos);
  CHECK(usage_error({"run", "--builtin", "tpcb-like"}).find("--builtin") != std::string::npos);
  CHECK(usage_error({"run", "--workload", "oltp_read_write", "--define", "x=1"}).find("--define") !=
        std::string::npos);
}

TEST_CASE("pgbench options: --partitions and --partition-method as pgbench takes them",
          "[config][pgbench]") {
  const Config plain = parse({"prepare", "--workload", "pgbench"});
  CHECK(plain.pgbench.partitions == 0);
  CHECK(plain.pgbench.partition_method == tpcc::PgbenchPartitionMethod::None);
  const Config range = parse({"prepare", "--workload", "pgbench", "--partitions", "3"});
  CHECK(range.pgbench.partitions == 3);
  CHECK(range.pgbench.partition_method == tpcc::PgbenchPartitionMethod::Range);
  const Config hash = parse({"pgbench", "-i", "--partitions=4", "--partition-method", "hash"});
  CHECK(hash.pgbench.partitions == 4);
  CHECK(hash.pgbench.partition_method == tpcc::PgbenchPartitionMethod::Hash);

  CHECK(usage_error({"prepare", "--workload", "pgbench", "--partition-method", "hash"})
            .find("--partition-method") != std::string::npos);
  CHECK(usage_error({"prepare", "--workload", "pgbench", "--partitions", "-1"})
            .find("--partitions") != std::string::npos);
  CHECK(usage_error(
            {"prepare", "--workload", "pgbench", "--partitions", "2", "--partition-method", "list"})
            .find("--partition-method") != std::string::npos);
  CHECK(usage_error({"prepare", "--partition-method", "hash"}).find("--partition-method") !=
        std::string::npos);
}

TEST_CASE("pgbench options: --latency-limit, pgbench's -L, for pgbench's runs only",
          "[config][pgbench]") {
  CHECK(parse({"run", "--workload", "pgbench"}).pgbench.latency_limit_ms == 0);
  const Config run = parse({"pgbench", "-L", "2.5", "-R", "100", "-t", "5", "bench"});
  CHECK(run.pgbench.latency_limit_ms == 2.5);
  CHECK(run.rate_tpm == 6000);
  CHECK(parse({"pgbench", "--latency-limit=10", "bench"}).pgbench.latency_limit_ms == 10);
  CHECK(usage_error({"run", "--workload", "pgbench", "--latency-limit", "0"})
            .find("--latency-limit") != std::string::npos);
  CHECK(usage_error({"run", "--latency-limit", "10"}).find("--latency-limit") != std::string::npos);
  CHECK(usage_error({"run", "--workload", "oltp_read_only", "--latency-limit", "10"})
            .find("--latency-limit") != std::string::npos);
}

TEST_CASE("pgbench's command line: tpcc pgbench -i and a run line", "[config][pgbench]") {
  const Config init = parse({"pgbench", "-i", "-s", "10", "-F90", "-q", "bench"});
  CHECK(init.verb == tpcc::Verb::Prepare);
  CHECK(init.workload == WorkloadKind::Pgbench);
  CHECK(init.pgbench.scale == 10);
  CHECK(init.pgbench.fillfactor == 90);
  CHECK(init.conninfo.find("dbname=bench") != std::string::npos);

  const Config run =
      parse({"pgbench", "-c",       "16",   "-j", "4",        "-T", "60",        "-P",   "5",
             "-M",      "extended", "-S",   "-f", "rw.sql@2", "-D", "range=500", "-R",   "100",
             "-n",      "-h",       "/tmp", "-p", "5433",     "-U", "bob",       "bench"});
  CHECK(run.verb == tpcc::Verb::Run);
  CHECK(run.terminals == 16);
  CHECK(run.duration_seconds == 60);
  CHECK(run.txns_per_terminal == 0);
  CHECK(run.report_interval_seconds == 5);
  CHECK(run.pgbench.progress_seconds == 5);
  CHECK(run.query_mode == tpcc::QueryMode::Extended);
  CHECK(run.rate_tpm == 6000);
  REQUIRE(run.pgbench.scripts.size() == 2);
  CHECK(run.pgbench.scripts[0].spec == "select-only");
  CHECK(run.pgbench.scripts[1].spec == "rw.sql@2");
  CHECK(run.pgbench.defines == std::vector<std::string>{"range=500"});
  CHECK(run.conninfo.find("port=5433") != std::string::npos);
  CHECK(run.conninfo.find("user=bob") != std::string::npos);
  CHECK(run.jobs == 4);
  CHECK(run.pgbench.no_vacuum);
  CHECK_FALSE(run.pgbench.vacuum_all);
  CHECK(parse({"pgbench", "-v", "bench"}).pgbench.vacuum_all);
  CHECK_FALSE(parse({"pgbench", "bench"}).pgbench.no_vacuum);

  // pgbench's defaults: one client, ten transactions, no progress lines,
  // the simple protocol.
  const Config plain = parse({"pgbench", "-N", "bench"});
  CHECK(plain.terminals == 1);
  CHECK(plain.txns_per_terminal == 10);
  CHECK(plain.pgbench.progress_seconds == 0);
  CHECK(plain.query_mode == tpcc::QueryMode::Simple);
  CHECK(plain.pgbench.scripts.at(0).spec == "simple-update");
}

TEST_CASE("pgbench's command line: unknown options and missing values name the flag",
          "[config][pgbench]") {
  CHECK(usage_error({"pgbench", "-Z", "bench"}).find("-Z: not a pgbench option") !=
        std::string::npos);
  CHECK(usage_error({"pgbench", "bench", "-c"}).find("-c: needs a value") != std::string::npos);
  CHECK(usage_error({"pgbench", "-R", "fast", "bench"}).find("-R fast") != std::string::npos);
  CHECK(usage_error({"pgbench", "a", "b"}).find("b: a second database name") != std::string::npos);
  CHECK(usage_error({"pgbench", "-c", "x", "bench"}).find("--terminals") != std::string::npos);
}

TEST_CASE("pgbench's command line: the database argument may be a connection string or a URI",
          "[config][pgbench]") {
  const Config words = parse({"pgbench", "-S", "host=db1 port=6000 dbname=bench user=ann"});
  CHECK(tpcc::conninfo_value(words.conninfo, "host") == "db1");
  CHECK(tpcc::conninfo_value(words.conninfo, "port") == "6000");
  CHECK(tpcc::conninfo_value(words.conninfo, "dbname") == "bench");
  CHECK(tpcc::conninfo_value(words.conninfo, "user") == "ann");
  const Config uri = parse({"pgbench", "-S", "postgresql://ann@db2:6001/bench"});
  CHECK(tpcc::conninfo_value(uri.conninfo, "host") == "db2");
  CHECK(tpcc::conninfo_value(uri.conninfo, "dbname") == "bench");
  // As libpq takes them from pgbench: what the string names wins over
  // -h, -p and -U; what it leaves out, they give.
  const Config both =
      parse({"pgbench", "-h", "other", "-p", "7000", "-U", "bob", "-S", "host=db1 dbname=bench"});
  CHECK(tpcc::conninfo_value(both.conninfo, "host") == "db1");
  CHECK(tpcc::conninfo_value(both.conninfo, "port") == "7000");
  CHECK(tpcc::conninfo_value(both.conninfo, "user") == "bob");
  CHECK(tpcc::conninfo_value(both.conninfo, "dbname") == "bench");
  // A password in a second database argument is not shown.
  const std::string refused = usage_error({"pgbench", "bench", "dbname=b password=secret1"});
  CHECK(refused.find("a second database name") != std::string::npos);
  CHECK(refused.find("secret1") == std::string::npos);
}
