// The live metrics' text (Prometheus exposition format 0.0.4): counters by
// type and outcome, cumulative latency buckets counted from the kit's own
// histogram, the gauges, escaping, and the figures through a run's
// intervals to its end.
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "live/exposition.hpp"
#include "live/live_figures.hpp"
#include "metrics/run.hpp"

namespace {

using tpcc::LatencyHistogram;
using tpcc::LiveSnapshot;

// Every sample line "name{labels} value" of the text, keyed by name{labels}.
std::map<std::string, double> samples(const std::string& text) {
  std::map<std::string, double> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t space = line.rfind(' ');
    out[line.substr(0, space)] = std::stod(line.substr(space + 1));
  }
  return out;
}

void record(tpcc::TxnStats& t, int committed, std::int64_t micros) {
  for (int i = 0; i < committed; ++i) {
    t.latency.record(micros);
    ++t.committed;
  }
}

}  // namespace

TEST_CASE("live: transactions by type and outcome, the phase as a 1 among 0s", "[live]") {
  LiveSnapshot s;
  s.measured = tpcc::RunStats(tpcc::kTxnTypes);
  s.phase = tpcc::LivePhase::Measured;
  record(s.measured.txn[tpcc::kNewOrder], 7, 3000);
  s.measured.txn[tpcc::kNewOrder].rolled_back = 1;
  s.measured.txn[tpcc::kPayment].errors = 2;
  const auto m = samples(tpcc::exposition_text(s));
  CHECK(m.at("tpcc_transactions_total{type=\"new_order\",outcome=\"committed\"}") == 7);
  CHECK(m.at("tpcc_transactions_total{type=\"new_order\",outcome=\"rolled_back\"}") == 1);
  CHECK(m.at("tpcc_transactions_total{type=\"payment\",outcome=\"error\"}") == 2);
  CHECK(m.at("tpcc_transactions_total{type=\"stock_level\",outcome=\"committed\"}") == 0);
  CHECK(m.at("tpcc_phase{phase=\"measured\"}") == 1);
  CHECK(m.at("tpcc_phase{phase=\"warmup\"}") == 0);
  CHECK(m.at("tpcc_phase{phase=\"done\"}") == 0);
  CHECK(m.at("tpcc_phase{phase=\"starting\"}") == 0);
}

TEST_CASE("live: latency buckets are cumulative, +Inf is the count, with _sum and _count",
          "[live]") {
  LiveSnapshot s;
  s.measured = tpcc::RunStats(tpcc::kTxnTypes);
  tpcc::TxnStats& t = s.measured.txn[tpcc::kPayment];
  record(t, 3, 500);       // 0.5 ms
  record(t, 2, 4000);      // 4 ms
  record(t, 1, 1500000);   // 1.5 s
  record(t, 1, 90000000);  // 90 s: above every bound
  const std::string text = tpcc::exposition_text(s);
  const auto m = samples(text);
  std::vector<double> counts;
  const std::regex bucket(
      "^tpcc_latency_seconds_bucket\\{type=\"payment\",le=\"([^\"]+)\"\\} (\\d+)$");
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> bounds;
  while (std::getline(in, line)) {
    std::smatch match;
    if (std::regex_match(line, match, bucket)) {
      bounds.push_back(match[1]);
      counts.push_back(std::stod(match[2]));
    }
  }
  REQUIRE(counts.size() == tpcc::latency_bucket_bounds_micros().size() + 1);
  for (std::size_t i = 1; i < counts.size(); ++i) CHECK(counts[i] >= counts[i - 1]);
  CHECK(bounds.back() == "+Inf");
  CHECK(bounds.front() == "0.001");
  CHECK(counts.front() == 3);             // below 1 ms
  CHECK(counts.back() == 7);              // +Inf: every one
  CHECK(counts[counts.size() - 2] == 6);  // below 60 s
  CHECK(m.at("tpcc_latency_seconds_count{type=\"payment\"}") == 7);
  CHECK(m.at("tpcc_latency_seconds_sum{type=\"payment\"}") ==
        Approx((3 * 500 + 2 * 4000 + 1500000 + 90000000) / 1e6));
  CHECK(m.at("tpcc_latency_seconds_bucket{type=\"new_order\",le=\"+Inf\"}") == 0);
  // The 5 s limit of 5.2.5.3 is a bound.
  CHECK(m.count("tpcc_latency_seconds_bucket{type=\"payment\",le=\"4.980736\"}") +
            m.count("tpcc_latency_seconds_bucket{type=\"payment\",le=\"5\"}") ==
        1);
}

