// JSON text of a value, for every file tpcc writes. Text from outside the
// kit (a pgbench script's commands and file names, a server's messages and
// settings, in whatever encoding they came) may hold bytes that are not
// UTF-8; each such byte is written as U+FFFD rather than stopping the
// write, so that the results of a run are never lost to one character.
// What the user types (--label, --notes) is refused at parse instead
// (config/utf8.hpp).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace tpcc {

// j.dump(indent), with U+FFFD for any byte that is not UTF-8; indent -1:
// one line. An ordered_json keeps its keys in the order they were set.
std::string json_text(const nlohmann::json& j, int indent = -1);
std::string json_text(const nlohmann::ordered_json& j, int indent = -1);

}  // namespace tpcc
