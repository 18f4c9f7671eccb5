// result.json: the contract's fields, and the standbys' side.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "metrics/run.hpp"
#include "report/results/result_json.hpp"
#include "tests/unit/report/output_samples.hpp"
#include "tests/unit/report/verdict_of.hpp"

namespace {

using tpcc::test::combined_info;
using tpcc::test::sample_info;
using tpcc::test::sample_run;

}  // namespace

TEST_CASE("report result.json has every contract field with the right values", "[report]") {
  tpcc::Config config;
  config.mode = tpcc::Mode::Procedures;
  config.profile = tpcc::Profile::ReadWrite;
  const auto j = nlohmann::json::parse(
      tpcc::result_json(config, sample_info(), sample_run(),
                        tpcc::test::verdict_of(config, sample_info(), sample_run())));

  CHECK(j.at("tpmC").get<double>() == Approx(600));  // warm-up not in the 60 s
  CHECK(j.at("tpmTOTAL").get<double>() == Approx(1305));
  CHECK(j.at("measured_seconds").get<double>() == 60);
  CHECK(j.at("warmup_seconds").get<double>() == 30);
  CHECK(j.at("warehouses").get<int>() == 2);
  CHECK(j.at("terminals").get<int>() == 20);
  CHECK(j.at("mode") == "procedures");
  CHECK(j.at("profile") == "rw");

  const auto& txns = j.at("transactions");
  CHECK(txns.size() == 5);
  for (const char* name : {"new_order", "payment", "order_status", "delivery", "stock_level"}) {
    INFO(name);
    REQUIRE(txns.contains(name));
    const auto& t = txns.at(name);
    for (const char* field : {"count", "rollbacks", "errors", "retries", "latency_ms"}) {
      INFO(field);
      CHECK(t.contains(field));
    }
    for (const char* p : {"avg", "p50", "p90", "p95", "p99", "max"}) {
      INFO(p);
      CHECK(t.at("latency_ms").at(p).is_number());
    }
  }
  const auto& no = txns.at("new_order");
  CHECK(no.at("count").get<int>() == 594);
  CHECK(no.at("rollbacks").get<int>() == 6);
  CHECK(no.at("errors").get<int>() == 2);
  CHECK(no.at("retries").get<int>() == 5);
  CHECK(no.at("latency_ms").at("p90").get<double>() == Approx(2.0).epsilon(0.01));
  CHECK(no.at("latency_ms").at("max").get<double>() == 2.0);
  CHECK(no.at("latency_ms").at("avg").get<double>() == 2.0);  // exact, from the sum
  CHECK(txns.at("delivery").at("latency_ms").at("p50").get<double>() == Approx(8.0).epsilon(0.01));
  CHECK(txns.at("payment").at("count").get<int>() == 570);

  // Additions.
  CHECK(j.at("tpmC_includes_rollbacks") == true);
  // 5.2.5: without keying and think times the field is kept, but null.
  CHECK(j.at("efficiency").is_null());
  CHECK(j.at("efficiency_meaningful") == false);
  config.keying_and_thinking = true;
  const auto paced = nlohmann::json::parse(
      tpcc::result_json(config, sample_info(), sample_run(),
                        tpcc::test::verdict_of(config, sample_info(), sample_run())));
  CHECK(paced.at("efficiency").get<double>() == Approx(600 / (12.86 * 2) * 100).epsilon(0.001));
  CHECK(paced.at("efficiency_meaningful") == true);
  CHECK(j.at("started_at") == "2026-01-02T03:04:05+0000");
  CHECK(j.at("interrupted") == false);
  CHECK(j.at("reconnects").get<int>() == 1);
  CHECK(j.at("audits").is_array());
  CHECK(j.at("audits").size() == 6);  // 2.7.4.2 is disclosed under "delivery"
  CHECK(j.at("tool_version").is_string());
  CHECK_FALSE(j.contains("standby"));
}

TEST_CASE("report result.json carries the standby side when there is one", "[report]") {
  tpcc::RunInfo info = combined_info();
  info.standbys.resize(1);
  const auto j = nlohmann::json::parse(
      tpcc::result_json(tpcc::Config{}, info, sample_run(),
                        tpcc::test::verdict_of(tpcc::Config{}, info, sample_run())));
  REQUIRE(j.contains("standby"));
  CHECK_FALSE(j.contains("standbys"));
  const auto& sb = j.at("standby");
  CHECK(sb.at("tpmC").get<double>() == 0);
  CHECK(sb.at("tpmTOTAL").get<double>() == Approx(180));
  CHECK(sb.at("profile") == "ro");
  CHECK(sb.at("retries").get<int>() == 3);
  CHECK(sb.at("transactions").at("order_status").at("count").get<int>() == 120);
  CHECK(sb.at("transactions").at("new_order").at("count").get<int>() == 0);
  const auto& lag = sb.at("replication_lag");
  CHECK(lag.at("application_name") == "sb1");
  CHECK(lag.at("client_addr") == "127.0.0.1");
  CHECK(lag.at("samples").get<int>() == 3);
  CHECK(lag.at("replay_lag_ms").at("p50").get<double>() == 2.0);
  CHECK(lag.at("replay_lag_ms").at("max").get<double>() == 3.0);
  CHECK(lag.at("bytes_behind").at("p99").get<double>() == 3000);
  CHECK(lag.at("replay_delay_ms").at("p50").get<double>() == 10.0);
  CHECK(lag.at("write_lag_ms").is_null());  // never read
}

TEST_CASE("report result.json lists every standby when there are several", "[report]") {
  const auto j = nlohmann::json::parse(
      tpcc::result_json(tpcc::Config{}, combined_info(), sample_run(),
                        tpcc::test::verdict_of(tpcc::Config{}, combined_info(), sample_run())));
  REQUIRE(j.at("standbys").size() == 2);
  CHECK(j.at("standbys").at(0) == j.at("standby"));
  CHECK(j.at("standbys").at(1).at("tpmTOTAL").get<double>() == Approx(30));
  CHECK(j.at("standbys").at(1).at("replication_lag").at("samples").get<int>() == 0);
  CHECK(j.at("standbys").at(1).at("replication_lag").at("replay_lag_ms").is_null());
}