TEST_CASE("live: bucket bounds are edges of the kit's histogram, so counts are exact", "[live]") {
  const auto& bounds = tpcc::latency_bucket_bounds_micros();
  for (std::size_t i = 1; i < bounds.size(); ++i) CHECK(bounds[i] > bounds[i - 1]);
  for (const std::int64_t bound : bounds) {
    LatencyHistogram h;
    h.record(bound - 1);  // below the bound
    h.record(bound);      // at it: not below
    CHECK(tpcc::count_below(h, bound) == 1);
  }
}

TEST_CASE("live: label values escape backslash, double quote and line feed", "[live]") {
  CHECK(tpcc::escape_label_value("plain:5432") == "plain:5432");
  CHECK(tpcc::escape_label_value("a\\b\"c\nd") == "a\\\\b\\\"c\\nd");
  LiveSnapshot s;
  s.measured = tpcc::RunStats(tpcc::kTxnTypes);
  s.lag = {{"host \"x\"", 0.25}, {"quiet", std::nullopt}};
  const std::string text = tpcc::exposition_text(s);
  CHECK(text.find("tpcc_replication_lag_seconds{standby=\"host \\\"x\\\"\"} 0.25\n") !=
        std::string::npos);
  // A standby without a reading has no sample, not a made-up 0.
  CHECK(text.find("standby=\"quiet\"") == std::string::npos);
}

TEST_CASE("live: every metric has its HELP and TYPE before its samples", "[live]") {
  const std::string text = tpcc::exposition_text(LiveSnapshot{});
  for (const char* name :
       {"tpcc_transactions_total counter", "tpcc_latency_seconds histogram", "tpcc_tpmc gauge",
        "tpcc_run_tpmc gauge", "tpcc_active_terminals gauge", "tpcc_downtime_seconds_total counter",
        "tpcc_replication_lag_seconds gauge", "tpcc_phase gauge"}) {
    CHECK(text.find(std::string("# TYPE ") + name + "\n") != std::string::npos);
  }
  CHECK(text.back() == '\n');
}

TEST_CASE("live: counters count the measured interval, the end gives the run's own figures",
          "[live]") {
  tpcc::LiveFigures figures({"standby:5433"}, 4);
  std::vector<tpcc::IntervalSample> warm(1);
  for (tpcc::IntervalSample& sample : warm) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  warm[0].warmup = true;
  warm[0].length_seconds = 10;
  warm[0].terminals = 4;
  warm[0].active_terminals = 2;
  record(warm[0].stats.txn[tpcc::kNewOrder], 50, 1000);
  figures.add_interval(warm);
  auto m = samples(figures.text());
  CHECK(m.at("tpcc_phase{phase=\"warmup\"}") == 1);
  CHECK(m.at("tpcc_transactions_total{type=\"new_order\",outcome=\"committed\"}") == 0);
  CHECK(m.at("tpcc_tpmc") == 300);
  CHECK(m.at("tpcc_active_terminals") == 2);

  std::vector<tpcc::IntervalSample> measured(1);
  for (tpcc::IntervalSample& sample : measured) sample.stats = tpcc::RunStats(tpcc::kTxnTypes);
  measured[0].length_seconds = 10;
  measured[0].terminals = 4;
  measured[0].active_terminals = 4;
  measured[0].downtime_seconds = 1.5;
  tpcc::LagReading lag;
  lag.replay_lag_ms = 250;
  measured[0].lag.push_back(lag);
  record(measured[0].stats.txn[tpcc::kNewOrder], 20, 1000);
  figures.add_interval(measured);
  m = samples(figures.text());
  CHECK(m.at("tpcc_phase{phase=\"measured\"}") == 1);
  CHECK(m.at("tpcc_transactions_total{type=\"new_order\",outcome=\"committed\"}") == 20);
  CHECK(m.at("tpcc_run_tpmc") == 120);
  CHECK(m.at("tpcc_active_terminals") == 4);
  CHECK(m.at("tpcc_downtime_seconds_total") == 1.5);
  CHECK(m.at("tpcc_replication_lag_seconds{standby=\"standby:5433\"}") == 0.25);

  // The end: the measured interval's figures as result.json holds them.
  tpcc::RunStats final_stats(tpcc::kTxnTypes);
  record(final_stats.txn[tpcc::kNewOrder], 23, 1000);
  figures.finish(final_stats, 11.5, 2.0);
  m = samples(figures.text());
  CHECK(m.at("tpcc_phase{phase=\"done\"}") == 1);
  CHECK(m.at("tpcc_transactions_total{type=\"new_order\",outcome=\"committed\"}") == 23);
  CHECK(m.at("tpcc_run_tpmc") == Approx(tpcc::tpmc(final_stats, 11.5)));
  CHECK(m.at("tpcc_downtime_seconds_total") == 2.0);
  // A line arriving after the end changes nothing.
  figures.add_interval(measured);
  CHECK(samples(figures.text())
            .at("tpcc_transactions_total{type=\"new_order\",outcome=\"committed\"}") == 23);
}

