#include "workloads/pgbench/script_options.hpp"

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#include "workloads/pgbench/script_value.hpp"

namespace tpcc::pgbench {

WeightedScript parse_weight(const std::string& option) {
  const std::size_t at = option.rfind('@');
  if (at == std::string::npos) return {option, 1};
  const std::string spec = option.substr(at);
  const std::string digits = option.substr(at + 1);
  errno = 0;
  char* end = nullptr;
  const long long w = std::strtoll(digits.c_str(), &end, 10);
  if (errno != 0 || digits.empty() || *end != '\0') {
    throw std::invalid_argument("invalid weight specification: " + spec);
  }
  if (w < 0 || w > INT_MAX) {
    throw std::invalid_argument("weight specification out of range (0 .. " +
                                std::to_string(INT_MAX) + "): " + std::to_string(w));
  }
  return {option.substr(0, at), static_cast<int>(w)};
}

std::size_t choose_script(const std::vector<int>& weights, Random& rng) {
  std::int64_t total = 0;
  for (const int w : weights) total += w;
  if (total <= 0) throw std::invalid_argument("total script weight must not be zero");
  std::int64_t draw = rng.uniform(0, total - 1);
  std::size_t i = 0;
  while (draw >= weights[i]) draw -= weights[i++];
  return i;
}

Define parse_define(const std::string& option) {
  const std::size_t eq = option.find('=');
  if (eq == std::string::npos) {
    throw std::invalid_argument("invalid variable definition: \"" + option + "\"");
  }
  Define d{option.substr(0, eq), option.substr(eq + 1)};
  if (!valid_variable_name(d.name)) {
    throw std::invalid_argument("invalid variable name: \"" + d.name + "\"");
  }
  return d;
}

}  // namespace tpcc::pgbench
