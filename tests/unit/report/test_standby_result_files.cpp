// A primary + standby run's result files read back (tpcc report DIR): each
// standby's counts and histograms in histograms.json, apart from the
// primary's, and its replication lag in result.json as the page showed it.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/results/histograms_file.hpp"
#include "report/results/lag_json.hpp"

namespace {

using tpcc::RunStats;

RunStats committed(int type, int n, std::int64_t micros) {
  RunStats stats(tpcc::kTxnTypes);
  auto& t = stats.txn[static_cast<std::size_t>(type)];
  for (int i = 0; i < n; ++i) t.latency.record(micros + i);
  t.committed = n;
  return stats;
}

}  // namespace

TEST_CASE("report: histograms.json keeps each standby's figures apart from the primary's",
          "[report][standby]") {
  const RunStats primary = committed(tpcc::kNewOrder, 50, 2000);
  RunStats first = committed(tpcc::kOrderStatus, 30, 400);
  first.reconnects = 1;
  const RunStats second = committed(tpcc::kStockLevel, 20, 9000);
  const tpcc::HistogramsFile back =
      tpcc::read_histograms_file(tpcc::histograms_json(primary, {first, second}), "h.json");
  CHECK(back.stats.txn[tpcc::kNewOrder].committed == 50);
  CHECK(back.stats.txn[tpcc::kOrderStatus].committed == 0);
  REQUIRE(back.standbys.size() == 2);
  CHECK(back.standbys[0].txn[tpcc::kOrderStatus].committed == 30);
  CHECK(back.standbys[0].txn[tpcc::kOrderStatus].latency.buckets() ==
        first.txn[tpcc::kOrderStatus].latency.buckets());
  CHECK(back.standbys[0].reconnects == 1);
  CHECK(back.standbys[1].txn[tpcc::kStockLevel].latency.max() == 9019);
  CHECK(back.standbys[1].txn[tpcc::kNewOrder].committed == 0);

  // A run without standbys writes no "standbys" and reads back none.
  const std::string alone = tpcc::histograms_json(primary);
  CHECK(alone.find("standbys") == std::string::npos);
  CHECK(tpcc::read_histograms_file(alone, "h.json").standbys.empty());
}

TEST_CASE("report: a standby's replication lag reads back from result.json as written",
          "[report][standby]") {
  tpcc::LagFigures lag;
  lag.application_name = "standby_a";
  lag.samples = 12;
  lag.replay_lag_ms = tpcc::summarize({0.00049, 1.23456, 7.5});
  lag.bytes_behind = tpcc::summarize({0, 16384.4});
  const nlohmann::json j = nlohmann::json::parse(tpcc::replication_lag_json(lag).dump());
  const tpcc::LagFigures back = tpcc::lag_from_json(j);
  CHECK(back.application_name == "standby_a");
  CHECK(back.client_addr.empty());
  CHECK(back.samples == 12);
  CHECK(back.replay_lag_ms.samples == 3);
  CHECK(back.replay_lag_ms.p50 == 1.235);  // kept to the microsecond, as result.json
  CHECK(back.replay_lag_ms.max == 7.5);
  CHECK(back.bytes_behind.max == 16384);
  CHECK(back.write_lag_ms.samples == 0);  // null: no values
  CHECK(j.at("write_lag_ms").is_null());
  const tpcc::LagFigures shown = tpcc::as_written(lag);
  CHECK(shown.replay_lag_ms.p50 == back.replay_lag_ms.p50);
  CHECK(shown.bytes_behind.p99 == back.bytes_behind.p99);
}
