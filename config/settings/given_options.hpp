// Where each value of the configuration came from, and which options were
// given explicitly: the cross-option checks (config/finish/) name the flag
// or props key at fault, and --spec, terminalMultiplier and the sysbench
// aliases change only what nobody gave.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tpcc {

enum class Layer { Props, Flag };

// Where a value came from: the layer, the key or flag name as written, and
// the message prefix ("--duration" or "props.pg:7: key 'runMins'").
struct Source {
  Layer layer;
  std::string key;
  std::string where;
};

// The options given explicitly, each under its name in the options table
// (its flag, or its first props key when it has no flag). The parser
// records every value a flag or props key sets without error
// (apply_setting); the finish steps record what they derive (terminals from
// terminalMultiplier or --spec, warehouses from sysbench's --tables, the
// mix from BenchmarkSQL's weights). A props key that sets one part of a
// value (a mix weight) is recorded under its own name, not as the option.
class GivenOptions {
 public:
  // The source of the value that counts (the last recorded), nullopt when
  // the option was not given. A name that is no option's is a
  // std::logic_error (a misspelt name in the kit, not in the input).
  std::optional<Source> source(std::string_view option) const;
  // Whether any value was recorded under this key as written (a flag name
  // or a props key), whether or not it is the one that counts.
  bool key_given(std::string_view key) const;
  void record(std::string option, Source source);

 private:
  std::vector<std::pair<std::string, Source>> recorded_;  // in the order given
};

}  // namespace tpcc
