// config.json is written and read back from the options table: each
// option's row names its place (ConfigJsonField), so a result directory's
// settings come back as they were run.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "config/effective.hpp"
#include "config/settings/settings.hpp"
#include "tests/unit/config_test_support.hpp"

using tpcc::test::parse;

TEST_CASE("config.json: one place per option in the table", "[config][effective]") {
  std::set<std::string> places;
  int fields = 0;
  for (const tpcc::Setting& s : tpcc::settings()) {
    if (s.json.section == nullptr) continue;
    ++fields;
    INFO("option --" << (s.flag ? s.flag : "(props only)"));
    CHECK(s.json.key != nullptr);
    CHECK(s.json.write != nullptr);
    CHECK(s.json.read != nullptr);
    CHECK(places.insert(std::string(s.json.section) + "." + s.json.key).second);
  }
  CHECK(fields >= 40);
}

TEST_CASE("config.json: every option reads back as it was written", "[config][effective]") {
  // Values away from the defaults, so that a field read into the wrong
  // member, or not read at all, changes the text.
  const tpcc::Config run = parse({"run",
                                  "--terminals",
                                  "7",
                                  "--connections",
                                  "3",
                                  "--duration",
                                  "123",
                                  "--warmup",
                                  "17",
                                  "--mode",
                                  "procedures",
                                  "--isolation",
                                  "rr",
                                  "--rate",
                                  "900",
                                  "--report-interval",
                                  "7",
                                  "--report-format",
                                  "sysbench",
                                  "--delivery",
                                  "sync",
                                  "--stop-grace",
                                  "9",
                                  "--statement-timeout",
                                  "4s",
                                  "--lock-timeout",
                                  "2s",
                                  "--mix",
                                  "40,44,6,5,5",
                                  "--rollback-percent",
                                  "2",
                                  "--max-downtime",
                                  "11",
                                  "--result-dir",
                                  "out/%tY",
                                  "--json",
                                  "x.json",
                                  "--keying-think",
                                  "--terminal-warehouse-fixed",
                                  "false"});
  const std::string written = tpcc::effective_config_json(run);
  const tpcc::Config back = tpcc::config_from_effective_json(nlohmann::json::parse(written));
  tpcc::Config again = back;
  again.verb = run.verb;
  again.conninfo = run.conninfo;
  again.props_file = run.props_file;
  again.standbys = run.standbys;
  again.fillfactor = run.fillfactor;
  again.storage_parameters = run.storage_parameters;
  again.tablespace = run.tablespace;
  again.seed_given = run.seed_given;
  again.terminals_from_load = run.terminals_from_load;
  CHECK(tpcc::effective_config_json(again) == written);
  CHECK(back.terminals == 7);
  CHECK(back.mode == tpcc::Mode::Procedures);
  CHECK(back.isolation == tpcc::Isolation::RepeatableRead);
  CHECK(back.report_format == tpcc::ReportFormat::Sysbench);
  CHECK(back.mix == tpcc::test::Mix{40, 44, 6, 5, 5});
}

TEST_CASE("config.json: an unknown name is refused, a missing option keeps its default",
          "[config][effective]") {
  const tpcc::Config back =
      tpcc::config_from_effective_json(nlohmann::json::parse(R"({"run": {"terminals": 3}})"));
  CHECK(back.terminals == 3);
  CHECK(back.duration_seconds == tpcc::Config{}.duration_seconds);
  CHECK_THROWS(tpcc::config_from_effective_json(
      nlohmann::json::parse(R"({"run": {"mode": "no such mode"}})")));
}

TEST_CASE("config.json: every option names its key there or says why it has none",
          "[config][effective]") {
  for (const tpcc::Setting& s : tpcc::settings()) {
    INFO("option " << tpcc::option_name(s));
    const bool keyed = s.json.section != nullptr;
    const bool reason = s.json.none != nullptr && std::string(s.json.none).size() > 10;
    CHECK(keyed != reason);
  }
}

TEST_CASE("config.json: an oltp run's standby test reads back", "[config][effective]") {
  const tpcc::Config run =
      parse({"run", "--workload", "oltp_read_write", "--standby-test", "oltp_point_select"});
  const tpcc::Config back =
      tpcc::config_from_effective_json(nlohmann::json::parse(tpcc::effective_config_json(run)));
  CHECK(back.oltp.standby_test == tpcc::OltpTest::PointSelect);
}
