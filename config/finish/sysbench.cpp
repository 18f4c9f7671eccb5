// sysbench-tpcc's flags (config/settings/sysbench.cpp) mapped onto tpcc's
// options once every layer is in. An alias follows the layers like any
// option: a flag beats a props key; given at the same layer as tpcc's own
// option with another value, both are named and nothing runs.
#include <array>
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
    take_alias(sb.time, c.duration_seconds, "duration", int_text, st);
    take_alias(sb.trx_level, c.isolation, "isolation", isolation_text, st);
    take_alias(sb.ps_mode, c.query_mode, "query-mode", query_mode_text, st);
  }
  if (c.verb == Verb::Prepare) {
    take_alias(sb.threads, c.load_workers, "load-workers", int_text, st);
  }
  if (c.verb == Verb::Run || c.verb == Verb::Prepare) take_tables_and_scale(st);
  note_ignored(st);
}

}  // namespace tpcc
