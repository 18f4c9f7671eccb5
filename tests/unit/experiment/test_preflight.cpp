// Pre-flight findings from the environment record: each fires on the
// setting or host fact it is about and stays silent otherwise.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "experiment/preflight.hpp"

namespace {

// A server on this host at PostgreSQL's defaults (nothing recorded as set),
// a 50 MB database, 16 GB of RAM, the performance governor, THP madvise.
tpcc::Environment server() {
  tpcc::Environment env;
  env.collected = true;
  env.database_bytes = 50LL * 1024 * 1024;
  env.memory_kb = 16LL * 1024 * 1024;
  env.server_on_this_host = true;
  env.cpu_governor = "performance";
  env.transparent_hugepages = "madvise";
  return env;
}

void set(tpcc::Environment& env, const std::string& name, const std::string& value,
         const std::string& unit = "") {
  env.settings.push_back({name, value, unit, "configuration file"});
}

// A 600 s run of 10 terminals and one delivery worker.
tpcc::PreflightRun run() {
  tpcc::PreflightRun r;
  r.run_connections = 11;
  r.kit_connections = 2;
  r.measured_seconds = 600;
  return r;
}

std::vector<tpcc::PreflightFinding> of(const std::vector<tpcc::PreflightFinding>& all,
                                       const std::string& check) {
  std::vector<tpcc::PreflightFinding> out;
  for (const auto& f : all) {
    if (f.check == check) out.push_back(f);
  }
  return out;
}

}  // namespace

TEST_CASE("pre-flight: durability off is not a durable server", "[preflight]") {
  CHECK(of(tpcc::preflight_findings(server(), run()), "durability").empty());
  tpcc::Environment env = server();
  set(env, "fsync", "off");
  set(env, "synchronous_commit", "off");
  const auto found = of(tpcc::preflight_findings(env, run()), "durability");
  REQUIRE(found.size() == 1);
  CHECK(found[0].severity == "warning");
  CHECK(found[0].text.find("not a durable server: fsync, synchronous_commit off") !=
        std::string::npos);
}

TEST_CASE("pre-flight: the database against shared_buffers and RAM", "[preflight]") {
  tpcc::Environment env = server();
  // The default 128 MB holds the 50 MB database.
  auto found = of(tpcc::preflight_findings(env, run()), "cache");
  REQUIRE(found.size() == 1);
  CHECK(found[0].text.find("fits in shared_buffers: a cached run") != std::string::npos);
  // 32 MB of buffers (4096 pages of 8 kB) do not; 16 GB of RAM does.
  set(env, "shared_buffers", "4096", "8kB");
  found = of(tpcc::preflight_findings(env, run()), "cache");
  REQUIRE(found.size() == 1);
  CHECK(found[0].text.find("fits in RAM") != std::string::npos);
  env.memory_kb = 10 * 1024;
  found = of(tpcc::preflight_findings(env, run()), "cache");
  REQUIRE(found.size() == 1);
  CHECK(found[0].text.find("larger than RAM") != std::string::npos);
  // Another host's RAM says nothing of the server's.
  env.server_on_this_host = false;
  CHECK(of(tpcc::preflight_findings(env, run()), "cache").empty());
}

TEST_CASE("pre-flight: max_connections refuses a run that cannot start, warns near it",
          "[preflight]") {
  tpcc::Environment env = server();
  CHECK(of(tpcc::preflight_findings(env, run()), "max_connections").empty());
  tpcc::PreflightRun near = run();
  near.run_connections = 97;  // 99 with the kit's own, beyond 100 - 3 reserved
  auto found = of(tpcc::preflight_findings(env, near), "max_connections");
  REQUIRE(found.size() == 1);
  CHECK(found[0].severity == "warning");
  CHECK_FALSE(tpcc::preflight_refuses(tpcc::preflight_findings(env, near)));
  set(env, "max_connections", "20");
  tpcc::PreflightRun many = run();
  many.run_connections = 21;
  found = of(tpcc::preflight_findings(env, many), "max_connections");
  REQUIRE(found.size() == 1);
  CHECK(found[0].severity == "refuse");
  CHECK(found[0].text.find("need 21 connections and max_connections is 20") != std::string::npos);
  CHECK(tpcc::preflight_refuses(tpcc::preflight_findings(env, many)));
}

TEST_CASE("pre-flight: checkpoint_timeout against 5.5.2.2 and the measured interval",
          "[preflight]") {
  tpcc::Environment env = server();
  CHECK(of(tpcc::preflight_findings(env, run()), "checkpoint_timeout").empty());
  tpcc::PreflightRun short_run = run();
  short_run.measured_seconds = 60;
  auto found = of(tpcc::preflight_findings(env, short_run), "checkpoint_timeout");
  REQUIRE(found.size() == 1);
  CHECK(found[0].text.find("(60 s) is shorter than checkpoint_timeout (300 s)") !=
        std::string::npos);
  set(env, "checkpoint_timeout", "3600", "s");
  tpcc::PreflightRun two_hours = run();
  two_hours.measured_seconds = 7200;
  found = of(tpcc::preflight_findings(env, two_hours), "checkpoint_timeout");
  REQUIRE(found.size() == 1);
  CHECK(found[0].severity == "warning");
  CHECK(found[0].text.find("longer than 30 minutes") != std::string::npos);
}

TEST_CASE("pre-flight: governor and transparent huge pages of a server on this host",
          "[preflight]") {
  tpcc::Environment env = server();
  CHECK(of(tpcc::preflight_findings(env, run()), "cpu_governor").empty());
  CHECK(of(tpcc::preflight_findings(env, run()), "transparent_hugepages").empty());
  env.cpu_governor = "powersave";
  env.transparent_hugepages = "always";
  CHECK(of(tpcc::preflight_findings(env, run()), "cpu_governor").size() == 1);
  CHECK(of(tpcc::preflight_findings(env, run()), "transparent_hugepages").size() == 1);
  env.server_on_this_host = false;
  CHECK(of(tpcc::preflight_findings(env, run()), "cpu_governor").empty());
  CHECK(of(tpcc::preflight_findings(env, run()), "transparent_hugepages").empty());
}

TEST_CASE("pre-flight: another workload's findings name no TPC-C clause nor tpmC", "[preflight]") {
  tpcc::Environment env = server();
  set(env, "fsync", "off");
  set(env, "checkpoint_timeout", "3600", "s");
  tpcc::PreflightRun other = run();
  other.tpcc = false;
  const auto found = tpcc::preflight_findings(env, other);
  const auto durable = of(found, "durability");
  REQUIRE(durable.size() == 1);
  CHECK(durable[0].text.find("not a durable server: fsync off") != std::string::npos);
  for (const auto& f : found) {
    INFO(f.text);
    CHECK(f.text.find("tpmC") == std::string::npos);
    CHECK(f.text.find("3.5.3") == std::string::npos);
    CHECK(f.text.find("5.5.2.2") == std::string::npos);
  }
  // TPC-C's run is told both.
  const auto tpcc_found = tpcc::preflight_findings(env, run());
  CHECK(of(tpcc_found, "durability")[0].text.find("tpmC") != std::string::npos);
  bool rule = false;
  for (const auto& f : of(tpcc_found, "checkpoint_timeout")) {
    rule = rule || f.text.find("5.5.2.2") != std::string::npos;
  }
  CHECK(rule);
}
