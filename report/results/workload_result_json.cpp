#include "report/results/workload_result_json.hpp"

#include <sstream>
#include <stdexcept>

#include "config/errors.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

// A number of result.json; none for null (a percentile turned off, WAL
// not read).
std::optional<double> number(const Json& j, const char* key) {
  if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
  return j.at(key).get<double>();
}

std::string cell_text(const std::optional<double>& value, int decimals) {
  return value ? fixed(*value, decimals) : std::string("-");
}

// queries of one kind per second of the measured interval.
std::optional<double> per_second_of(const Json& queries, const char* kind, double seconds) {
  if (seconds <= 0) return std::nullopt;
  return queries.at(kind).get<double>() / seconds;
}

// "p95": the key of the run's latency percentile; empty with --percentile 0.
std::string percentile_key(const Json& sysbench) {
  const int percentile = sysbench.at("percentile").get<int>();
  return percentile > 0 ? "p" + std::to_string(percentile) : std::string();
}

// sysbench's final block: tps, qps with its read / write / other split,
// the latency with the run's percentile (none with --percentile 0).
std::vector<WorkloadFigure> sysbench_headline(const Json& s, double seconds) {
  const Json& latency = s.at("latency_ms");
  const std::string percentile = percentile_key(s);
  std::vector<WorkloadFigure> figures = {
      {"tps", number(s, "tps"), 2, true},
      {"qps", number(s, "qps"), 2, true},
      {"read qps", per_second_of(s.at("queries"), "read", seconds)},
      {"write qps", per_second_of(s.at("queries"), "write", seconds)},
      {"other qps", per_second_of(s.at("queries"), "other", seconds)},
      {"latency min ms", number(latency, "min"), 3},
      {"latency avg ms", number(latency, "avg"), 3}};
  if (!percentile.empty()) {
    figures.push_back(
        {"latency " + percentile + " ms", number(latency, percentile.c_str()), 3, true, true});
  }
  figures.push_back({"latency max ms", number(latency, "max"), 3});
  figures.push_back({"transactions", number(s, "transactions"), 0});
  figures.push_back({"ignored errors", number(s, "ignored_errors"), 0});
  figures.push_back({"reconnects", number(s, "reconnects"), 0});
  return figures;
}

// Each standby's side of an oltp run: its read-only test's figures and
// its replication lag.
WorkloadTable standbys_table(const Json& standbys) {
  WorkloadTable t{"Standbys (read-only side)", {}};
  int number_of = 0;
  for (const Json& standby : standbys) {
    const Json& s = standby.at("sysbench");
    const Json& latency = s.at("latency_ms");
    const Json& replay = standby.at("replication_lag").is_null()
                             ? Json()
                             : standby.at("replication_lag").value("replay_lag_ms", Json());
    // Every side has the run's percentile.
    const std::string percentile = percentile_key(s);
    t.rows.header = {"standby",
                     "target",
                     "test",
                     "terminals",
                     "tps",
                     "qps",
                     "avg ms",
                     (percentile.empty() ? "-" : percentile) + " ms",
                     "replay lag p99 ms"};
    t.rows.rows.push_back(
        {std::to_string(++number_of), standby.at("target").get<std::string>(),
         standby.at("workload").get<std::string>(),
         std::to_string(standby.at("terminals").get<int>()), cell_text(number(s, "tps"), 2),
         cell_text(number(s, "qps"), 2), cell_text(number(latency, "avg"), 3),
         cell_text(percentile.empty() ? std::nullopt : number(latency, percentile.c_str()), 3),
         cell_text(replay.is_null() ? std::nullopt : number(replay, "p99"), 3)});
  }
  return t;
}

// pgbench's final block: tps, the latency average and stddev.
std::vector<WorkloadFigure> pgbench_headline(const Json& p) {
  const Json& latency = p.at("latency_ms");
  return {{"tps", number(p, "tps"), 2, true},
          {"latency avg ms", number(latency, "average"), 3, true},
          {"latency stddev ms", number(latency, "stddev"), 3},
          {"latency p99 ms", number(latency, "p99"), 3, false, true},
          {"transactions", number(p, "transactions"), 0},
          {"failed", number(p, "failed"), 0},
          {"scale", number(p, "scale"), 0}};
}

WorkloadTable scripts_table(const Json& scripts) {
  WorkloadTable t{"Scripts", {}};
  t.rows.header = {"script", "builtin", "transactions", "failed", "tps", "avg ms", "stddev ms"};
  for (const Json& s : scripts) {
    const Json& latency = s.at("latency_ms");
    t.rows.rows.push_back(
        {s.at("script").get<std::string>(), s.at("builtin").get<bool>() ? "yes" : "no",
         cell_text(number(s, "transactions"), 0), cell_text(number(s, "failed"), 0),
         cell_text(number(s, "tps"), 2), cell_text(number(latency, "average"), 3),
         cell_text(number(latency, "stddev"), 3)});
  }
  return t;
}

