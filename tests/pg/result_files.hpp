// What the database tests read back from files: a file's text, and from a
// result directory a run wrote, result.json and intervals.csv as rows of
// named fields.
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tpcc::test {

// A file's whole text (binary: /proc's NUL-separated files too); empty when
// it cannot be read, as a log a run has not written yet.
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The line of a console table that starts with `first` (its first
// column's heading), its columns (two spaces or more apart) joined by " | ";
// empty when there is none.
inline std::string table_header(const std::string& output, const std::string& first) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  " + first + "  ", 0) != 0) continue;
    std::string columns;
    std::size_t at = line.find_first_not_of(' ');
    while (at != std::string::npos) {
      const std::size_t end = line.find("  ", at);
      columns += (columns.empty() ? "" : " | ") + line.substr(at, end - at);
      at = end == std::string::npos ? end : line.find_first_not_of(' ', end);
    }
    return columns;
  }
  return "";
}

inline nlohmann::json read_result(const std::string& dir) {
  std::ifstream in(std::filesystem::path(dir) / "result.json");
  if (!in) throw std::runtime_error("no result.json in " + dir);
  return nlohmann::json::parse(in);
}

// The rule of result.json's run_rules with that clause whose name contains
// `name` (any name when empty); throws when there is none.
inline nlohmann::json find_rule(const nlohmann::json& result, const std::string& clause,
                                const std::string& name = "") {
  for (const nlohmann::json& rule : result.at("run_rules").at("rules")) {
    if (rule.at("clause") == clause &&
        rule.at("name").get<std::string>().find(name) != std::string::npos) {
      return rule;
    }
  }
  throw std::runtime_error("no rule " + clause + " " + name + " in result.json");
}

// No field of the kit's intervals.csv is quoted.
inline std::vector<std::map<std::string, std::string>> read_intervals(const std::string& dir) {
  std::ifstream in(std::filesystem::path(dir) / "intervals.csv");
  if (!in) throw std::runtime_error("no intervals.csv in " + dir);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> names;
  std::istringstream header(line);
  for (std::string name; std::getline(header, name, ',');) names.push_back(name);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    std::map<std::string, std::string> row;
    std::istringstream fields(line + ",");
    std::string field;
    for (const std::string& name : names) {
      std::getline(fields, field, ',');
      row[name] = field;
    }
    rows.push_back(row);
  }
  return rows;
}

}  // namespace tpcc::test
