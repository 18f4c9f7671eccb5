// result.json's snapshot, conditioning and environment: written, read back,
// and compared by tpcc report --compare (docs/experiments.md).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "report/html/html_report.hpp"
#include "report/results/experiment_json.hpp"
#include "report/views/environment_compare.hpp"

namespace {

tpcc::ExperimentRecord sample() {
  tpcc::ExperimentRecord r;
  tpcc::SnapshotRestore restore;
  restore.identity.name = "tpcc_tpcc_snapshot";
  restore.identity.source = "tpcc";
  restore.identity.created_at = "2026-12-01T23:00:00Z";
  restore.identity.layout = {{"warehouses", "1"}};
  restore.identity.row_counts = {{"bmsql_item", 100000}};
  restore.identity.row_digest = "0123456789abcdef0123456789abcdef";
  restore.strategy = "FILE_COPY";
  restore.seconds = 1.5;
  r.snapshot = restore;
  r.conditioning = {{"vacuum", 0.25, ""}, {"checkpoint", 0.5, ""}};
  tpcc::Environment& e = r.environment;
  e.collected = true;
  e.server_version = "PostgreSQL 15.20";
  e.settings = {{"shared_buffers", "16384", "8kB", "configuration file"},
                {"application_name", "tpcc", "", "client"}};
  e.extensions = {{"plpgsql", "1.0"}};
  e.cpu_model = "Test CPU";
  e.cpus = 2;
  e.memory_kb = 1000;
  e.tool.version = "0.1.0";
  e.tool.commit = "04c28c14875e044de5406d934ae60e9bfba8ee3b";
  e.tool.modified = true;
  e.tool.build_type = "RelWithDebInfo";
  e.tool.compiler = "GCC 12.2.0";
  e.tool.libpq = "15.20";
  e.tool.libpqxx = "6.4.4";
  e.tool.boost = "1.74";
  e.label = "base";
  return r;
}

tpcc::ResultDir run_with(const tpcc::ExperimentRecord& r) {
  tpcc::ResultDir dir;
  dir.info.experiment = r;
  return dir;
}

// As result.json holds them, written and parsed again.
nlohmann::json as_result(const tpcc::ExperimentRecord& r) {
  nlohmann::ordered_json j;
  j["snapshot"] = tpcc::snapshot_json(r.snapshot);
  j["conditioning"] = tpcc::conditioning_json(r.conditioning);
  j["environment"] = tpcc::environment_json(r.environment);
  return nlohmann::json::parse(j.dump());
}

}  // namespace

TEST_CASE("result.json's snapshot, conditioning and environment read back as written",
          "[report][experiments]") {
  const tpcc::ExperimentRecord back = tpcc::experiment_from_json(as_result(sample()));
  REQUIRE(back.snapshot);
  CHECK(back.snapshot->identity.row_digest == "0123456789abcdef0123456789abcdef");
  REQUIRE(back.snapshot->identity.row_counts.size() == 1);
  CHECK(back.snapshot->identity.row_counts.front().second == 100000);
  CHECK(back.snapshot->strategy == "FILE_COPY");
  REQUIRE(back.conditioning.size() == 2);
  CHECK(back.conditioning[1].step == "checkpoint");
  CHECK(back.environment.collected);
  REQUIRE(back.environment.settings.size() == 2);
  CHECK(back.environment.settings.front().name == "shared_buffers");
  CHECK(back.environment.cpus == 2);
  CHECK(back.environment.label == "base");
  CHECK(back.environment.tool.commit == "04c28c14875e044de5406d934ae60e9bfba8ee3b");
  CHECK(back.environment.tool.modified);
  CHECK(back.environment.tool.compiler == "GCC 12.2.0");
  CHECK(back.environment.tool.libpq == "15.20");
  CHECK(back.environment.tool.libpqxx == "6.4.4");
  CHECK(back.environment.tool.boost == "1.74");

  // A result of a tpcc before these fields: nothing restored, nothing read.
  const tpcc::ExperimentRecord old = tpcc::experiment_from_json(nlohmann::json::object());
  CHECK_FALSE(old.snapshot);
  CHECK_FALSE(old.environment.collected);
  CHECK(tpcc::environment_json(old.environment).is_null());
}

