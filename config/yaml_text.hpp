// YAML text of a JSON tree (block style, keys in the order set), for the
// manifests tpcc fleet writes: kubectl takes JSON as well, YAML is what
// people read and edit. Strings are written plain when YAML reads them back
// as the same string, and double-quoted (JSON's escapes, which YAML shares)
// otherwise.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace tpcc {

// One YAML document (no "---"), each line ending in '\n'.
std::string yaml_text(const nlohmann::ordered_json& j);

// A string as one YAML scalar: plain, or double-quoted where a plain one
// would be read as another string, a number, a boolean or null.
std::string yaml_scalar(const std::string& text);

}  // namespace tpcc
