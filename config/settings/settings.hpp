// The one table of options: each flag, the props keys that set the same
// thing, the verbs that take it, its help, and how a value is applied. The
// command-line parser, the props layer and the help text are all driven by
// it, so an option cannot be documented without being parsed or the reverse.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "config/config.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/given_options.hpp"
#include "config/workload_config.hpp"

namespace tpcc {

// Which verbs take an option (bit per Verb).
using VerbSet = unsigned;
constexpr VerbSet verb_bit(Verb v) { return 1u << static_cast<unsigned>(v); }
// Every verb that reaches a database (all but report).
inline constexpr VerbSet kAllVerbs = 0x3F | verb_bit(Verb::Snapshot) | verb_bit(Verb::Capacity);

// A connection string as written, before JDBC translation and credentials.
struct RawConn {
  std::string text;
  std::string where;
  Layer layer = Layer::Props;
};

// A value of one of sysbench-tpcc's flags (workloads/sysbench/config/sysbench_settings.cpp),
// kept apart until finish_sysbench() weighs it against tpcc's own option.
template <typename T>
struct Given {
  T value{};
  Source source;
};

// sysbench-tpcc's flags as given; workloads/sysbench/config/sysbench_finish.cpp maps them.
struct SysbenchFlags {
  // libpq keyword (host, port, user, password, dbname) -> --pgsql-* value.
  std::map<std::string, Given<std::string>> connection;
  std::optional<Given<int>> threads;
  std::optional<Given<int>> tables;
  std::optional<Given<int>> scale;
  std::optional<Given<int>> time;
  std::optional<Given<Isolation>> trx_level;
  std::optional<Given<QueryMode>> ps_mode;  // --db-ps-mode: auto is prepared, disable simple
  // The test word before the command word (or --test), which names the
  // workload as --workload does (workloads/sysbench/config/oltp_settings.cpp).
  std::optional<Given<WorkloadName>> test;
  std::optional<Given<long>> events;      // --events: over all threads
  std::optional<Given<int>> warmup_time;  // --warmup-time: run's --warmup
  std::optional<Given<std::uint64_t>> rand_seed;
  // The sysbench flags given to a verb they have no effect on, for one note.
  std::vector<std::string> without_effect;
};

// Everything the layers leave for the final cross-option checks.
struct ParseState {
  Config cfg;
  std::ostream* warnings = nullptr;
  // Every configuration error found; all are reported together at the end.
  std::vector<std::string> problems;

  // Runs f; a UsageError it throws becomes one of the problems instead of
  // ending the parse.
  template <typename F>
  void collect(F&& f) {
    try {
      f();
    } catch (const UsageError& e) {
      problems.emplace_back(e.what());
    }
  }
  void problem(const std::string& message) { problems.push_back(message); }
  // "tpcc: <where>: warning: <text>" on the warnings stream.
  void warn(const std::string& where, const std::string& text) const;

  std::optional<RawConn> conn;  // raw, translated once credentials are known
  // Props lines whose key was most likely meant as conn but is not it
  // ("props.pg:1: key '\xEF\xBB\xBFconn'"): a destructive verb refuses to
  // fall back to the PG* environment then.
  std::vector<std::string> unread_conn_keys;
  // Every unknown props key as a message shows it ("unknown key
  // 'connection' (props.pg:3); did you mean conn?"): a destructive verb
  // that finds no conn names them in its refusal.
  std::vector<std::string> unknown_props_keys;
  std::optional<std::string> user;
  std::optional<std::string> password;

  // Every option given explicitly, with where its value came from.
  GivenOptions given;
  // The flags (by their table name) given on the command line by their twin
  // spelling (Setting::twin), so that messages say what was written.
  std::vector<std::string> flags_given_as_twin;

  SysbenchFlags sysbench;
  std::optional<double> terminal_multiplier;                   // BenchmarkSQL 6 terminalMultiplier
  std::array<std::optional<double>, kTxnTypes> props_weights;  // newOrderWeight, ...
  std::string weights_where;                                   // first weight key

