#include "config/command_line/props_apply.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "config/command_line/suggest.hpp"
#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"

namespace tpcc {
namespace {

// In a props file '#' and '//' start a comment only at the start of a line;
// "user=tpcc #the user" makes the comment part of the value. Said without
// quoting the value, which may be a password.
void warn_inline_comment(const PropEntry& e, const ParseState& st) {
  const std::string& v = e.value;
  for (std::size_t i = 0; i + 1 < v.size(); ++i) {
    if (v[i] != ' ' && v[i] != '\t') continue;
    const bool hash = v[i + 1] == '#';
    if (hash || v.compare(i + 1, 2, "//") == 0) {
      st.warn(e.where(), "the value of '" + e.key + "' contains '" + (hash ? "#" : "//") +
                             "' after a space; a comment starts only at the beginning of a "
                             "line, so that text is part of the value");
      return;
    }
  }
}

bool is_known_key(const std::string& key) {
  return setting_for_props_key(key) != nullptr || ignored_props_key_reason(key) != nullptr;
}

// A key as a message shows it: a password it may hold masked (mask_key),
// and every byte outside printable ASCII as \xNN, so that an invisible
// character (a byte-order mark, a zero-width space) is seen.
std::string visible_key(const std::string& key) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (const char c : mask_key(key)) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b < 0x7F) {
      out += c;
    } else {
      out += std::string("\\x") + kHex[b >> 4] + kHex[b & 0x0F];
    }
  }
  return out;
}

// An unknown key that was most likely meant as conn: the same letters with
// other characters around them ("\xE2\x80\x8Bconn", "Conn", "conn:"), or one
// edit away ("con"). A destructive verb must not take the PG* environment's
// database for the one such a line names (finish_config refuses).
bool looks_like_conn_key(const std::string& key) {
  std::string letters;
  for (const char c : key) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 && static_cast<unsigned char>(c) < 0x80) {
      letters += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return letters == "conn" || nearest_name(key, {"conn"}).has_value();
}

// The known key an unknown one was most likely meant as: conn for a key
// that spells it out with a connection string for its value
// ("connection=host=db1", "connstring=postgresql://..."), which the
// nearest by spelling ("connections") is not; otherwise that nearest.
std::optional<std::string> suggested_key(const PropEntry& e,
                                         const std::vector<std::string>& known) {
  std::string low;
  for (const char c : e.key) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool conninfo =
      e.value.find('=') != std::string::npos || e.value.find("://") != std::string::npos;
  if (low.find("conn") != std::string::npos && conninfo) return std::string("conn");
  return nearest_name(e.key, known);
}

}  // namespace

// A file without a single known key is not a props file, or not the right
// one: refused, so that no verb goes on with defaults (cleanup dropping the
// tables of the default connection). Unknown keys beside known ones stay
// warnings: BenchmarkSQL files have keys of other drivers.
void refuse_without_known_keys(const Props& props, Verb verb) {
  const auto& entries = props.entries();
  if (std::any_of(entries.begin(), entries.end(),
                  [](const PropEntry& e) { return is_known_key(e.key); })) {
    return;
  }
  const std::string head = "props file '" + props.file() + "'";
  const std::string tail =
      "; nothing was done (for the keys see 'tpcc " + std::string(verb_name(verb)) + " --help')";
  if (entries.empty()) {
    throw UsageError(head + " sets nothing: it has no key=value line" + tail);
  }
  constexpr std::size_t kShown = 3;
  const auto known = known_props_keys();
  std::string keys;
  for (std::size_t i = 0; i < entries.size() && i < kShown; ++i) {
    const auto near = nearest_name(entries[i].key, known);
    keys += (i == 0 ? "" : ", ") + entries[i].where() + ": '" + mask_key(entries[i].key) + "'" +
            (near ? " (did you mean " + *near + "?)" : "");
  }
  if (entries.size() > kShown) keys += " and " + std::to_string(entries.size() - kShown) + " more";
  throw UsageError(head + " has no key tpcc knows (" + keys + "), so it is not a props file" +
                   tail);
}

// Entries for settings are applied in file order; of a key given twice only
// the last counts. Unknown keys and ignored BenchmarkSQL keys are warnings.
void apply_props(const Props& props, ParseState& st) {
  if (props.had_byte_order_mark()) {
    st.warn(props.file() + ":1",
            "the file starts with a UTF-8 byte-order mark; tpcc ignores it, but Java's "
            "Properties (BenchmarkSQL) reads it as part of the first key" +
                (props.entries().empty() || props.entries().front().line != 1
                     ? std::string()
                     : ", so that for BenchmarkSQL " + props.entries().front().where() +
                           " does not set '" + visible_key(props.entries().front().key) + "'") +
                "; save the file without it");
  }
  std::map<std::string, const PropEntry*> last;
  for (const auto& e : props.entries()) last[e.key] = &e;
  std::vector<std::pair<const char*, std::vector<const PropEntry*>>> ignored;  // by reason
  const auto known = known_props_keys();
  for (const auto& e : props.entries()) {
    const PropEntry* winner = last[e.key];
    if (winner != &e) {
      st.warn(e.where(), "key '" + e.key + "' is set again on line " +
                             std::to_string(winner->line) + "; the last value (line " +
                             std::to_string(winner->line) + ") is used");
      continue;
    }
    if (const Setting* s = setting_for_props_key(e.key)) {
      warn_inline_comment(e, st);
      st.collect([&] {
        apply_setting(*s, e.value, Source{Layer::Props, e.key, e.where() + ": key '" + e.key + "'"},
                      st);
      });
    } else if (const char* reason = ignored_props_key_reason(e.key)) {
      if (*reason == '\0') continue;
      auto group = std::find_if(ignored.begin(), ignored.end(),
                                [&](const auto& g) { return g.first == reason; });
      if (group == ignored.end()) group = ignored.insert(ignored.end(), {reason, {}});
      group->second.push_back(&e);
    } else {
      const auto near = suggested_key(e, known);
      st.warn(e.where(), "unknown key '" + visible_key(e.key) + "' ignored" +
                             (near ? "; did you mean " + *near + "?" : ""));
      st.unknown_props_keys.push_back("unknown key '" + visible_key(e.key) + "' (" + e.where() +
                                      ")" + (near ? "; did you mean " + *near + "?" : ""));
      if (looks_like_conn_key(e.key)) {
        st.unread_conn_keys.push_back(e.where() + ": key '" + visible_key(e.key) + "'");
      }
    }
  }
  for (const auto& [reason, entries] : ignored) {
    std::string keys;
    for (const auto* e : entries) keys += (keys.empty() ? "" : ", ") + e->key;
    st.warn(entries.front()->where(), keys + ": ignored; " + reason);
  }
}

}  // namespace tpcc
