#include "terminal/engine/open_limits.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <fstream>
#include <optional>
#include <sstream>

#include "config/errors.hpp"
#include "terminal/engine/engine.hpp"

namespace tpcc {
namespace {

constexpr const char* kFewer =
    "or run fewer connections (--terminals, --connections, --standby-terminals)";

std::uint64_t rlimit_value(rlim_t v) {
  return v == RLIM_INFINITY ? UINT64_MAX : static_cast<std::uint64_t>(v);
}

std::string limit_text(std::uint64_t v) {
  return v == UINT64_MAX ? "unlimited" : std::to_string(v);
}

// The first whitespace-separated word of a file, or nullopt.
std::optional<std::string> first_word(const std::string& path) {
  std::ifstream in(path);
  std::string word;
  if (!(in >> word)) return std::nullopt;
  return word;
}

std::optional<std::uint64_t> number_in(const std::string& path) {
  const auto word = first_word(path);
  if (!word || word->empty() || word->find_first_not_of("0123456789") != std::string::npos) {
    return std::nullopt;
  }
  return std::stoull(*word);
}

// Threads (and processes) that exist now: /proc/loadavg "0.1 0.2 0.3 5/115 8225".
std::uint64_t threads_now() {
  std::ifstream in("/proc/loadavg");
  std::string a, b, c, running;
  if (!(in >> a >> b >> c >> running)) return 0;
  const auto slash = running.find('/');
  return slash == std::string::npos ? 0 : std::stoull(running.substr(slash + 1));
}

// A system-wide limit no process can raise, less what is in use.
ResourceLimit fixed_limit(const std::string& name, std::uint64_t limit, std::uint64_t used,
                          std::uint64_t needed, const std::string& how) {
  const std::uint64_t left = limit > used ? limit - used : 0;
  return {"what is left under " + name + " (" + std::to_string(limit) + ", " +
              std::to_string(used) + " in use)",
          "threads",
          needed,
          left,
          left,
          how};
}

// The pids controller of this process's cgroup (v2, then v1), if it limits.
std::optional<ResourceLimit> cgroup_pids_limit(std::uint64_t needed) {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    const auto first = line.find(':');
    const auto second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    std::string dir;
    if (controllers.empty()) dir = "/sys/fs/cgroup" + path;
    if (controllers == "pids") dir = "/sys/fs/cgroup/pids" + path;
    if (dir.empty()) continue;
    const auto max = number_in(dir + "/pids.max");
    if (!max) continue;  // "max" (no limit) or no such controller
    return fixed_limit("the cgroup's pids.max (" + dir + ")", *max,
                       number_in(dir + "/pids.current").value_or(0), needed,
                       "raise the container's or service's pids limit (docker --pids-limit, "
                       "systemd TasksMax=)");
  }
  return std::nullopt;
}

// The limits a run of `connections` meets, as they stand.
std::vector<ResourceLimit> current_limits(std::uint64_t files, std::uint64_t threads) {
  std::vector<ResourceLimit> limits;
  rlimit rl{};
  if (::getrlimit(RLIMIT_NOFILE, &rl) == 0) {
    limits.push_back({"the soft limit of open files (RLIMIT_NOFILE)", "open files", files,
                      rlimit_value(rl.rlim_cur), rlimit_value(rl.rlim_max),
                      "raise it with 'ulimit -n " + std::to_string(files) +
                          "' before starting tpcc (above the hard limit: as root, or in "
                          "/etc/security/limits.conf or the service's LimitNOFILE=)"});
  }
  // The kernel does not apply RLIMIT_NPROC to root.
  if (::geteuid() != 0 && ::getrlimit(RLIMIT_NPROC, &rl) == 0) {
    limits.push_back({"the soft limit of processes and threads of this user (RLIMIT_NPROC)",
                      "threads", threads, rlimit_value(rl.rlim_cur), rlimit_value(rl.rlim_max),
                      "raise it with 'ulimit -u " + std::to_string(threads) +
                          "' before starting tpcc (above the hard limit: as root, or in "
                          "/etc/security/limits.conf)"});
  }
  const std::uint64_t used = threads_now();
  if (const auto max = number_in("/proc/sys/kernel/threads-max")) {
    limits.push_back(fixed_limit("kernel.threads-max", *max, used, threads,
                                 "raise it with 'sysctl -w kernel.threads-max=" +
                                     std::to_string(*max + threads) + "' (as root)"));
  }
  if (const auto max = number_in("/proc/sys/kernel/pid_max")) {
    limits.push_back(fixed_limit("kernel.pid_max", *max, used, threads,
                                 "raise it with 'sysctl -w kernel.pid_max=" +
                                     std::to_string(*max + threads) + "' (as root)"));
  }
  if (auto pids = cgroup_pids_limit(threads)) limits.push_back(std::move(*pids));
  return limits;
}

int rlimit_resource(const ResourceLimit& limit) {
  return limit.name.find("RLIMIT_NOFILE") != std::string::npos ? RLIMIT_NOFILE : RLIMIT_NPROC;
}

}  // namespace

int run_connection_count(const Config& config) {
  long long total = resolved_connections(config);
  if (config.delivery_mode == DeliveryMode::Deferred) total += config.delivery_workers;
  for (const StandbyTarget& standby : config.standbys) total += standby.terminals;
  if (!config.standbys.empty()) total += 1 + static_cast<long long>(config.standbys.size());
  // A mixed run's analytic streams: on the primary, or on each standby.
  total += static_cast<long long>(config.ch_streams) *
           (config.ch_on == ChOn::Standby ? static_cast<long long>(config.standbys.size()) : 1);
  return total > INT32_MAX ? INT32_MAX : static_cast<int>(total);
}

LimitVerdict judge_limit(const ResourceLimit& limit) {
  if (limit.needed <= limit.soft) return LimitVerdict::Enough;
  if (limit.needed <= limit.hard) return LimitVerdict::RaiseSoft;
  return LimitVerdict::TooLow;
}

std::string limit_message(const ResourceLimit& limit, int connections) {
  std::ostringstream out;
  out << connections << " connections need " << limit.needed << " " << limit.unit << ", but "
      << limit.name << " is " << limit_text(limit.soft);
  if (limit.name.find("soft limit") != std::string::npos) {
    out << " and its hard limit " << limit_text(limit.hard);
  }
  out << ": " << limit.how << ", " << kFewer;
  return out.str();
}

void ensure_run_limits(int connections) {
  const auto n = static_cast<std::uint64_t>(connections < 0 ? 0 : connections);
  std::vector<std::string> problems;
  for (ResourceLimit& limit :
       current_limits(n * kFilesPerConnection + kOwnFiles, n + kOwnThreads)) {
    LimitVerdict verdict = judge_limit(limit);
    if (verdict == LimitVerdict::RaiseSoft) {
      rlimit rl{};
      const int resource = rlimit_resource(limit);
      if (::getrlimit(resource, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        if (::setrlimit(resource, &rl) != 0) verdict = LimitVerdict::TooLow;
      }
    }
    if (verdict == LimitVerdict::TooLow) problems.push_back(limit_message(limit, connections));
  }
  if (problems.empty()) return;
  std::string message = problems.front();
  for (std::size_t i = 1; i < problems.size(); ++i) message += "; and " + problems[i];
  throw UsageError(message);
}

}  // namespace tpcc
