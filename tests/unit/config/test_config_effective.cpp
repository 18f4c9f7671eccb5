#include <catch2/catch.hpp>
#include <ctime>
#include <nlohmann/json.hpp>
#include <string>

#include "config/effective.hpp"
#include "config/names.hpp"
#include "report/results/result_dir.hpp"

TEST_CASE("effective config: every section as JSON, passwords masked", "[config][effective]") {
  tpcc::Config c;
  c.verb = tpcc::Verb::Run;
  c.conninfo = "host=db1 user=bench password='top secret'";
  c.standbys.push_back({"postgresql://bench:sbsecret@standby/tpcc", 4, {0, 0, 50, 0, 50}});
  c.props_file = "props.pg";
  c.fillfactor = {{"bmsql_stock", 80}};
  c.tablespace = {{"*", "ts1"}};
  c.mix = {44, 44, 4, 4, 4};
  c.profile = tpcc::Profile::ReadOnly;
  c.isolation = tpcc::Isolation::Serializable;
  c.seed = 18446744073709551615ULL;

  const std::string text = tpcc::effective_config_json(c);
  CHECK(text.find("top secret") == std::string::npos);
  CHECK(text.find("sbsecret") == std::string::npos);

  const auto j = nlohmann::json::parse(text);
  CHECK(j.at("verb") == "run");
  CHECK(j.at("conninfo") == "host=db1 user=bench password=*****");
  CHECK(j.at("props_file") == "props.pg");
  CHECK(j.at("prepare").at("fillfactor").at("bmsql_stock") == 80);
  CHECK(j.at("prepare").at("tablespace").at("*") == "ts1");
  CHECK(j.at("prepare").at("storage_parameters").at("bmsql_district").at("vacuum_truncate") ==
        "off");
  CHECK(j.at("prepare").at("analyze_all_tables") == false);
  CHECK(j.at("prepare").at("seed").get<std::uint64_t>() == 18446744073709551615ULL);
  CHECK(j.at("run").at("mix").at("new_order") == 44);
  CHECK(j.at("run").at("mix").at("stock_level") == 4);
  CHECK(j.at("run").at("profile") == "ro");
  CHECK(j.at("run").at("isolation") == "serializable");
  CHECK(j.at("run").at("standbys").at(0).at("conninfo") == "postgresql://bench:*****@standby/tpcc");
  CHECK(j.at("run").at("terminals") == c.terminals);
  CHECK(j.at("check").at("after_load") == false);

  tpcc::Config none;
  CHECK(nlohmann::json::parse(tpcc::effective_config_json(none)).at("props_file").is_null());
}

TEST_CASE("names: enum names round-trip with the command line", "[config][effective]") {
  for (const auto v : {tpcc::Verb::Prepare, tpcc::Verb::Run, tpcc::Verb::Check, tpcc::Verb::Cleanup,
                       tpcc::Verb::Quickstart}) {
    CHECK(tpcc::parse_verb(tpcc::verb_name(v)) == v);
  }
  CHECK(tpcc::mode_name(tpcc::Mode::Procedures) == "procedures");
  CHECK(tpcc::profile_name(tpcc::Profile::ReadWrite) == "rw");
  CHECK(tpcc::txn_name(tpcc::kDelivery) == "delivery");
  CHECK(tpcc::table_from_short_name("order") == std::optional<std::string>("bmsql_oorder"));
  CHECK_FALSE(tpcc::table_from_short_name("orders").has_value());
}

TEST_CASE("result dir: BenchmarkSQL %t patterns take the start time", "[config][effective]") {
  std::tm tm{};
  tm.tm_year = 2026 - 1900;
  tm.tm_mon = 2;  // March
  tm.tm_mday = 7;
  tm.tm_hour = 9;
  tm.tm_min = 5;
  tm.tm_sec = 3;
  tm.tm_isdst = -1;
  const std::time_t t = std::mktime(&tm);
  CHECK(tpcc::expand_result_dir("my_result_%tY-%tm-%td_%tH%tM%tS", t) ==
        "my_result_2026-03-07_090503");
  CHECK(tpcc::expand_result_dir("r_%ty%te_%tF", t) == "r_267_2026-03-07");
  CHECK(tpcc::expand_result_dir("100%% %tQ %", t) == "100% %tQ %");
  CHECK(tpcc::expand_result_dir("plain/dir", t) == "plain/dir");
}