// The ingest's rates: rows/s, MB/s, the streams' spread, the statements'
// p50/p99, the WAL's MB/s (the streams are the facts' terminals).
std::vector<WorkloadFigure> ingest_headline(const Json& i) {
  const Json& streams = i.at("stream_rows_per_second");
  const Json& latency = i.at("statement_latency_ms");
  return {{"rows/s", number(i, "rows_per_second"), 2, true},
          {"MB/s", number(i, "payload_mb_per_second"), 3, true},
          {"rows", number(i, "rows"), 0},
          {"stream rows/s min", number(streams, "min")},
          {"stream rows/s avg", number(streams, "avg")},
          {"stream rows/s max", number(streams, "max")},
          {"statement p50 ms", number(latency, "p50"), 3},
          {"statement p99 ms", number(latency, "p99"), 3, false, true},
          {"WAL MB/s", number(i, "wal_mb_per_second"), 3}};
}

// The fields of a line, empty ones (a server metric not read) kept.
std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells(1);
  for (const char c : line) {
    if (c == ',') {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

// A whole field as a number; throws std::invalid_argument on any other text.
double number_in(const std::string& field) {
  std::size_t used = 0;
  const double value = std::stod(field, &used);
  if (used != field.size()) throw std::invalid_argument(field);
  return value;
}

// The column named name, or the first whose name starts with prefix
// ("lat_p"): its index; throws UsageError when the header has none.
std::size_t column(const std::vector<std::string>& header, const std::string& prefix,
                   const std::string& where) {
  for (std::size_t k = 0; k < header.size(); ++k) {
    if (header[k].rfind(prefix, 0) == 0) return k;
  }
  throw UsageError(where + ": line 1 has no column " + prefix +
                   " (not a workload's intervals.csv)");
}

}  // namespace

WorkloadFigures workload_figures_from_json(const Json& result, WorkloadKind kind) {
  WorkloadFigures f;
  f.workload = result.at("workload").get<std::string>();
  f.kind = kind;
  switch (kind) {
    case WorkloadKind::SysbenchOltp:
      f.headline =
          sysbench_headline(result.at("sysbench"), result.at("measured_seconds").get<double>());
      if (result.contains("standbys")) f.tables.push_back(standbys_table(result.at("standbys")));
      break;
    case WorkloadKind::Pgbench:
      f.headline = pgbench_headline(result.at("pgbench"));
      f.tables.push_back(scripts_table(result.at("pgbench").at("scripts")));
      break;
    case WorkloadKind::Ingest:
      // null when the run ended before its figures were counted.
      if (!result.at("ingest").is_null()) f.headline = ingest_headline(result.at("ingest"));
      break;
    case WorkloadKind::Tpcc: throw std::invalid_argument("a TPC-C result has no workload figures");
  }
  return f;
}

RunStats workload_totals_from_json(const Json& result) {
  // One slot holds the totals: the health lines read only their sums.
  RunStats stats(1);
  TxnStats& totals = stats.txn[0];
  totals.errors = result.at("errors").get<std::int64_t>();
  totals.retries = result.at("retries").get<std::int64_t>();
  totals.timeouts = result.at("timeouts").get<std::int64_t>();
  totals.unfinished = result.at("unfinished_at_end").get<std::int64_t>();
  stats.reconnects = result.at("reconnects").get<std::int64_t>();
  return stats;
}

WorkloadPoints read_workload_intervals_csv(const std::string& text, const std::string& where) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line)) throw UsageError(where + ": empty (no header line)");
  const std::vector<std::string> header = split(line);
  const std::size_t elapsed = column(header, "elapsed_s", where);
  const std::size_t warmup = column(header, "warmup", where);
  const std::size_t tps = column(header, "tps", where);
  const std::size_t qps = column(header, "qps", where);
  const std::size_t latency = column(header, "lat_p", where);
  WorkloadPoints points;
  try {
    // lat_p95_ms: the percentile between "lat_p" and "_ms".
    points.percentile = std::stoi(header[latency].substr(5));
    for (int number = 2; std::getline(in, line); ++number) {
      if (line.empty()) continue;
      const std::vector<std::string> c = split(line);
      if (c.size() < header.size()) {
        throw UsageError(where + ": line " + std::to_string(number) + " has " +
                         std::to_string(c.size()) + " columns, the header " +
                         std::to_string(header.size()));
      }
      points.points.push_back({number_in(c[elapsed]), c[warmup] == "1", number_in(c[tps]),
                               number_in(c[qps]), number_in(c[latency])});
    }
  } catch (const std::logic_error&) {
    throw UsageError(where + ": holds a value that is not a number");
  }
  return points;
}

}  // namespace tpcc
