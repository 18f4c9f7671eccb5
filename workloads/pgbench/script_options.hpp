// pgbench's ways of naming what to run: FILE@W / NAME@W for a script and
// its weight, and -D NAME=VALUE for a variable. The caller turns the
// std::invalid_argument these throw into exit 2 naming its flag.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "spec/random.hpp"

namespace tpcc::pgbench {

struct WeightedScript {
  std::string name;  // a file name or a builtin's (prefix of a) name
  int weight = 1;    // 1 when no @W is given; 0 leaves the script out
};

// "FILE@W": the text after the last '@' is the weight, 0 to 2147483647
// ("invalid weight specification: @x", "weight specification out of range
// (0 .. 2147483647): -1", as pgbench words them).
WeightedScript parse_weight(const std::string& option);

// The index of the script a client runs next, drawn with the weights as
// pgbench draws it: uniform in [0, total weight), then the first script
// whose cumulative weight passes it; a weight of 0 is never drawn. Throws
// std::invalid_argument("total script weight must not be zero").
std::size_t choose_script(const std::vector<int>& weights, Random& rng);

struct Define {
  std::string name;
  std::string value;  // as text: pgbench reads it as a number or a boolean on use
};

// "NAME=VALUE", split at the first '=' ("invalid variable definition:
// \"x\"", "invalid variable name: \"1x\"").
Define parse_define(const std::string& option);

}  // namespace tpcc::pgbench