  // Standbys: --standby-conn flags in order; props standbyConn (1),
  // standbyConn2, standbyConn3, ... by number.
  std::vector<RawConn> standby_flags;
  std::map<int, RawConn> standby_props;
  std::optional<int> standby_terminals;
  std::optional<std::array<double, 2>> standby_mix;      // --standby-mix: Order-Status, Stock-Level
  std::array<std::optional<double>, 2> standby_weights;  // props standby*Weight
  std::string standby_weights_where;
};

// What a flag given more than once means.
enum class Repeat {
  Once,  // an error
  Join,  // the values joined with ',' (lists of table=value pairs)
  Each,  // applied once per value, in order (--standby-conn)
  Many,  // as Each, and one flag takes several values (--merge A B)
};

// Where an option's value is kept in config.json (the effective settings
// saved with every result) and how it is read back: section ("prepare",
// "run", ...) and key, the value taken from the Config and put back into
// one. An option without one says why (none): a props-only alias of
// another option, a flag of another verb, or a value config.json keeps in
// a shape of its own (the mix, the per-table maps, the standbys).
struct ConfigJsonField {
  const char* section = nullptr;  // nullptr: not in config.json by a key of its own
  const char* key = nullptr;
  nlohmann::ordered_json (*write)(const Config&) = nullptr;
  void (*read)(const nlohmann::json& value, Config& config) = nullptr;
  const char* none = nullptr;  // without a section: why
};

struct Setting {
  const char* flag;                     // long option without "--"; nullptr: props only
  const char* value_name;               // "N", "SEC"; nullptr: a switch (props value true/false)
  std::vector<const char*> props_keys;  // besides the flag name
  VerbSet verbs;
  WorkloadSet workloads;  // the workloads that use its value
  const char* section;
  const char* help;
  void (*apply)(const std::string& value, const Source& source, ParseState& state);
  std::string (*show_default)(const Config& defaults);
  Repeat repeat = Repeat::Once;
  ConfigJsonField json;
  // Each props key (not the flag name) sets one part of the value, as the
  // mix weights do: given, it is recorded under its own name, not as the
  // option (ParseState::given).
  bool props_keys_set_parts = false;
  // The flag's other spelling, the same option on the command line and as
  // a props key: sysbench takes --table_size for --table-size and the
  // reverse. Messages name the spelling given.
  const char* twin = nullptr;

  bool is_switch() const { return value_name == nullptr; }
};

const std::vector<Setting>& settings();

// Whether verb takes the option: tpcc sweep takes every run option and its
// own (config/settings/sweep.cpp).
bool verb_takes(const Setting& s, Verb verb);

// Whether the workload uses the option's value.
bool workload_takes(const Setting& s, WorkloadKind workload);

// "TPC-C's", "TPC-C's and pgbench's": whose option it is, for messages
// and the options page.
std::string workloads_text(WorkloadSet workloads);

// "all", or the workloads by name ("tpcc, pgbench"; "oltp_*" for
// sysbench's tests), for the options page.
std::string workload_list(WorkloadSet workloads);

// An option's name: its flag, or its first props key when it has no flag.
std::string option_name(const Setting& s);

// Applies a value to the option and, when it is taken (no UsageError),
// records where it came from in st.given.
void apply_setting(const Setting& s, const std::string& value, const Source& source,
                   ParseState& st);

// The setting a props key belongs to (flag names count as keys), or nullptr.
// standbyConn2, standbyConn3, ... belong to --standby-conn.
const Setting* setting_for_props_key(const std::string& key);

// The number of a standby connection key: standbyConn and standby-conn are 1,
// standbyConnN is N (>= 2); nullopt for any other key.
std::optional<int> standby_conn_number(const std::string& key);

// BenchmarkSQL keys accepted but without effect here: nullptr for any other
// key; an empty string for keys ignored silently (db, driver: the JDBC
// driver's business); otherwise why the key is ignored, for one warning.
const char* ignored_props_key_reason(const std::string& key);

// Every key a props file may use (flag names, BenchmarkSQL keys, ignored
// keys), for suggesting the nearest one to a misspelt key.
std::vector<std::string> known_props_keys();

// Section titles in help order.
const std::vector<const char*>& sections();

}  // namespace tpcc