TEST_CASE("report --compare: the start and environment items that differ, and only those",
          "[report][experiments]") {
  tpcc::ExperimentRecord tuned = sample();
  tuned.environment.settings = {{"shared_buffers", "32768", "8kB", "configuration file"},
                                {"application_name", "tpcc-2", "", "client"},
                                {"work_mem", "8192", "kB", "database"}};
  tuned.snapshot.reset();
  tuned.environment.tool.commit = "5f0e6d1b7bd3c0d2a59b1fc4a0b25c7a31b0e6b2";
  tuned.environment.tool.modified = false;
  const auto compared = tpcc::compared_environment({run_with(sample()), run_with(tuned)});
  std::vector<std::string> differing;
  for (const auto& c : compared) {
    if (c.differs) differing.push_back(c.key);
  }
  CHECK(differing == std::vector<std::string>{"snapshot", "tool.commit",
                                              "server.setting.shared_buffers",
                                              "server.setting.work_mem"});
  for (const auto& c : compared) {
    if (c.key != "server.setting.work_mem") continue;
    CHECK(*c.values[0] == "default");
    CHECK(*c.values[1] == "8192 kB (database)");
  }
  // The same start and environment: nothing differs.
  for (const auto& c : tpcc::compared_environment({run_with(sample()), run_with(sample())})) {
    CHECK_FALSE(c.differs);
  }
}

TEST_CASE(
    "report --compare of two sets: the page shows first where the runs' start and "
    "environment differ, one column per run of each set",
    "[report][experiments][html]") {
  tpcc::ExperimentRecord tuned = sample();
  tuned.environment.settings = {{"shared_buffers", "32768", "8kB", "configuration file"}};
  const std::vector<tpcc::ResultDir> a = {run_with(sample()), run_with(sample())};
  const std::vector<tpcc::ResultDir> b = {run_with(tuned)};
  const std::string page = tpcc::html_compare_sets("set-a", a, "set-b", b, {});
  const std::size_t section = page.find("<h2>Start and environment</h2>");
  REQUIRE(section != std::string::npos);
  CHECK(page.find("<th>A1</th><th>A2</th><th>B1</th>", section) != std::string::npos);
  CHECK(page.find("<tr class=\"diff\"><td>server.setting.shared_buffers</td>", section) !=
        std::string::npos);
  // The same server version in every run: shared, not highlighted.
  CHECK(page.find("<tr class=\"diff\"><td>server.version</td>") == std::string::npos);
  CHECK(page.find("<tr><td>server.version</td>", section) != std::string::npos);
  CHECK(section < page.find("<h2>Figures</h2>"));
}

TEST_CASE(
    "a standby's primary_conninfo and any setting that holds a connection password are masked "
    "in result.json, and when a result written unmasked is read back",
    "[report][experiments][mask]") {
  const std::string conninfo =
      "user=replicator password=secret-r3pl host=10.0.0.1 port=5432 sslmode=prefer";
  tpcc::ExperimentRecord r = sample();
  r.environment.settings = {{"primary_conninfo", conninfo, "", "configuration file"},
                            {"my.ext_target", "postgresql://u:hunter2@db/x", "", "database"},
                            {"shared_buffers", "16384", "8kB", "configuration file"}};
  const std::string written = tpcc::environment_json(r.environment).dump();
  CHECK(written.find("secret-r3pl") == std::string::npos);
  CHECK(written.find("hunter2") == std::string::npos);
  CHECK(written.find("user=replicator password=***** host=10.0.0.1") != std::string::npos);

  // result.json as an older tpcc wrote it, the password in the clear.
  nlohmann::json old = as_result(sample());
  old["environment"]["server"]["settings"] = nlohmann::json::array(
      {{{"name", "primary_conninfo"}, {"setting", conninfo}, {"unit", ""}, {"source", "file"}}});
  const tpcc::ExperimentRecord back = tpcc::experiment_from_json(old);
  REQUIRE(back.environment.settings.size() == 1);
  CHECK(back.environment.settings.front().setting.find("secret-r3pl") == std::string::npos);
  const std::string page =
      tpcc::html_compare_sets("set-a", {run_with(back)}, "set-b", {run_with(sample())}, {});
  CHECK(page.find("secret-r3pl") == std::string::npos);
  CHECK(page.find("password=*****") != std::string::npos);
}
