// sysbench-tpcc's command line (workloads/sysbench/config/sysbench_settings.cpp,
// workloads/sysbench/config/sysbench_finish.cpp, config/command_line/command_word.cpp): the seed's
// three command lines, what each flag maps to, the layers, and every refusal.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "config/command_line/command_word.hpp"
#include "config/command_line/options.hpp"
#include "config/effective.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Config;
using tpcc::test::parse;
using tpcc::test::TempDir;
using tpcc::test::usage_error;

namespace {

using Args = std::vector<std::string>;

// The seed's connection and workload flags, the command word last, as
// sysbench-tpcc is run (port changed).
const Args kSeedCommon = {"--pgsql-host=/tmp",   "--pgsql-port=1921", "--pgsql-user=postgres",
                          "--pgsql-db=postgres", "--threads=64",      "--tables=10",
                          "--scale=100",         "--trx_level=RC"};

Args seed_line(const Args& extra, const std::string& command) {
  Args args = kSeedCommon;
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(command);
  return args;
}

bool has_note(const Config& c, const std::string& text) {
  return std::find(c.notes.begin(), c.notes.end(), text) != c.notes.end();
}

}  // namespace

// --- the seed's three command lines ------------------------------------------

TEST_CASE("sysbench: the seed's prepare line loads tables x scale warehouses with threads workers",
          "[config][sysbench]") {
  const Config c = parse(seed_line({"--db-ps-mode=auto", "--db-driver=pgsql"}, "prepare"));
  CHECK(c.verb == tpcc::Verb::Prepare);
  CHECK(c.conninfo == "host=/tmp port=1921 user=postgres dbname=postgres");
  CHECK(c.load_workers == 64);
  CHECK(c.warehouses == 1000);
  CHECK(has_note(c, "sysbench --tables 10 × --scale 100: 1000 warehouses in one set of tables"));
  // prepare has no use for the isolation level or the statement mode.
  CHECK(has_note(c, "sysbench flags without effect on prepare: --trx_level, --db-ps-mode"));
}

TEST_CASE("sysbench: the seed's run line sets terminals, duration, interval and isolation",
          "[config][sysbench]") {
  const Config c = parse(seed_line(
      {"--db-ps-mode=auto", "--db-driver=pgsql", "--time=3000", "--report-interval=1"}, "run"));
  CHECK(c.verb == tpcc::Verb::Run);
  CHECK(c.conninfo == "host=/tmp port=1921 user=postgres dbname=postgres");
  CHECK(c.terminals == 64);
  CHECK(c.duration_seconds == 3000);
  CHECK(c.report_interval_seconds == 1);
  CHECK(c.isolation == tpcc::Isolation::ReadCommitted);
  CHECK(c.warehouses == 1000);
  // run checks the loaded count against it (app/run_command.cpp).
  CHECK(c.warehouses_from_sysbench == "--tables 10 × --scale 100");
  CHECK(c.notes.size() == 1);
}

TEST_CASE("sysbench: the seed's cleanup line is accepted and says which flags do nothing",
          "[config][sysbench]") {
  const Config c = parse(seed_line({"--db-driver=pgsql"}, "cleanup"));
  CHECK(c.verb == tpcc::Verb::Cleanup);
  CHECK(c.conninfo == "host=/tmp port=1921 user=postgres dbname=postgres");
  CHECK(c.notes == std::vector<std::string>{
                       "sysbench flags without effect on cleanup: --threads, --tables, --scale, "
                       "--trx_level"});
  CHECK(c.warehouses_from_sysbench.empty());
}

// --- the command word ------------------------------------------------------------

