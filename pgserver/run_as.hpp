// Server programs run as another system user: initdb, pg_ctl and postgres
// refuse to run as root, so a root tpcc runs them as the user that owns the
// data directory (runuser, or su where runuser is missing).
#pragma once

#include <string>
#include <vector>

namespace tpcc {

class RunAs {
 public:
  // Commands run as this process's own user, unchanged.
  RunAs() = default;
  // Commands run as `user`. Throws std::runtime_error when neither runuser
  // nor su is found.
  static RunAs user(const std::string& name);

  // argv itself, or argv wrapped in runuser -u USER -- / su USER -c.
  std::vector<std::string> command(const std::vector<std::string>& argv) const;

 private:
  std::string user_;     // empty: this process's user
  std::string runuser_;  // runuser, or su as a fallback
  std::string su_;
};

}  // namespace tpcc
