#include "config/settings/given_options.hpp"

#include <algorithm>
#include <stdexcept>

#include "config/conn/mask.hpp"
#include "config/settings/settings.hpp"
#include "config/utf8.hpp"

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

// result.json and config.json are JSON, which holds UTF-8 text only: a
// value in another encoding (a Latin-1 byte in --label) is refused here,
// before any connection, rather than stopping the run when the files are
// written. A password is never written (masked), so it may be any bytes;
// so may the password inside a connection string.
void require_utf8(const Setting& s, const std::string& value, const Source& source) {
  if (s.value_name != nullptr && std::string_view(s.value_name) == "SECRET") return;
  const bool conninfo = s.value_name != nullptr && std::string_view(s.value_name) == "CONNINFO";
  const std::string shown = conninfo ? mask_password(value) : value;
  const auto at = first_non_utf8(shown);
  if (!at) return;
  throw UsageError(source.where + ": the value holds the byte " +
                   byte_text(static_cast<unsigned char>(shown[*at])) + " (at byte " +
                   std::to_string(*at + 1) +
                   "), which is not UTF-8 text; the result files keep text as UTF-8: give the "
                   "value in UTF-8 (nothing was done)");
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
  require_utf8(s, value, source);
  s.apply(value, source, st);
  const bool part = s.props_keys_set_parts && source.layer == Layer::Props &&
                    (s.flag == nullptr || source.key != s.flag);
  st.given.record(part ? source.key : option_name(s), source);
}

}  // namespace tpcc
