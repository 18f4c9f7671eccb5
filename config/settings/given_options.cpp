#include "config/settings/given_options.hpp"

#include <algorithm>
#include <stdexcept>

#include "config/settings/settings.hpp"

namespace tpcc {
namespace {

void require_option_name(std::string_view name) {
  for (const Setting& s : settings()) {
    if (name == option_name(s)) return;
    if (!s.props_keys_set_parts) continue;
    for (const char* key : s.props_keys) {
      if (name == key) return;
    }
  }
  throw std::logic_error("no option is named '" + std::string(name) + "'");
}

}  // namespace

std::optional<Source> GivenOptions::source(std::string_view option) const {
  require_option_name(option);
  const auto last = std::find_if(recorded_.rbegin(), recorded_.rend(),
                                 [&](const auto& entry) { return entry.first == option; });
  if (last == recorded_.rend()) return std::nullopt;
  return last->second;
}

bool GivenOptions::key_given(std::string_view key) const {
  return std::any_of(recorded_.begin(), recorded_.end(),
                     [&](const auto& entry) { return entry.second.key == key; });
}

void GivenOptions::record(std::string option, Source source) {
  require_option_name(option);
  recorded_.emplace_back(std::move(option), std::move(source));
}

std::string option_name(const Setting& s) {
  return s.flag != nullptr ? std::string(s.flag) : std::string(s.props_keys.front());
}

void apply_setting(const Setting& s, const std::string& value, const Source& source,
                   ParseState& st) {
  s.apply(value, source, st);
  const bool part = s.props_keys_set_parts && source.layer == Layer::Props &&
                    (s.flag == nullptr || source.key != s.flag);
  st.given.record(part ? source.key : option_name(s), source);
}

}  // namespace tpcc
