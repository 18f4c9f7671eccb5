// The one table of options: each flag, the props keys that set the same
// thing, the verbs that take it, its help, and how a value is applied. The
// command-line parser, the props layer and the help text are all driven by
// it, so an option cannot be documented without being parsed or the reverse.
#pragma once

#include <array>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

// Which verbs take an option (bit per Verb).
using VerbSet = unsigned;
constexpr VerbSet verb_bit(Verb v) { return 1u << static_cast<unsigned>(v); }
inline constexpr VerbSet kAllVerbs = 0x1F;

enum class Layer { Props, Flag };

// Where a value came from: the layer, the key or flag name as written, and
// the message prefix ("--duration" or "props.pg:7: key 'runMins'").
struct Source {
  Layer layer;
  std::string key;
  std::string where;
};

// Everything the layers leave for the final cross-option checks.
struct ParseState {
  Config cfg;
  std::ostream* warnings = nullptr;

  std::optional<std::string> conn;  // raw, translated once credentials are known
  std::string conn_where;
  std::optional<std::string> user;
  std::optional<std::string> password;
  std::string standby_where;
  std::optional<Source> standby_terminals_source;

  std::optional<Source> mix_source;                            // --mix or props key mix
  std::array<std::optional<double>, kTxnTypes> props_weights;  // newOrderWeight, ...
  std::string weights_where;                                   // first weight key
  std::optional<Source> profile_source;

  std::optional<Source> duration_source;
  std::optional<Source> txns_source;
  std::optional<Source> connections_source;
};

struct Setting {
  const char* flag;                     // long option without "--"; nullptr: props only
  const char* value_name;               // "N", "SEC"; nullptr: a switch (props value true/false)
  std::vector<const char*> props_keys;  // besides the flag name
  VerbSet verbs;
  const char* section;
  const char* help;
  void (*apply)(const std::string& value, const Source& source, ParseState& state);
  std::string (*show_default)(const Config& defaults);

  bool is_switch() const { return value_name == nullptr; }
};

const std::vector<Setting>& settings();

// The setting a props key belongs to (flag names count as keys), or nullptr.
const Setting* setting_for_props_key(const std::string& key);

// BenchmarkSQL keys with no meaning here, accepted without a warning.
bool is_ignored_props_key(const std::string& key);

// Section titles in help order.
const std::vector<const char*>& sections();

}  // namespace tpcc