TEST_CASE("sysbench: the command word may come last, or anywhere, when it is the one positional",
          "[config][sysbench]") {
  using tpcc::command_word_first;
  CHECK(command_word_first({"--threads=2", "run"}) == Args{"run", "--threads=2"});
  CHECK(command_word_first({"--threads=2", "cleanup", "--time=5"}) ==
        Args{"cleanup", "--threads=2", "--time=5"});
  // A flag's separate value is not a positional.
  CHECK(command_word_first({"--report-interval", "5", "run"}) ==
        Args{"run", "--report-interval", "5"});
  CHECK(command_word_first({"--props", "run", "prepare"}) == Args{"prepare", "--props", "run"});
  // Unchanged: the command already first, two positionals, or a command
  // sysbench does not have.
  CHECK(command_word_first({"run", "--threads=2"}) == Args{"run", "--threads=2"});
  CHECK(command_word_first({"--threads=2", "run", "my.props"}) ==
        Args{"--threads=2", "run", "my.props"});
  CHECK(command_word_first({"--after-load", "check"}) == Args{"--after-load", "check"});
  CHECK(command_word_first({"--version"}) == Args{"--version"});

  CHECK(parse({"--report-interval", "5", "run"}).report_interval_seconds == 5);
  CHECK_THROWS_WITH(
      parse({"--threads=2", "run", "my.props"}),
      Catch::Contains("unknown command '--threads=2'") && Catch::Contains("may also come last"));
  CHECK_THROWS_WITH(parse({"--threads=2"}), Catch::Contains("unknown command"));
}

// --- what each flag maps to --------------------------------------------------------

TEST_CASE("sysbench: trx_level RC, RR and SER are the isolation levels, nothing else",
          "[config][sysbench]") {
  CHECK(parse({"run", "--trx_level=RC"}).isolation == tpcc::Isolation::ReadCommitted);
  CHECK(parse({"run", "--trx_level=RR"}).isolation == tpcc::Isolation::RepeatableRead);
  CHECK(parse({"run", "--trx_level=SER"}).isolation == tpcc::Isolation::Serializable);
  CHECK_THAT(usage_error({"run", "--trx_level=rc"}), Catch::StartsWith("--trx_level: 'rc'"));
  // The hyphenated spelling is not sysbench's.
  CHECK_THAT(usage_error({"run", "--trx-level=RC"}), Catch::Contains("unknown option"));
}

TEST_CASE("sysbench: --tables or --scale alone takes sysbench-tpcc's default for the other",
          "[config][sysbench]") {
  const Config tables = parse({"prepare", "--tables=3"});
  CHECK(tables.warehouses == 30);
  CHECK(has_note(tables,
                 "sysbench --tables 3 × --scale 10 (sysbench-tpcc's default): 30 "
                 "warehouses in one set of tables"));
  CHECK(parse({"prepare", "--scale=7"}).warehouses == 7);
  CHECK_THAT(usage_error({"prepare", "--tables=100000", "--scale=100000"}),
             Catch::Contains("10000000000 warehouses, too many"));
  CHECK_THAT(usage_error({"prepare", "--scale=0"}),
             Catch::StartsWith("--scale: 0 is out of range"));
}

TEST_CASE("sysbench: --db-driver must be pgsql", "[config][sysbench]") {
  CHECK_NOTHROW(parse({"run", "--db-driver=pgsql"}));
  CHECK_THAT(usage_error({"run", "--db-driver=mysql"}),
             Catch::StartsWith("--db-driver: 'mysql' is not supported") &&
                 Catch::Contains("PostgreSQL only"));
}

TEST_CASE("sysbench: --db-ps-mode auto is the prepared query mode, disable the simple one",
          "[config][sysbench]") {
  const Config auto_mode = parse({"run", "--db-ps-mode=auto"});
  CHECK(auto_mode.notes.empty());
  CHECK(auto_mode.query_mode == tpcc::QueryMode::Prepared);
  const Config disabled = parse({"run", "--db-ps-mode=disable"});
  CHECK(disabled.notes.empty());
  CHECK(disabled.query_mode == tpcc::QueryMode::Simple);
  CHECK(parse({"run", "--db-ps-mode=disable", "--query-mode=simple"}).query_mode ==
        tpcc::QueryMode::Simple);
  CHECK_THAT(usage_error({"run", "--db-ps-mode=disable", "--query-mode=prepared"}),
             Catch::Contains("--db-ps-mode simple and --query-mode prepared disagree"));
  CHECK_THAT(usage_error({"run", "--db-ps-mode=off"}), Catch::StartsWith("--db-ps-mode: 'off'"));
}

