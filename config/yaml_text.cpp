#include "config/yaml_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "config/json_text.hpp"

namespace tpcc {
namespace {

using nlohmann::ordered_json;

// YAML 1.1 reads these words, in any case, as booleans or null.
constexpr std::array<const char*, 10> kWords = {"y",   "n",    "yes",   "no",   "on",
                                                "off", "true", "false", "null", "~"};

bool plain(const std::string& text) {
  if (text.empty() ||
      !(std::isalpha(static_cast<unsigned char>(text.front())) || text.front() == '/')) {
    return false;
  }
  const bool safe = std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '/' ||
           c == '-';
  });
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return safe && std::none_of(kWords.begin(), kWords.end(),
                              [&](const char* word) { return lower == word; });
}

std::string scalar(const ordered_json& j) {
  if (j.is_string()) return yaml_scalar(j.get<std::string>());
  if (j.is_object()) return "{}";  // only empty ones are written inline
  if (j.is_array()) return "[]";
  return json_text(j);
}

bool nested(const ordered_json& j) { return (j.is_object() || j.is_array()) && !j.empty(); }

void write(const ordered_json& j, std::size_t indent, std::string& out);

// A sequence at `indent`: "- " then the item, whose first line shares the dash's.
void write_sequence(const ordered_json& j, std::size_t indent, std::string& out) {
  const std::string pad(indent, ' ');
  for (const ordered_json& item : j) {
    if (!nested(item)) {
      out += pad + "- " + scalar(item) + "\n";
      continue;
    }
    std::string inner;
    write(item, indent + 2, inner);
    out += pad + "- " + inner.substr(indent + 2);
  }
}

void write(const ordered_json& j, std::size_t indent, std::string& out) {
  if (j.is_array()) {
    write_sequence(j, indent, out);
    return;
  }
  const std::string pad(indent, ' ');
  for (const auto& [key, value] : j.items()) {
    out += pad + yaml_scalar(key) + ":";
    if (!nested(value)) {
      out += " " + scalar(value) + "\n";
    } else {
      out += "\n";
      write(value, indent + 2, out);
    }
  }
}

}  // namespace

std::string yaml_scalar(const std::string& text) {
  return plain(text) ? text : json_text(ordered_json(text));
}

std::string yaml_text(const ordered_json& j) {
  std::string out;
  if (!nested(j)) return scalar(j) + "\n";
  write(j, 0, out);
  return out;
}

}  // namespace tpcc
