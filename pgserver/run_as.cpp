#include "pgserver/run_as.hpp"

#include <unistd.h>

#include <stdexcept>

#include "pgserver/process.hpp"

namespace tpcc {
namespace {

std::string first_existing(const std::vector<std::string>& candidates) {
  for (const auto& c : candidates) {
    if (c.find('/') == std::string::npos) {
      std::string found = find_in_path(c);
      if (!found.empty()) return found;
    } else if (::access(c.c_str(), X_OK) == 0) {
      return c;
    }
  }
  return "";
}

}  // namespace

RunAs RunAs::user(const std::string& name) {
  RunAs r;
  r.user_ = name;
  r.runuser_ = first_existing({"runuser", "/usr/sbin/runuser", "/sbin/runuser"});
  if (r.runuser_.empty()) r.su_ = first_existing({"su", "/bin/su", "/usr/bin/su"});
  if (r.runuser_.empty() && r.su_.empty()) {
    throw std::runtime_error(
        "neither runuser nor su was found to run the server programs as the '" + name + "' user");
  }
  return r;
}

std::vector<std::string> RunAs::command(const std::vector<std::string>& argv) const {
  if (user_.empty()) return argv;
  if (!runuser_.empty()) {
    std::vector<std::string> cmd{runuser_, "-u", user_, "--"};
    cmd.insert(cmd.end(), argv.begin(), argv.end());
    return cmd;
  }
  // su takes one shell command line; every argument is quoted.
  return {su_, user_, "-s", "/bin/sh", "-c", shell_join(argv)};
}

}  // namespace tpcc
