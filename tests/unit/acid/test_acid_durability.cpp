// 3.5.3 `tpcc acid --durability` without a database: its options, what it
// reads from a data directory's postmaster.pid and postmaster.opts, and its
// part of acid.json.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "acid/durability.hpp"
#include "acid/durability_settings.hpp"
#include "config/command_line/options.hpp"
#include "pgserver/data_dir_server.hpp"
#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::test::parse;
using tpcc::test::usage_error;

TEST_CASE("3.5.3 acid --durability takes --server-datadir, from flags or props",
          "[acid][durability]") {
  const tpcc::Config c = parse({"acid", "--durability", "--server-datadir", "/srv/pg/data"});
  CHECK(c.durability);
  CHECK(c.server_datadir == "/srv/pg/data");
  CHECK_FALSE(parse({"acid"}).durability);
  tpcc::test::TempDir dir;
  const tpcc::Config p =
      parse({"acid", dir.write("d.props", "durability=true\nserverDataDir=/d\n")});
  CHECK(p.durability);
  CHECK(p.server_datadir == "/d");
  CHECK(parse({"acid", dir.write("e.props", "durability=true\nserver-datadir=/e\n")})
            .server_datadir == "/e");
}

TEST_CASE("3.5.3 acid --durability without --server-datadir is refused, and the reverse",
          "[acid][durability]") {
  CHECK_THAT(usage_error({"acid", "--durability"}),
             Catch::StartsWith("--durability (props durability) crashes the server") &&
                 Catch::Contains("--server-datadir DIR") && Catch::Contains("--crash-command CMD"));
  CHECK(usage_error({"acid", "--server-datadir", "/d"}) ==
        "--server-datadir (props serverDataDir) is only for --durability and --condition "
        "restart");
  CHECK_THAT(usage_error({"run", "--durability"}),
             Catch::Contains("'--durability' is not for 'tpcc run'"));
}

TEST_CASE("3.5.3.3 acid --durability takes --crash-command and --restart-timeout",
          "[acid][durability]") {
  const tpcc::Config c = parse(
      {"acid", "--durability", "--crash-command", "virsh destroy db1", "--restart-timeout", "900"});
  CHECK(c.crash_command == "virsh destroy db1");
  CHECK(c.restart_timeout_seconds == 900);
  CHECK(parse({"acid", "--durability", "--crash-command", "x"}).restart_timeout_seconds == 600);
  tpcc::test::TempDir dir;
  const tpcc::Config p =
      parse({"acid", dir.write("c.props",
                               "durability=true\ncrashCommand=ipmitool power off\n"
                               "restartTimeout=30\n")});
  CHECK(p.crash_command == "ipmitool power off");
  CHECK(p.restart_timeout_seconds == 30);
  CHECK_THAT(
      usage_error({"acid", "--durability", "--crash-command", "x", "--server-datadir", "/d"}),
      Catch::Contains("two ways to crash the server: give one"));
  CHECK(usage_error({"acid", "--crash-command", "x"}) ==
        "--crash-command (props crashCommand) is only for --durability");
  CHECK_THAT(
      usage_error({"acid", "--durability", "--crash-command", "x", "--restart-timeout", "0"}),
      Catch::Contains("--restart-timeout"));
  const std::string help = tpcc::help_text(tpcc::Verb::Acid);
  CHECK_THAT(help, Catch::Contains("--crash-command") && Catch::Contains("--restart-timeout"));
}

TEST_CASE("3.5.3 acid --durability takes the run's terminals, mix and rollbacks for its load",
          "[acid][durability]") {
  const tpcc::Config c = parse({"acid", "--durability", "--server-datadir", "/d", "--terminals",
                                "6", "--mix", "50,50,0,0,0", "--rollback-percent", "0"});
  CHECK(c.terminals == 6);
  CHECK(c.mix == tpcc::test::Mix{50, 50, 0, 0, 0});
  CHECK(c.rollback_percent == 0);
  tpcc::test::TempDir dir;
  const tpcc::Config p =
      parse({"acid", dir.write("t.props", "durability=true\nserverDataDir=/d\nterminals=8\n")});
  CHECK(p.terminals == 8);
  // The defaults are the run's.
  const tpcc::DurabilityPlan plan;
  CHECK(plan.terminals == tpcc::Config{}.terminals);
  CHECK(plan.mix == tpcc::Config{}.mix);
  CHECK(plan.rollback_percent == 1);
  // The other ACID tests run their own transactions: the flags mean nothing there.
  CHECK(usage_error({"acid", "--terminals", "6"}) ==
        "--terminals: tpcc acid uses it only with --durability (the load at the crash)");
}

