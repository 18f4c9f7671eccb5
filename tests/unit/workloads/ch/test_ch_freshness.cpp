// A mixed run's freshness and standby figures (workloads/ch/metrics/
// ch_freshness.hpp, mixed/freshness_samples.hpp, report/ch_servers.hpp):
// the nearest-rank percentiles of the queries' freshness, per server and
// measured intervals only; the conflicts' deltas; the console's lines
// whole; result.json's keys and the page's tables read back from them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/stats.hpp"
#include "workloads/ch/metrics/ch_figures.hpp"
#include "workloads/ch/metrics/ch_freshness.hpp"
#include "workloads/ch/mixed/freshness_samples.hpp"
#include "workloads/ch/report/ch_json.hpp"
#include "workloads/ch/report/ch_servers.hpp"

namespace {

// The nearest rank as its definition reads: the smallest sample with at
// least p% of the samples at or below it.
double by_definition(std::vector<double> samples, double p) {
  std::sort(samples.begin(), samples.end());
  for (double s : samples) {
    const auto at_or_below =
        std::count_if(samples.begin(), samples.end(), [&](double v) { return v <= s; });
    if (static_cast<double>(at_or_below) * 100.0 >= p * static_cast<double>(samples.size())) {
      return s;
    }
  }
  return samples.back();
}

tpcc::ChFreshness freshness(std::int64_t samples, double p50, double p99, double max) {
  tpcc::ChFreshness f;
  f.samples = samples;
  f.p50_ms = p50;
  f.p99_ms = p99;
  f.max_ms = max;
  return f;
}

// The histogram's buckets are at most 1/64 of their values wide, and a
// percentile is its bucket's middle: within 1 % of the sample it stands for.
constexpr double kResolution = 0.01;

tpcc::LatencyHistogram histogram_of(const std::vector<double>& samples_ms) {
  tpcc::LatencyHistogram h;
  for (double ms : samples_ms) h.record(tpcc::freshness_micros(ms));
  return h;
}

}  // namespace

TEST_CASE("ch freshness: p50, p99 and max are the samples' nearest ranks", "[ch][freshness]") {
  std::vector<double> samples(250);
  // A shuffled ramp with a long tail: 1..250 ms, every 10th x 20 (up to 5 s).
  for (std::size_t i = 0; i < samples.size(); ++i) {
    samples[(i * 97) % samples.size()] = (i % 10 == 9 ? 20.0 : 1.0) * static_cast<double>(i + 1);
  }
  const tpcc::ChFreshness f = tpcc::freshness_of(histogram_of(samples));
  CHECK(f.samples == 250);
  CHECK(f.p50_ms == Approx(by_definition(samples, 50)).epsilon(kResolution));
  CHECK(f.p99_ms == Approx(by_definition(samples, 99)).epsilon(kResolution));
  CHECK(f.max_ms == *std::max_element(samples.begin(), samples.end()));
  CHECK(f.p50_ms < f.p99_ms);

  // Tens of seconds (a standby held back by a long conflict) keep theirs.
  const tpcc::ChFreshness late = tpcc::freshness_of(histogram_of({12000.5, 45000.25}));
  CHECK(late.p50_ms == Approx(12000.5).epsilon(kResolution));
  CHECK(late.max_ms == 45000.25);

  const tpcc::ChFreshness one = tpcc::freshness_of(histogram_of({42.5}));
  CHECK(one.samples == 1);
  CHECK(one.p50_ms == Approx(42.5).epsilon(kResolution));
  CHECK(one.p99_ms == Approx(42.5).epsilon(kResolution));
  CHECK(one.max_ms == 42.5);

  // A standby's clock a little behind the primary's: 0, not a negative age.
  CHECK(tpcc::freshness_of(histogram_of({-3.0})).max_ms == 0);

  const tpcc::ChFreshness none = tpcc::freshness_of(tpcc::LatencyHistogram());
  CHECK(none.samples == 0);
  CHECK(none.max_ms == 0);
}