TEST_CASE("sysbench: --time is the duration and sysbench's 0 (no limit) is refused",
          "[config][sysbench]") {
  CHECK(parse({"run", "--time=5"}).duration_seconds == 5);
  CHECK_THAT(usage_error({"run", "--time=0"}), Catch::StartsWith("--time: 0 is out of range"));
}

TEST_CASE("sysbench: --report-format takes tpcc or sysbench", "[config][sysbench]") {
  CHECK(parse({"run"}).report_format == tpcc::ReportFormat::Tpcc);
  CHECK(parse({"run", "--report-format=sysbench"}).report_format == tpcc::ReportFormat::Sysbench);
  CHECK_THAT(usage_error({"run", "--report-format=json"}),
             Catch::StartsWith("--report-format: 'json'"));
  CHECK_THAT(tpcc::effective_config_json(parse({"run", "--report-format", "sysbench"})),
             Catch::Contains("\"report_format\": \"sysbench\""));
}

// --- an alias beside tpcc's own option ----------------------------------------------

TEST_CASE("sysbench: an alias and tpcc's option that disagree on the command line are refused",
          "[config][sysbench]") {
  CHECK_THAT(usage_error({"run", "--threads=64", "--terminals=10"}),
             Catch::Contains("--threads 64 and --terminals 10 disagree"));
  CHECK_THAT(usage_error({"prepare", "--threads=4", "--load-workers=2"}),
             Catch::Contains("--threads 4 and --load-workers 2 disagree"));
  CHECK_THAT(usage_error({"prepare", "--scale=100", "--warehouses=5"}),
             Catch::Contains("--scale 100") && Catch::Contains("--warehouses 5 disagree"));
  CHECK_THAT(usage_error({"run", "--time=60", "--duration=30"}),
             Catch::Contains("--time 60 and --duration 30 disagree"));
  CHECK_THAT(usage_error({"run", "--trx_level=SER", "--isolation=rc"}),
             Catch::Contains("--trx_level serializable and --isolation rc disagree"));
  // The same value twice is no disagreement.
  CHECK(parse({"run", "--threads=10", "--terminals=10"}).terminals == 10);
  CHECK(parse({"prepare", "--tables=2", "--scale=5", "--warehouses=10"}).warehouses == 10);
}

TEST_CASE("sysbench: a flag beats the props file's value of the same thing", "[config][sysbench]") {
  TempDir dir;
  const auto props = dir.write("p.props",
                               "conn=host=db1 port=5432 dbname=tpcc\nuser=bench\n"
                               "terminals=10\nwarehouses=5\nisolation=serializable\n");
  const Config c = parse({"--props", props, "--pgsql-host=/tmp", "--pgsql-user=postgres",
                          "--threads=3", "--tables=1", "--scale=2", "--trx_level=RR", "run"});
  CHECK(c.conninfo == "host=/tmp port=5432 dbname=tpcc user=postgres");
  CHECK(c.terminals == 3);
  CHECK(c.warehouses == 2);
  CHECK(c.isolation == tpcc::Isolation::RepeatableRead);
  // A props key of the sysbench name is under a flag of tpcc's name.
  const auto sb_props = dir.write("sb.props", "threads=8\npgsql-port=6000\n");
  const Config d = parse({"run", sb_props, "--terminals=4", "--conn=port=7000"});
  CHECK(d.terminals == 4);
  CHECK(d.conninfo == "port=7000");
}

// --- the connection ----------------------------------------------------------------