TEST_CASE("live: another workload's types name the series, slot by slot, with no tpmC gauge",
          "[live]") {
  tpcc::LiveFigures figures({}, 2);
  figures.set_workload({"tpcb-like", "select \"only\""}, false);
  std::vector<tpcc::IntervalSample> measured(1);
  measured[0].length_seconds = 1;
  measured[0].stats = tpcc::RunStats(2);  // the workload's two types
  record(measured[0].stats.txn[0], 9, 700);
  record(measured[0].stats.txn[1], 4, 300);
  figures.add_interval(measured);
  const std::string text = figures.text();
  const auto m = samples(text);
  CHECK(m.at("tpcc_transactions_total{type=\"tpcb-like\",outcome=\"committed\"}") == 9);
  CHECK(m.at("tpcc_transactions_total{type=\"select \\\"only\\\"\",outcome=\"committed\"}") == 4);
  CHECK(m.at("tpcc_latency_seconds_count{type=\"tpcb-like\"}") == 9);
  // Only the workload's two slots, none of TPC-C's names.
  CHECK(text.find("new_order") == std::string::npos);
  CHECK(text.find("type=\"payment\"") == std::string::npos);
  CHECK(m.count("tpcc_tpmc") == 0);
  CHECK(m.count("tpcc_run_tpmc") == 0);
  CHECK(m.at("tpcc_terminals") == 2);
}

TEST_CASE("live: what runs beside has series of its own, counted apart from the run's", "[live]") {
  tpcc::LiveFigures figures({}, 2);
  CHECK(figures.text().find("tpcc_side_") == std::string::npos);
  figures.set_side("ch", {"q1", "q2"});
  std::vector<tpcc::IntervalSample> run(1);
  run[0].length_seconds = 1;
  run[0].stats = tpcc::RunStats(tpcc::kTxnTypes);
  record(run[0].stats.txn[tpcc::kNewOrder], 5, 1000);
  figures.add_interval(run);
  // Two groups (the streams of two standbys): a warm-up line, then a measured one.
  std::vector<tpcc::IntervalSample> side(2);
  for (tpcc::IntervalSample& group : side) {
    group.stats = tpcc::RunStats(2);
    group.warmup = true;
    group.active_terminals = 1;
    record(group.stats.txn[0], 3, 200000);
  }
  figures.add_side_interval(side);
  auto m = samples(figures.text());
  CHECK(m.at("tpcc_side_transactions_total{workload=\"ch\",type=\"q1\",outcome=\"committed\"}") ==
        0);
  for (tpcc::IntervalSample& group : side) group.warmup = false;
  side[1].stats.txn[1].errors = 2;
  figures.add_side_interval(side);
  m = samples(figures.text());
  CHECK(m.at("tpcc_side_transactions_total{workload=\"ch\",type=\"q1\",outcome=\"committed\"}") ==
        6);
  CHECK(m.at("tpcc_side_transactions_total{workload=\"ch\",type=\"q2\",outcome=\"error\"}") == 2);
  CHECK(m.at("tpcc_side_latency_seconds_count{workload=\"ch\",type=\"q1\"}") == 6);
  CHECK(m.at("tpcc_side_latency_seconds_bucket{workload=\"ch\",type=\"q1\",le=\"+Inf\"}") == 6);
  CHECK(m.at("tpcc_side_active_terminals{workload=\"ch\"}") == 2);
  // The run's own counters hold only its own.
  CHECK(m.at("tpcc_transactions_total{type=\"new_order\",outcome=\"committed\"}") == 5);

  // The end: the streams' measured figures as result.json holds them.
  tpcc::RunStats side_final(2);
  record(side_final.txn[0], 7, 200000);
  figures.finish(run[0].stats, 1, 0, &side_final);
  m = samples(figures.text());
  CHECK(m.at("tpcc_side_transactions_total{workload=\"ch\",type=\"q1\",outcome=\"committed\"}") ==
        7);
}