TEST_CASE("ch freshness: samples kept per server, the warm-up's dropped, each interval its own",
          "[ch][freshness]") {
  tpcc::FreshnessSamples samples({"host=a", "host=b"});
  CHECK(samples.server_of("host=a") == 0);
  CHECK(samples.server_of("host=b") == 1);
  CHECK(samples.server_of("host=elsewhere") == 0);

  samples.add(0, 5000);  // warm-up
  samples.add(1, 6000);
  samples.end_interval(2, true);
  samples.add(0, 10);
  samples.add(0, 30);
  samples.add(1, 2000);
  samples.end_interval(7, false);
  samples.add(1, 2200);
  samples.end_interval(12, false);
  samples.add(0, 7);  // after the last interval: never counted

  const std::vector<tpcc::LatencyHistogram> kept = samples.histograms();
  REQUIRE(kept.size() == 2);
  CHECK(kept[0].count() == 2);
  CHECK(kept[0].max() == 30000);
  CHECK(kept[0].min() == 10000);
  CHECK(kept[1].count() == 2);
  CHECK(kept[1].max() == 2200000);
  CHECK(kept[1].min() == 2000000);
  const auto intervals = samples.intervals();
  REQUIRE(intervals[0].size() == 2);
  CHECK(intervals[0][0].end_seconds == 7);
  CHECK(intervals[0][0].freshness.samples == 2);
  CHECK(intervals[0][0].freshness.max_ms == 30);
  CHECK(intervals[0][1].freshness.samples == 0);
  CHECK(intervals[1][1].end_seconds == 12);
  CHECK(intervals[1][1].freshness.p50_ms == Approx(2200).epsilon(kResolution));
}

TEST_CASE("ch standby conflicts: the run's delta per reason, and their total", "[ch][freshness]") {
  const tpcc::ChRecoveryConflicts start{3, 1, 0, 0, 0};
  const tpcc::ChRecoveryConflicts end{8, 1, 2, 1, 0};
  const tpcc::ChRecoveryConflicts delta = tpcc::conflicts_delta(start, end);
  CHECK(delta.snapshot == 5);
  CHECK(delta.lock == 0);
  CHECK(delta.bufferpin == 2);
  CHECK(delta.deadlock == 1);
  CHECK(delta.tablespace == 0);
  CHECK(tpcc::conflicts_total(delta) == 8);
}

TEST_CASE("ch freshness: the console's lines, on the primary and on standbys, whole",
          "[ch][freshness]") {
  tpcc::ChFigures primary;
  primary.on = "primary";
  primary.servers.resize(1);
  primary.servers[0].name = "primary";
  primary.servers[0].freshness = freshness(41, 12, 98, 103);
  CHECK(tpcc::ch_servers_lines(primary) ==
        "    freshness: p50 12.0 ms, p99 98.0 ms, max 103.0 ms (41 queries)\n");

  tpcc::ChFigures standbys;
  standbys.on = "standby";
  standbys.servers.resize(2);
  standbys.servers[0].name = "standby 1";
  standbys.servers[0].freshness = freshness(9, 2051.5, 2120, 2130);
  standbys.servers[0].conflicts = tpcc::ChRecoveryConflicts{4, 0, 1, 0, 0};
  standbys.servers[0].hot_standby_feedback = false;
  standbys.servers[1].name = "standby 2";
  standbys.servers[1].freshness = freshness(3, 40, 50, 50);
  standbys.servers[1].conflicts = tpcc::ChRecoveryConflicts{};
  standbys.servers[1].hot_standby_feedback = true;
  standbys.servers[1].primary_dead_tuples_growth = 1234;
  CHECK(tpcc::ch_servers_lines(standbys) ==
        "    freshness on standby 1: p50 2051.5 ms, p99 2120.0 ms, max 2130.0 ms (9 queries)\n"
        "    recovery conflicts on standby 1: 5 (snapshot 4, lock 0, bufferpin 1, deadlock 0, "
        "tablespace 0; pg_stat_database_conflicts over the run)\n"
        "    hot_standby_feedback on standby 1: off (the primary's vacuum may cancel its queries)\n"
        "    freshness on standby 2: p50 40.0 ms, p99 50.0 ms, max 50.0 ms (3 queries)\n"
        "    recovery conflicts on standby 2: 0 (snapshot 0, lock 0, bufferpin 0, deadlock 0, "
        "tablespace 0; pg_stat_database_conflicts over the run)\n"
        "    hot_standby_feedback on standby 2: on, the primary's dead tuples of TPC-C's tables "
        "grew by 1234 over the run\n");

  CHECK(tpcc::ch_servers_lines(tpcc::ChFigures{}).empty());
}