TEST_CASE(
    "sysbench: --pgsql-* parts fill in a --conn that leaves them out, and refuse one "
    "that names them otherwise",
    "[config][sysbench]") {
  CHECK(parse({"run", "--conn=host=db1", "--pgsql-port=1921"}).conninfo == "host=db1 port=1921");
  CHECK(parse({"run", "--conn=host=/tmp", "--pgsql-host=/tmp"}).conninfo == "host=/tmp");
  CHECK_THAT(usage_error({"run", "--conn=host=db1", "--pgsql-host=/tmp"}),
             Catch::Contains("--pgsql-host /tmp and --conn (host=db1) name different hosts"));
  CHECK_THAT(usage_error({"run", "--conn=postgresql://db1/tpcc", "--pgsql-db=postgres"}),
             Catch::Contains("name different databases"));
  // Without any connection string the parts alone make one; libpq takes
  // the rest from the PG* environment.
  CHECK(parse({"check", "--pgsql-db=bench"}).conninfo == "dbname=bench");
}

TEST_CASE("sysbench: a props URI is rewritten as key=value text to take a socket directory",
          "[config][sysbench]") {
  TempDir dir;
  const auto props = dir.write("p.props", "conn=postgresql://bench@db1:5433/tpcc\n");
  const Config c = parse({"run", props, "--pgsql-host=/tmp"});
  CHECK_THAT(c.conninfo, Catch::Contains("host=/tmp") && Catch::Contains("port=5433") &&
                             Catch::Contains("dbname=tpcc") && Catch::Contains("user=bench"));
  CHECK_THAT(c.conninfo, !Catch::Contains("db1"));
}

TEST_CASE("sysbench: --pgsql-port and the other parts refuse what libpq would drop",
          "[config][sysbench]") {
  CHECK_THAT(usage_error({"run", "--pgsql-port=abc"}), Catch::StartsWith("--pgsql-port: 'abc'"));
  CHECK_THAT(usage_error({"run", "--pgsql-port=70000"}), Catch::StartsWith("--pgsql-port"));
  CHECK_THAT(usage_error({"run", "--pgsql-host="}), Catch::Contains("'--pgsql-host'"));
  CHECK_THAT(usage_error({"run", "--pgsql-db", ""}),
             Catch::StartsWith("--pgsql-db: needs a value"));
  TempDir dir;
  const auto props = dir.write("p.props", "pgsql-user=\n");
  CHECK_THAT(usage_error({"run", props}), Catch::Contains("key 'pgsql-user': needs a value"));
  // sysbench's default password is empty: none, also written "--pgsql-password=".
  CHECK(parse({"run", "--pgsql-password="}).conninfo.empty());
  CHECK(parse({"run", "--pgsql-password=", "--pgsql-db=x"}).conninfo == "dbname=x");
}

TEST_CASE("sysbench: --pgsql-password reaches libpq but never a message or the saved config",
          "[config][sysbench]") {
  const Config c = parse({"run", "--pgsql-user=bench", "--pgsql-password=s3cret-pw"});
  CHECK_THAT(c.conninfo, Catch::Contains("password=s3cret-pw"));
  CHECK_THAT(tpcc::effective_config_json(c), !Catch::Contains("s3cret-pw"));
  const std::string error =
      usage_error({"run", "--conn=password=other-pw", "--pgsql-password=s3cret-pw"});
  CHECK_THAT(error, Catch::Contains("--pgsql-password and --conn name different passwords"));
  CHECK_THAT(error, !Catch::Contains("s3cret-pw") && !Catch::Contains("other-pw"));
}

TEST_CASE("sysbench: the help explains every sysbench flag", "[config][sysbench]") {
  const std::string help = tpcc::help_text(std::nullopt);
  for (const char* flag :
       {"--pgsql-host HOST", "--pgsql-port PORT", "--pgsql-user NAME", "--pgsql-password SECRET",
        "--pgsql-db NAME", "--threads N", "--tables N", "--scale N", "--time SEC",
        "--trx_level RC|RR|SER", "--db-driver pgsql", "--db-ps-mode auto|disable",
        "--report-format tpcc|sysbench"}) {
    CHECK_THAT(help, Catch::Contains(flag));
  }
  CHECK_THAT(help, Catch::Contains("prepare|run|cleanup"));
}
