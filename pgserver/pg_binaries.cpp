#include "pgserver/pg_binaries.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "pgserver/process.hpp"

namespace tpcc {

namespace fs = std::filesystem;

namespace {

bool executable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// pg_ctl starts the `postgres` next to itself, and initdb must match the
// server's version: all three have to come from one directory.
bool has_server_programs(const std::string& dir) {
  return !dir.empty() && executable(dir + "/initdb") && executable(dir + "/pg_ctl") &&
         executable(dir + "/postgres");
}

std::string real_dir_of(const std::string& program) {
  std::error_code ec;
  const fs::path real = fs::canonical(program, ec);
  return ec ? std::string() : real.parent_path().string();
}

std::string pg_config_bindir() {
  if (find_in_path("pg_config").empty()) return "";
  std::string out;
  try {
    if (run_process({"pg_config", "--bindir"}, {}, &out) != 0) return "";
  } catch (const std::runtime_error&) {
    return "";
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == ' '))
    out.pop_back();
  return out;
}

// Debian and Ubuntu install each major version side by side; prefer the newest.
std::vector<std::string> debian_bin_dirs() {
  std::vector<std::pair<int, std::string>> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name[0] < '0' || name[0] > '9' ||
        name.find_first_not_of("0123456789.") != std::string::npos) {
      continue;
    }
    found.emplace_back(std::stoi(name), (entry.path() / "bin").string());
  }
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> dirs;
  for (const auto& f : found) dirs.push_back(f.second);
  return dirs;
}

}  // namespace

std::string find_server_bin_dir() {
  std::vector<std::string> looked;

  const std::string in_path = find_in_path("pg_ctl");
  if (!in_path.empty() && !find_in_path("initdb").empty()) {
    const std::string dir = real_dir_of(in_path);
    if (has_server_programs(dir)) return dir;
    looked.push_back("PATH (pg_ctl found in " + dir + ", but not initdb and postgres beside it)");
  } else {
    looked.push_back("PATH (no initdb and pg_ctl)");
  }

  const std::string bindir = pg_config_bindir();
  if (has_server_programs(bindir)) return bindir;
  looked.push_back(bindir.empty() ? std::string("pg_config --bindir (no pg_config in PATH)")
                                  : "pg_config --bindir (" + bindir + ")");

  const auto debian = debian_bin_dirs();
  for (const auto& dir : debian) {
    if (has_server_programs(dir)) return dir;
  }
  looked.push_back(debian.empty() ? std::string("/usr/lib/postgresql/*/bin (none)")
                                  : "/usr/lib/postgresql/*/bin (none complete)");

  std::string message =
      "PostgreSQL server programs (initdb, pg_ctl, postgres) not found; looked in:";
  for (const auto& l : looked) message += "\n  - " + l;
  message +=
      "\nInstall the server (Debian: apt-get install postgresql) or put its bin directory in PATH.";
  throw std::runtime_error(message);
}

}  // namespace tpcc