TEST_CASE("ch freshness: result.json's keys, and the page's tables read back from them",
          "[ch][freshness]") {
  tpcc::ChFigures f;
  f.on = "standby";
  f.freshness = freshness(12, 2040, 2300, 2310);
  f.servers.resize(1);
  f.servers[0].name = "standby 1";
  f.servers[0].freshness = freshness(12, 2040, 2300, 2310);
  f.servers[0].freshness_by_interval = {{5, freshness(6, 2030, 2200, 2200)}};
  f.servers[0].conflicts = tpcc::ChRecoveryConflicts{7, 0, 0, 0, 0};
  f.servers[0].hot_standby_feedback = true;
  f.servers[0].primary_dead_tuples_growth = -15;
  const nlohmann::json ch = tpcc::ch_figures_json(f);
  CHECK(ch.at("freshness_ms").at("p50") == 2040);
  CHECK(ch.at("freshness_ms").at("samples") == 12);
  REQUIRE(ch.at("standbys").size() == 1);
  const nlohmann::json& s = ch.at("standbys")[0];
  CHECK(s.at("standby") == 1);
  CHECK(s.at("freshness_ms").at("p99") == 2300);
  CHECK(s.at("freshness_by_interval")[0].at("end_seconds") == 5);
  CHECK(s.at("conflicts").at("snapshot") == 7);
  CHECK(s.at("hot_standby_feedback") == true);
  CHECK(s.at("primary_dead_tuples_growth") == -15);

  const std::vector<tpcc::WorkloadTable> tables = tpcc::ch_servers_tables(ch);
  REQUIRE(tables.size() == 2);
  CHECK(tables[0].rows.rows ==
        std::vector<std::vector<std::string>>{{"standby 1", "12", "2040.0", "2300.0", "2310.0"}});
  CHECK(tables[1].rows.rows ==
        std::vector<std::vector<std::string>>{{"standby 1", "7", "0", "0", "0", "0", "on", "-15"}});

  // Without a mixed run's servers (--workload ch): no key, no table, no chart.
  const nlohmann::json plain = tpcc::ch_figures_json(tpcc::ChFigures{});
  CHECK_FALSE(plain.contains("freshness_ms"));
  CHECK(tpcc::ch_servers_tables(plain).empty());
  CHECK(tpcc::ch_servers_charts(plain).empty());
}

TEST_CASE("ch freshness: the page's chart, p50 and max per interval of each standby",
          "[ch][freshness]") {
  tpcc::ChFigures f;
  f.on = "standby";
  f.freshness = freshness(9, 2040, 2300, 2310);
  f.servers.resize(2);
  f.servers[0].name = "standby 1";
  f.servers[0].freshness_by_interval = {{5, freshness(6, 2030, 2200, 2210)},
                                        {10, freshness(0, 0, 0, 0)},
                                        {15, freshness(2, 2100, 2310, 2310)}};
  f.servers[1].name = "standby 2";
  f.servers[1].freshness_by_interval = {{5, freshness(1, 90, 90, 90)}};
  const std::vector<tpcc::WorkloadChart> charts = tpcc::ch_servers_charts(tpcc::ch_figures_json(f));
  REQUIRE(charts.size() == 1);
  const std::vector<tpcc::WorkloadLine>& lines = charts[0].lines;
  REQUIRE(lines.size() == 4);
  CHECK(lines[0].name == "standby 1 p50");
  // The interval without queries has no point.
  CHECK(lines[0].x == std::vector<double>{5, 15});
  CHECK(lines[0].y == std::vector<double>{2030, 2100});
  CHECK(lines[1].name == "standby 1 max");
  CHECK(lines[1].dashed);
  CHECK(lines[1].y == std::vector<double>{2210, 2310});
  CHECK(lines[0].colour == lines[1].colour);
  CHECK(lines[2].name == "standby 2 p50");
  CHECK(lines[2].colour != lines[0].colour);
  CHECK(lines[3].y == std::vector<double>{90});

  // On the primary: its one pair of lines.
  tpcc::ChFigures primary;
  primary.on = "primary";
  primary.freshness = freshness(3, 40, 60, 60);
  primary.servers.resize(1);
  primary.servers[0].name = "primary";
  primary.servers[0].freshness_by_interval = {{2, freshness(3, 40, 60, 60)}};
  const std::vector<tpcc::WorkloadChart> on_primary =
      tpcc::ch_servers_charts(tpcc::ch_figures_json(primary));
  REQUIRE(on_primary.size() == 1);
  REQUIRE(on_primary[0].lines.size() == 2);
  CHECK(on_primary[0].lines[0].name == "primary p50");
  CHECK(on_primary[0].lines[1].y == std::vector<double>{60});
}
