// Replication lag figures of a combined run: the percentile maths, which
// samples count, and matching pg_stat_replication rows to standbys.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "metrics/lag.hpp"
#include "report/views/lag_text.hpp"
#include "terminal/standby/replication_lag.hpp"

namespace {

tpcc::LagSample sample(bool measured, double replay_lag_ms) {
  tpcc::LagSample s;
  s.measured = measured;
  tpcc::LagReading r;
  r.replay_lag_ms = replay_lag_ms;
  s.readings.push_back(r);
  return s;
}

}  // namespace

TEST_CASE("report lag summary: nearest-rank p50 and p99, and the max", "[report]") {
  std::vector<double> values;
  for (int i = 100; i >= 1; --i) values.push_back(i);
  const tpcc::LagSummary s = tpcc::summarize(values);
  CHECK(s.samples == 100);
  CHECK(s.p50 == 50);
  CHECK(s.p99 == 99);
  CHECK(s.max == 100);
  const tpcc::LagSummary one = tpcc::summarize({7.5});
  CHECK(one.p50 == 7.5);
  CHECK(one.p99 == 7.5);
  CHECK(tpcc::summarize({}).samples == 0);
}

TEST_CASE("report lag figures count only measured samples and present values", "[report]") {
  std::vector<tpcc::LagSample> samples = {sample(false, 900), sample(true, 1), sample(true, 3)};
  samples.push_back(sample(true, 0));
  samples.back().readings[0].replay_lag_ms.reset();  // NULL on the server
  const tpcc::LagFigures f = tpcc::lag_figures(samples, 0);
  CHECK(f.samples == 3);
  CHECK(f.replay_lag_ms.samples == 2);
  CHECK(f.replay_lag_ms.max == 3);  // the warm-up's 900 is not counted
  CHECK(f.bytes_behind.samples == 0);
  CHECK(tpcc::lag_figures(samples, 1).samples == 0);  // no such standby
}

TEST_CASE("report format_bytes picks a unit", "[report]") {
  CHECK(tpcc::format_bytes(0) == "0 B");
  CHECK(tpcc::format_bytes(1023) == "1023 B");
  CHECK(tpcc::format_bytes(16384) == "16.0 kB");
  CHECK(tpcc::format_bytes(3.5 * 1024 * 1024) == "3.5 MB");
  CHECK(tpcc::format_bytes(2.0 * 1024 * 1024 * 1024) == "2.0 GB");
}

TEST_CASE("replication lag: the WAL receiver's name from its conninfo", "[lag]") {
  CHECK(tpcc::walreceiver_application_name("user=postgres dbname=replication host=/tmp/s port=5432 "
                                           "fallback_application_name=tpcc_sb1 sslmode=prefer") ==
        "tpcc_sb1");
  CHECK(tpcc::walreceiver_application_name(
            "user=postgres application_name=east fallback_application_name=walreceiver") == "east");
  CHECK(tpcc::walreceiver_application_name("host=x application_name='my standby'") == "my standby");
  CHECK(tpcc::walreceiver_application_name("").empty());
}

TEST_CASE("replication lag: a standby's pg_stat_replication row is found by name", "[lag]") {
  std::vector<tpcc::ReplicationRow> rows(2);
  rows[0].application_name = "east";
  rows[1].application_name = "west";
  CHECK(tpcc::match_replication_row(rows, "west", 2) == &rows[1]);
  CHECK(tpcc::match_replication_row(rows, "north", 2) == nullptr);
  CHECK(tpcc::match_replication_row(rows, "", 1) == nullptr);  // two rows, no name
  // Two standbys both called walreceiver cannot be told apart.
  rows[0].application_name = rows[1].application_name = "walreceiver";
  CHECK(tpcc::match_replication_row(rows, "walreceiver", 2) == nullptr);
  // One standby driven, one row: it is that standby's, whatever the name.
  rows.resize(1);
  CHECK(tpcc::match_replication_row(rows, "", 1) == &rows[0]);
  CHECK(tpcc::match_replication_row(rows, "", 2) == nullptr);
}
