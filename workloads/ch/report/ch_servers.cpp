#include "workloads/ch/report/ch_servers.hpp"

#include <optional>

#include "report/results/json_number.hpp"
#include "report/results/json_round.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

// pg_stat_database_conflicts' reasons: the console's words, result.json's
// keys and the page's columns alike (confl_<key>).
struct ConflictField {
  const char* key;
  std::int64_t ChRecoveryConflicts::*count;
};
constexpr ConflictField kConflictFields[] = {{"snapshot", &ChRecoveryConflicts::snapshot},
                                             {"lock", &ChRecoveryConflicts::lock},
                                             {"bufferpin", &ChRecoveryConflicts::bufferpin},
                                             {"deadlock", &ChRecoveryConflicts::deadlock},
                                             {"tablespace", &ChRecoveryConflicts::tablespace}};

std::string freshness_line(const std::string& where, const ChFreshness& f) {
  return "    freshness" + where + ": p50 " + fixed(f.p50_ms, 1) + " ms, p99 " +
         fixed(f.p99_ms, 1) + " ms, max " + fixed(f.max_ms, 1) + " ms (" +
         std::to_string(f.samples) + " queries)\n";
}

std::string conflicts_line(const ChServerFigures& s) {
  std::string line = "    recovery conflicts on " + s.name + ": ";
  if (s.conflicts) {
    const ChRecoveryConflicts& c = *s.conflicts;
    line += std::to_string(conflicts_total(c)) + " (";
    for (const ConflictField& field : kConflictFields) {
      line += std::string(&field == kConflictFields ? "" : ", ") + field.key + " " +
              std::to_string(c.*field.count);
    }
    line += "; pg_stat_database_conflicts over the run)";
  } else {
    line += "not read";
  }
  line += "\n    hot_standby_feedback on " + s.name + ": ";
  if (!s.hot_standby_feedback) return line + "not read\n";
  if (!*s.hot_standby_feedback) return line + "off (the primary's vacuum may cancel its queries)\n";
  line += "on";
  if (s.primary_dead_tuples_growth) {
    line += ", the primary's dead tuples of TPC-C's tables grew by " +
            std::to_string(*s.primary_dead_tuples_growth) + " over the run";
  }
  return line + "\n";
}

std::optional<ChFreshness> freshness_from(const Json& j) {
  if (j.is_null()) return std::nullopt;
  ChFreshness f;
  f.p50_ms = j.at("p50").get<double>();
  f.p99_ms = j.at("p99").get<double>();
  f.max_ms = j.at("max").get<double>();
  f.samples = j.at("samples").get<std::int64_t>();
  return f;
}

ChServerFigures standby_from(const Json& j) {
  ChServerFigures s;
  s.name = "standby " + std::to_string(j.at("standby").get<int>());
  s.freshness = freshness_from(j.at("freshness_ms"));
  if (!j.at("conflicts").is_null()) {
    ChRecoveryConflicts c;
    for (const ConflictField& field : kConflictFields) {
      c.*field.count = j.at("conflicts").at(field.key).get<std::int64_t>();
    }
    s.conflicts = c;
  }
  if (!j.at("hot_standby_feedback").is_null()) {
    s.hot_standby_feedback = j.at("hot_standby_feedback").get<bool>();
  }
  if (j.contains("primary_dead_tuples_growth")) {
    s.primary_dead_tuples_growth = j.at("primary_dead_tuples_growth").get<std::int64_t>();
  }
  return s;
}

Json freshness_json(const ChFreshness& f) {
  return {{"p50", round_to(f.p50_ms, 3)},
          {"p99", round_to(f.p99_ms, 3)},
          {"max", round_to(f.max_ms, 3)},
          {"samples", f.samples}};
}

Json by_interval_json(const std::vector<ChFreshnessInterval>& intervals) {
  Json points = Json::array();
  for (const ChFreshnessInterval& i : intervals) {
    Json point = freshness_json(i.freshness);
    point["end_seconds"] = round_to(i.end_seconds, 3);
    points.push_back(point);
  }
  return points;
}

Json standby_json(std::size_t k, const ChServerFigures& s) {
  Json j;
  j["standby"] = k + 1;
  j["freshness_ms"] = s.freshness ? freshness_json(*s.freshness) : Json(nullptr);
  j["freshness_by_interval"] = by_interval_json(s.freshness_by_interval);
  j["conflicts"] = nullptr;
  if (s.conflicts) {
    for (const ConflictField& field : kConflictFields) {
      j["conflicts"][field.key] = (*s.conflicts).*field.count;
    }
  }
  j["hot_standby_feedback"] =
      s.hot_standby_feedback ? Json(*s.hot_standby_feedback) : Json(nullptr);
  if (s.primary_dead_tuples_growth) j["primary_dead_tuples_growth"] = *s.primary_dead_tuples_growth;
  return j;
}

std::vector<std::string> freshness_row(const std::string& server, const Json& f) {
  if (f.is_null()) return {server, "-", "-", "-", "-"};
  return {server, fixed_or_dash(json_number(f, "samples"), 0),
          fixed_or_dash(json_number(f, "p50"), 1), fixed_or_dash(json_number(f, "p99"), 1),
          fixed_or_dash(json_number(f, "max"), 1)};
}

