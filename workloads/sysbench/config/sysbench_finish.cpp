// sysbench-tpcc's flags (workloads/sysbench/config/sysbench_settings.cpp) mapped onto tpcc's
// options once every layer is in. An alias follows the layers like any
// option: a flag beats a props key; given at the same layer as tpcc's own
// option with another value, both are named and nothing runs.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

#include "config/conn/conninfo.hpp"
#include "config/finish/finish.hpp"
#include "config/names.hpp"

namespace tpcc {
namespace {

// The --pgsql-* parts in the order a connection string usually has them.
constexpr std::array<const char*, 5> kConnectionOrder = {"host", "port", "user", "password",
                                                         "dbname"};

// sysbench-tpcc's defaults for the one of --tables and --scale not given.
constexpr int kSysbenchDefaultTables = 1;
constexpr int kSysbenchDefaultScale = 10;

// "hosts" for a disagreement about host, ...
std::string plural_part(const std::string& keyword) {
  if (keyword == "dbname") return "databases";
  return keyword + "s";
}

std::string given_text(const Source& source, const std::string& value) {
  return source.where + " " + value;
}

// The alias takes field's place unless the field was given at a higher
// layer; at the same layer with another value, a problem naming both.
template <typename T, typename Text>
void take_alias(const std::optional<Given<T>>& alias, T& field, const char* option, Text text,
                ParseState& st) {
  if (!alias) return;
  const std::optional<Source> field_source = st.given.source(option);
  if (field_source && field_source->layer == alias->source.layer) {
    if (field == alias->value) return;
    st.problem(given_text(alias->source, text(alias->value)) + " and " +
               given_text(*field_source, text(field)) + " disagree (--" + alias->source.key +
               " is sysbench's name for --" + option + "); give one of them");
    return;
  }
  if (field_source && field_source->layer > alias->source.layer) return;
  field = alias->value;
  st.given.record(option, alias->source);
}

std::string int_text(int n) { return std::to_string(n); }

std::string isolation_text(Isolation i) { return std::string(isolation_name(i)); }

std::string query_mode_text(QueryMode m) { return std::string(query_mode_name(m)); }

// "--tables 10" as given, or "--scale 10 (sysbench-tpcc's default)".
std::string factor_text(const std::optional<Given<int>>& given, const char* flag, int fallback) {
  if (given) return std::string(flag) + " " + std::to_string(given->value);
  return std::string(flag) + " " + std::to_string(fallback) + " (sysbench-tpcc's default)";
}

// warehouses = tables x scale: tpcc keeps all of them in one set of tables.
void take_tables_and_scale(ParseState& st) {
  const SysbenchFlags& sb = st.sysbench;
  if (!sb.tables && !sb.scale) return;
  const long long tables = sb.tables ? sb.tables->value : kSysbenchDefaultTables;
  const long long scale = sb.scale ? sb.scale->value : kSysbenchDefaultScale;
  const std::string product = factor_text(sb.tables, "--tables", kSysbenchDefaultTables) + " × " +
                              factor_text(sb.scale, "--scale", kSysbenchDefaultScale);
  const long long warehouses = tables * scale;
  if (warehouses > std::numeric_limits<int>::max()) {
    st.problem(product + " is " + std::to_string(warehouses) + " warehouses, too many");
    return;
  }
  Layer layer = sb.tables ? sb.tables->source.layer : sb.scale->source.layer;
  if (sb.scale && sb.scale->source.layer > layer) layer = sb.scale->source.layer;
  const std::optional<Source> known = st.given.source("warehouses");
  if (known && known->layer == layer && st.cfg.warehouses != warehouses) {
    st.problem(product + " (" + std::to_string(warehouses) + " warehouses) and " +
               given_text(*known, std::to_string(st.cfg.warehouses)) +
               " disagree; give one of them");
    return;
  }
  if (known && known->layer > layer) return;
  st.cfg.warehouses = static_cast<int>(warehouses);
  st.given.record("warehouses", Source{layer, "tables", product});
  st.cfg.warehouses_from_sysbench = product;
  st.cfg.notes.push_back("sysbench " + product + ": " + std::to_string(warehouses) +
                         " warehouses in one set of tables");
}

// With an oltp workload --tables counts sbtest tables (Config::oltp);
// --scale, sysbench-tpcc's warehouses per table set, is refused by its row.
void take_oltp_tables(ParseState& st) {
  const SysbenchFlags& sb = st.sysbench;
  if (sb.tables) st.cfg.oltp.tables = sb.tables->value;
  // check verifies the sbtest tables --tables names.
  if (st.cfg.verb == Verb::Check) {
    auto& noted = st.sysbench.without_effect;
    noted.erase(std::remove(noted.begin(), noted.end(), "--tables"), noted.end());
  }
}

// --time 0 is sysbench's "no limit": the run then needs --events to end.
// --events N over all threads is N / terminals per terminal, which needs
// the terminals to divide it; beside a --time above 0 sysbench stops at
// whichever comes first, which tpcc cannot.
void take_events_and_time(ParseState& st) {
  const SysbenchFlags& sb = st.sysbench;
  Config& c = st.cfg;
  const bool by_events = sb.events && sb.events->value > 0;
  if (sb.time && sb.time->value == 0 && !by_events) {
    st.problem(sb.time->source.where +
               ": 0 is out of range (1..2147483647) without --events; sysbench's 0 is no "
               "limit, and a run needs an end");
    return;
  }
  if (sb.time && sb.time->value > 0)
    take_alias(sb.time, c.duration_seconds, "duration", int_text, st);
  if (!by_events) return;
  const Given<long>& events = *sb.events;
  if (sb.time && sb.time->value > 0) {
    st.problem(given_text(events.source, std::to_string(events.value)) + " and " +
               given_text(sb.time->source, std::to_string(sb.time->value)) +
               ": sysbench stops at whichever comes first, tpcc at one of them; give --time=0 "
               "to run by events, or leave --events out");
    return;
  }
  if (events.value % c.terminals != 0) {
    st.problem(given_text(events.source, std::to_string(events.value)) +
               ": tpcc counts events per terminal, and " + std::to_string(events.value) +
               " is not a multiple of the " + std::to_string(c.terminals) + " terminals (" +
               (st.given.source("terminals") ? st.given.source("terminals")->where
                                             : std::string("--terminals default")) +
               "); give a multiple of them");
    return;
  }
  const long share = events.value / c.terminals;
  const std::optional<Source> txns = st.given.source("txns-per-terminal");
  if (txns && txns->layer == events.source.layer && c.txns_per_terminal != share) {
    st.problem(given_text(events.source, std::to_string(events.value)) + " (" +
               std::to_string(share) + " per terminal) and " +
               given_text(*txns, std::to_string(c.txns_per_terminal)) +
               " disagree; give one of them");
    return;
  }
  // A --txns-per-terminal flag beats a props file's events.
  if (txns && txns->layer > events.source.layer) return;
  const std::optional<Given<long>> per_terminal = Given<long>{share, events.source};
  take_alias(
      per_terminal, c.txns_per_terminal, "txns-per-terminal",
      [](long n) { return std::to_string(n); }, st);
  c.notes.push_back("sysbench --events " + std::to_string(events.value) + ": " +
                    std::to_string(share) + " per terminal over " + std::to_string(c.terminals) +
                    " terminals");
}

// --rand-seed on prepare is the data generator's seed (0, sysbench's "from
// the clock", keeps tpcc's).
void take_rand_seed_for_load(ParseState& st) {
  const SysbenchFlags& sb = st.sysbench;
  if (!sb.rand_seed || sb.rand_seed->value == 0) return;
  take_alias(
      sb.rand_seed, st.cfg.seed, "seed", [](std::uint64_t n) { return std::to_string(n); }, st);
  const std::optional<Source> seed = st.given.source("seed");
  st.cfg.seed_given = seed.has_value();
}

// Whether any of sysbench-tpcc's own flags was given: the command line is
// sysbench-tpcc's.
bool sysbench_line(const SysbenchFlags& sb) {
  return !sb.connection.empty() || sb.test || sb.threads || sb.tables || sb.scale || sb.time ||
         sb.trx_level || sb.ps_mode || sb.events || sb.warmup_time || sb.rand_seed;
}

// A sysbench-tpcc command line prints what sysbench-tpcc prints (its
// interval lines, sysbench's final block) unless --report-format says
// otherwise.
void take_sysbench_output(ParseState& st) {
  if (!sysbench_line(st.sysbench) || st.given.source("report-format")) return;
  st.cfg.report_format = ReportFormat::Sysbench;
}

void note_ignored(ParseState& st) {
  const SysbenchFlags& sb = st.sysbench;
  if (sb.without_effect.empty()) return;
  std::string flags;
  for (const std::string& flag : sb.without_effect) flags += (flags.empty() ? "" : ", ") + flag;
  st.cfg.notes.push_back("sysbench flags without effect on " + std::string(verb_name(st.cfg.verb)) +
                         ": " + flags);
}

}  // namespace

std::string with_pgsql_flags(const std::string& translated, Layer conn_layer, ParseState& st) {
  std::string conninfo = add_credentials(translated, st.user, st.password);
  for (const char* keyword : kConnectionOrder) {
    const auto given = st.sysbench.connection.find(keyword);
    if (given == st.sysbench.connection.end()) continue;
    const Given<std::string>& part = given->second;
    const auto named = conninfo_value(translated, keyword);
    if (named && conn_layer == part.source.layer && *named != part.value) {
      // Passwords are never shown, not even the one given.
      const bool secret = std::string(keyword) == "password";
      st.problem((secret ? part.source.where : given_text(part.source, part.value)) + " and " +
                 (conn_layer == Layer::Flag ? "--conn" : "props key conn") +
                 (secret ? "" : " (" + std::string(keyword) + "=" + *named + ")") +
                 " name different " + plural_part(keyword) + "; give one of them");
      continue;
    }
    if (named && conn_layer > part.source.layer) continue;
    // An empty password is sysbench's "none": libpq then looks for one.
    if (part.value.empty()) continue;
    conninfo = set_conninfo_value(conninfo, keyword, part.value);
  }
  return conninfo;
}

void finish_sysbench(ParseState& st) {
  const SysbenchFlags& sb = st.sysbench;
  Config& c = st.cfg;
  if (c.verb == Verb::Run) {
    take_alias(sb.threads, c.terminals, "terminals", int_text, st);
    take_events_and_time(st);
    take_alias(sb.warmup_time, c.warmup_seconds, "warmup", int_text, st);
    take_alias(sb.trx_level, c.isolation, "isolation", isolation_text, st);
    take_alias(sb.ps_mode, c.query_mode, "query-mode", query_mode_text, st);
  }
  if (c.verb == Verb::Prepare) {
    take_alias(sb.threads, c.load_workers, "load-workers", int_text, st);
    take_rand_seed_for_load(st);
  }
  if (c.workload == WorkloadKind::SysbenchOltp) {
    take_oltp_tables(st);
  } else if (c.workload == WorkloadKind::Tpcc && (c.verb == Verb::Run || c.verb == Verb::Prepare)) {
    // With pgbench --scale is its -s (finish_pgbench); --tables is refused by its row.
    take_tables_and_scale(st);
    if (c.verb == Verb::Run) take_sysbench_output(st);
  }
  note_ignored(st);
}

}  // namespace tpcc