TEST_CASE("postmaster.pid: pid, data directory, port and socket directory", "[acid][durability]") {
  // As PostgreSQL 15 writes it (pidfile.h line order).
  const auto p = tpcc::parse_postmaster_pid(
      "4242\n/var/lib/postgresql/15/main\n1764547200\n5433\n/var/run/postgresql\n*\n"
      "  5433001     32768\nready   \n");
  REQUIRE(p);
  CHECK(p->pid == 4242);
  CHECK(p->data_dir == "/var/lib/postgresql/15/main");
  CHECK(p->port == 5433);
  CHECK(p->socket_dir == "/var/run/postgresql");
  // A server still starting has written its pid and directory only.
  CHECK_FALSE(tpcc::parse_postmaster_pid("4242\n/data\n"));
  CHECK_FALSE(tpcc::parse_postmaster_pid(""));
  CHECK_FALSE(tpcc::parse_postmaster_pid("x\n/data\n1\n5432\n"));
}

TEST_CASE("postmaster.opts: the program and the arguments of the last start",
          "[acid][durability]") {
  // A Debian cluster: the configuration lives outside the data directory,
  // so a restart needs the options it was started with.
  const auto debian = tpcc::parse_postmaster_opts(
      "/usr/lib/postgresql/15/bin/postgres \"-D\" \"/var/lib/postgresql/15/main\" \"-c\" "
      "\"config_file=/etc/postgresql/15/main/postgresql.conf\"\n");
  REQUIRE(debian);
  CHECK(debian->program == "/usr/lib/postgresql/15/bin/postgres");
  CHECK(debian->arguments ==
        "\"-D\" \"/var/lib/postgresql/15/main\" \"-c\" "
        "\"config_file=/etc/postgresql/15/main/postgresql.conf\"");
  const auto bare = tpcc::parse_postmaster_opts("/opt/pg/bin/postgres\n");
  REQUIRE(bare);
  CHECK(bare->program == "/opt/pg/bin/postgres");
  CHECK(bare->arguments.empty());
  CHECK_FALSE(tpcc::parse_postmaster_opts(""));
  CHECK_FALSE(
      tpcc::parse_postmaster_opts("postgres \"-D\" \"/d\"\n"));  // no directory to find pg_ctl
}

TEST_CASE("live_parent_pid: this process's parent, nothing for a process that is not there",
          "[acid][durability]") {
  CHECK(tpcc::live_parent_pid(::getpid()) == ::getppid());
  CHECK_FALSE(tpcc::live_parent_pid(0));
  CHECK_FALSE(tpcc::live_parent_pid(-1));
}

TEST_CASE("3.5.3 acid.json's durability object holds the counts and the missing transactions",
          "[acid][durability]") {
  tpcc::DurabilityReport r;
  r.new_orders = 10;
  r.payments = 8;
  r.deliveries = 1;
  r.found = 18;
  r.missing = {"Payment of 12.34 by customer 1/2/3 at district 1/2"};
  r.in_flight = {"New-Order", "Payment"};
  r.orders_before = 30000;
  r.orders_after = 30010;
  r.restarted = true;
  r.hazards = {"fsync=off (...)"};
  r.consistency = {"3.3.2", "consistency after recovery", true, "11 of 12 conditions hold"};
  const auto j = nlohmann::json::parse(tpcc::durability_json(r));
  CHECK(j.at("committed_logged").at("total") == 19);
  CHECK(j.at("committed_logged").at("delivery") == 1);
  CHECK(j.at("found_after_recovery") == 18);
  CHECK(j.at("missing").at(0) == r.missing[0]);
  CHECK(j.at("in_flight_at_crash").size() == 2);
  CHECK(j.at("orders_after") == 30010);
  CHECK(j.at("consistency_after_recovery").at("passed") == true);
  CHECK(j.at("restarted") == true);
  CHECK(j.at("power_loss_hazards").at(0) == "fsync=off (...)");
}

TEST_CASE("3.5.3 settings that cannot survive a power loss are each named, the others pass",
          "[acid][durability]") {
  CHECK(tpcc::power_loss_hazards({"on", "on", "on"}).empty());
  for (const char* level : {"local", "remote_write", "remote_apply"}) {
    INFO(level);
    CHECK(tpcc::power_loss_hazards({"on", level, "on"}).empty());
  }
  const auto fsync = tpcc::power_loss_hazards({"off", "on", "on"});
  REQUIRE(fsync.size() == 1);
  CHECK_THAT(fsync[0], Catch::StartsWith("fsync=off ("));
  const auto commit = tpcc::power_loss_hazards({"on", "off", "on"});
  REQUIRE(commit.size() == 1);
  CHECK_THAT(commit[0], Catch::StartsWith("synchronous_commit=off ("));
  const auto pages = tpcc::power_loss_hazards({"on", "on", "off"});
  REQUIRE(pages.size() == 1);
  CHECK_THAT(pages[0], Catch::StartsWith("full_page_writes=off ("));
  CHECK(tpcc::power_loss_hazards({"off", "off", "off"}).size() == 3);
  CHECK(tpcc::settings_text({"on", "local", "off"}) ==
        "fsync=on, synchronous_commit=local, full_page_writes=off");
}