std::string feedback_text(const Json& standby) {
  if (!standby.contains("hot_standby_feedback") || standby.at("hot_standby_feedback").is_null()) {
    return "-";
  }
  return standby.at("hot_standby_feedback").get<bool>() ? "on" : "off";
}

// One server's p50 and max lines, in one colour, of the intervals where
// queries started (an interval without any has no freshness to draw).
void add_freshness_lines(WorkloadChart& chart, const std::string& server, const Json& intervals,
                         std::size_t colour) {
  WorkloadLine p50{server + " p50", {}, {}, false, colour};
  WorkloadLine max{server + " max", {}, {}, true, colour};
  for (const Json& i : intervals) {
    if (json_number(i, "samples").value_or(0) <= 0) continue;
    const double end = i.at("end_seconds").get<double>();
    p50.x.push_back(end);
    p50.y.push_back(i.at("p50").get<double>());
    max.x.push_back(end);
    max.y.push_back(i.at("max").get<double>());
  }
  chart.lines.push_back(std::move(p50));
  chart.lines.push_back(std::move(max));
}

}  // namespace

std::string ch_servers_lines(const ChFigures& f) {
  std::string out;
  for (const ChServerFigures& s : f.servers) {
    const bool primary = s.name == "primary";
    if (s.freshness) out += freshness_line(primary ? "" : " on " + s.name, *s.freshness);
    if (!primary) out += conflicts_line(s);
  }
  return out;
}

void add_ch_servers_json(Json& ch, const ChFigures& f) {
  if (f.servers.empty()) return;
  ch["freshness_ms"] = f.freshness ? freshness_json(*f.freshness) : Json(nullptr);
  if (f.on != "standby") {
    ch["freshness_by_interval"] = by_interval_json(f.servers.front().freshness_by_interval);
    return;
  }
  Json standbys = Json::array();
  for (std::size_t k = 0; k < f.servers.size(); ++k)
    standbys.push_back(standby_json(k, f.servers[k]));
  ch["standbys"] = standbys;
}

void read_ch_servers_json(const Json& ch, ChFigures& f) {
  if (!ch.contains("freshness_ms")) return;
  f.freshness = freshness_from(ch.at("freshness_ms"));
  if (!ch.contains("standbys")) {
    ChServerFigures primary;
    primary.name = "primary";
    primary.freshness = f.freshness;
    f.servers.push_back(primary);
    return;
  }
  for (const Json& standby : ch.at("standbys")) f.servers.push_back(standby_from(standby));
}

std::vector<WorkloadTable> ch_servers_tables(const Json& ch) {
  std::vector<WorkloadTable> tables;
  if (!ch.contains("freshness_ms")) return tables;
  WorkloadTable freshness{"Freshness: query start - the newest heartbeat its snapshot saw", {}};
  freshness.rows.header = {"server", "queries", "p50 ms", "p99 ms", "max ms"};
  if (!ch.contains("standbys")) {
    freshness.rows.rows.push_back(freshness_row("primary", ch.at("freshness_ms")));
    tables.push_back(freshness);
    return tables;
  }
  WorkloadTable conflicts{"Recovery conflicts on standbys, over the run", {}};
  conflicts.rows.header = {"standby"};
  for (const ConflictField& field : kConflictFields) conflicts.rows.header.push_back(field.key);
  conflicts.rows.header.push_back("hot_standby_feedback");
  conflicts.rows.header.push_back("primary dead tuples growth");
  for (const Json& s : ch.at("standbys")) {
    const std::string name = "standby " + std::to_string(s.at("standby").get<int>());
    freshness.rows.rows.push_back(freshness_row(name, s.at("freshness_ms")));
    std::vector<std::string> row = {name};
    const Json& c = s.at("conflicts");
    for (const ConflictField& field : kConflictFields) {
      row.push_back(c.is_null() ? "-" : fixed_or_dash(json_number(c, field.key), 0));
    }
    row.push_back(feedback_text(s));
    row.push_back(fixed_or_dash(json_number(s, "primary_dead_tuples_growth"), 0));
    conflicts.rows.rows.push_back(row);
  }
  tables.push_back(freshness);
  tables.push_back(conflicts);
  return tables;
}

std::vector<WorkloadChart> ch_servers_charts(const Json& ch) {
  if (!ch.contains("freshness_ms")) return {};
  WorkloadChart chart{"freshness per interval, p50 and max (dashed) per server", "ms", {}};
  if (ch.contains("standbys")) {
    for (const Json& s : ch.at("standbys")) {
      const int k = s.at("standby").get<int>();
      add_freshness_lines(chart, "standby " + std::to_string(k), s.at("freshness_by_interval"),
                          static_cast<std::size_t>(k));
    }
  } else if (ch.contains("freshness_by_interval")) {
    add_freshness_lines(chart, "primary", ch.at("freshness_by_interval"), 0);
  }
  return {chart};
}

}  // namespace tpcc
