#include "experiment/preflight.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>

namespace tpcc {
namespace {

// 5.5.2.2: a checkpoint at least every 30 minutes of the measured interval.
constexpr double kMaxCheckpointSeconds = 30 * 60;

// PostgreSQL's built-in defaults of the settings judged here: the
// environment records only the settings not at their default.
struct Default {
  const char* name;
  const char* setting;
  const char* unit;
};
constexpr Default kDefaults[] = {
    {"fsync", "on", ""},
    {"synchronous_commit", "on", ""},
    {"full_page_writes", "on", ""},
    {"shared_buffers", "16384", "8kB"},  // 128 MB
    {"max_connections", "100", ""},
    {"superuser_reserved_connections", "3", ""},
    {"checkpoint_timeout", "300", "s"},
};

ServerSetting setting(const Environment& env, const std::string& name) {
  for (const ServerSetting& s : env.settings) {
    if (s.name == name) return s;
  }
  for (const Default& d : kDefaults) {
    if (name == d.name) return {d.name, d.setting, d.unit, "default"};
  }
  return {name, "", "", "default"};
}

std::optional<double> number(const std::string& text) {
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// pg_settings' units of memory: "8kB", "kB", "MB", "B".
std::optional<double> bytes(const ServerSetting& s) {
  const std::optional<double> v = number(s.setting);
  if (!v) return std::nullopt;
  std::string unit = s.unit;
  double scale = 1;
  std::size_t digits = 0;
  while (digits < unit.size() && std::isdigit(static_cast<unsigned char>(unit[digits]))) ++digits;
  if (digits > 0) {
    scale = std::stod(unit.substr(0, digits));
    unit = unit.substr(digits);
  }
  if (unit == "kB") return *v * scale * 1024;
  if (unit == "MB") return *v * scale * 1024 * 1024;
  if (unit == "GB") return *v * scale * 1024 * 1024 * 1024;
  if (unit == "B" || unit.empty()) return *v * scale;
  return std::nullopt;
}

std::string mb(double b) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(b < 10 * 1024 * 1024 ? 1 : 0);
  out << b / (1024 * 1024) << " MB";
  return out.str();
}

std::string whole(double v) { return std::to_string(static_cast<long long>(std::llround(v))); }

void durability(const Environment& env, const PreflightRun& run,
                std::vector<PreflightFinding>& out) {
  std::string off;
  for (const char* name : {"fsync", "synchronous_commit", "full_page_writes"}) {
    if (setting(env, name).setting == "off") off += (off.empty() ? "" : ", ") + std::string(name);
  }
  if (off.empty()) return;
  out.push_back({"durability", "warning",
                 "not a durable server: " + off +
                     (run.tpcc ? " off; a crash may lose committed transactions (3.5.3), and its "
                                 "tpmC is not one a durable server gives"
                               : " off; a crash may lose committed transactions, and its figures "
                                 "are not ones a durable server gives")});
}

void cache(const Environment& env, std::vector<PreflightFinding>& out) {
  if (env.database_bytes <= 0) return;
  const double db = static_cast<double>(env.database_bytes);
  const std::optional<double> buffers = bytes(setting(env, "shared_buffers"));
  if (buffers && db <= *buffers) {
    out.push_back({"cache", "note",
                   "fits in shared_buffers: a cached run (database " + mb(db) +
                       ", shared_buffers " + mb(*buffers) + "): no reads once warm"});
    return;
  }
  if (env.server_on_this_host.value_or(false) && env.memory_kb > 0) {
    const double ram = static_cast<double>(env.memory_kb) * 1024;
    out.push_back({"cache", "note",
                   db <= ram ? "fits in RAM: reads come from the page cache once warm "
                               "(database " +
                                   mb(db) + ", RAM " + mb(ram) + ")"
                             : "larger than RAM: reads go to the disks (database " + mb(db) +
                                   ", RAM " + mb(ram) + ")"});
  }
}

void connections(const Environment& env, const PreflightRun& run,
                 std::vector<PreflightFinding>& out) {
  const std::optional<double> max = number(setting(env, "max_connections").setting);
  const double reserved =
      number(setting(env, "superuser_reserved_connections").setting).value_or(0);
  if (!max || run.run_connections <= 0) return;
  const int all = run.run_connections + run.kit_connections;
  if (run.run_connections > *max) {
    out.push_back({"max_connections", "refuse",
                   "the terminals and delivery workers need " +
                       std::to_string(run.run_connections) +
                       " connections and max_connections is " + whole(*max) +
                       ": the run cannot start; raise max_connections (a restart), run fewer "
                       "terminals, or let them share connections (--connections)"});
  } else if (all > *max - reserved) {
    out.push_back({"max_connections", "warning",
                   "the run opens " + std::to_string(all) + " connections (" +
                       std::to_string(run.kit_connections) +
                       " of them the kit's own) and "
                       "max_connections is " +
                       whole(*max) + " with " + whole(reserved) +
                       " reserved for superusers: only a superuser opens them all, and only "
                       "while no other session is connected"});
  }
}

void checkpoints(const Environment& env, const PreflightRun& run,
                 std::vector<PreflightFinding>& out) {
  const std::optional<double> timeout = number(setting(env, "checkpoint_timeout").setting);
  if (!timeout) return;
  if (run.tpcc && *timeout > kMaxCheckpointSeconds) {
    out.push_back({"checkpoint_timeout", "warning",
                   "checkpoint_timeout " + whole(*timeout) +
                       " s is longer than 30 minutes: 5.5.2.2 asks for a checkpoint at least "
                       "every 30 minutes of the measured interval"});
  }
  if (run.measured_seconds > 0 && run.measured_seconds < *timeout) {
    out.push_back({"checkpoint_timeout", "note",
                   "the measured interval (" + whole(run.measured_seconds) +
                       " s) is shorter than checkpoint_timeout (" + whole(*timeout) +
                       " s): it may hold no checkpoint, and one that falls in it weighs "
                       "more than in a long run"});
  }
}

void host(const Environment& env, std::vector<PreflightFinding>& out) {
  if (!env.server_on_this_host.value_or(false)) return;
  if (!env.cpu_governor.empty() && env.cpu_governor != "performance") {
    out.push_back({"cpu_governor", "warning",
                   "the CPU frequency governor is " + env.cpu_governor +
                       ": clock speeds follow the load, and runs vary more than with "
                       "performance"});
  }
  if (env.transparent_hugepages == "always") {
    out.push_back({"transparent_hugepages", "warning",
                   "transparent huge pages are always on: the server's memory may stall on "
                   "compaction; madvise or never is usual for PostgreSQL"});
  }
}

}  // namespace

std::vector<PreflightFinding> preflight_findings(const Environment& env, const PreflightRun& run) {
  std::vector<PreflightFinding> out;
  if (!env.collected) return out;
  durability(env, run, out);
  cache(env, out);
  connections(env, run, out);
  checkpoints(env, run, out);
  host(env, out);
  return out;
}

bool preflight_refuses(const std::vector<PreflightFinding>& findings) {
  return std::any_of(findings.begin(), findings.end(),
                     [](const PreflightFinding& f) { return f.severity == "refuse"; });
}

}  // namespace tpcc
