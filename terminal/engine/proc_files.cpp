#include "terminal/engine/proc_files.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tpcc {

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<ProcessTimes> process_times(long long pid) {
  const std::optional<std::string> text = read_text("/proc/" + std::to_string(pid) + "/stat");
  return text ? parse_proc_pid_stat(*text) : std::nullopt;
}

std::string process_command(long long pid) {
  const std::optional<std::string> text = read_text("/proc/" + std::to_string(pid) + "/stat");
  if (!text) return {};
  const std::size_t open = text->find('(');
  const std::size_t close = text->rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return {};
  return text->substr(open + 1, close - open - 1);
}

std::optional<std::vector<long long>> children_listed(long long parent) {
  const std::string self = std::to_string(parent);
  const std::optional<std::string> listed =
      read_text("/proc/" + self + "/task/" + self + "/children");
  if (!listed) return std::nullopt;
  std::vector<long long> children;
  std::istringstream pids(*listed);
  for (long long pid = 0; pids >> pid;) children.push_back(pid);
  return children;
}

std::vector<long long> children_scanned(long long parent) {
  std::vector<long long> children;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || !std::all_of(name.begin(), name.end(), [](char ch) {
          return std::isdigit(static_cast<unsigned char>(ch));
        })) {
      continue;
    }
    const std::optional<ProcessTimes> child = process_times(std::stoll(name));
    if (child && child->ppid == parent) children.push_back(std::stoll(name));
  }
  return children;
}

std::vector<long long> children_of(long long parent) {
  if (std::optional<std::vector<long long>> listed = children_listed(parent))
    return std::move(*listed);
  return children_scanned(parent);
}

}  // namespace tpcc
