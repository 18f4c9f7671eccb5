#include "experiment/environment.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include <pqxx/pqxx>

#include "config/build_info.hpp"
#include "config/conn/mask.hpp"
#include "db/connect.hpp"

namespace tpcc {
namespace {

// Every setting not at its built-in default, wherever it came from (the
// configuration file, ALTER SYSTEM, ALTER DATABASE, the session).
constexpr const char* kSettingsSql =
    "select name, coalesce(setting, ''), coalesce(unit, ''), source from pg_settings "
    "where source <> 'default' order by name";
constexpr const char* kExtensionsSql =
    "select extname, extversion from pg_extension order by extname";
// The third column: whether the server is on this host, as the server
// metrics sampler reads it (a unix socket has no server address).
constexpr const char* kServerSql =
    "select version(), pg_database_size(current_database()), "
    "coalesce(host(inet_server_addr()) in ('127.0.0.1', '::1'), true)";

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\n");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\n") - first + 1);
}

// The value after "key :" on a /proc line, when the line starts with key.
bool field(const std::string& line, const std::string& key, std::string* value) {
  if (line.compare(0, key.size(), key) != 0) return false;
  const auto colon = line.find(':');
  if (colon == std::string::npos || trim(line.substr(key.size(), colon - key.size())) != "") {
    return false;
  }
  *value = trim(line.substr(colon + 1));
  return true;
}

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return trim(line);
}

// "always [madvise] never": the one in brackets.
std::string selected(const std::string& choices) {
  const auto open = choices.find('[');
  const auto close = choices.find(']', open);
  if (open == std::string::npos || close == std::string::npos) return choices;
  return choices.substr(open + 1, close - open - 1);
}

}  // namespace

void read_host(Environment& env, const std::string& root) {
  std::ifstream cpuinfo(root + "/proc/cpuinfo");
  std::string line;
  std::string value;
  while (std::getline(cpuinfo, line)) {
    if (field(line, "processor", &value)) {
      ++env.cpus;
    } else if (env.cpu_model.empty() && field(line, "model name", &value)) {
      env.cpu_model = value;
    } else if (env.cpu_mhz == 0 && field(line, "cpu MHz", &value)) {
      try {
        env.cpu_mhz = std::stod(value);
      } catch (const std::exception&) {
      }
    }
  }
  std::ifstream meminfo(root + "/proc/meminfo");
  while (std::getline(meminfo, line)) {
    if (field(line, "MemTotal", &value)) {
      try {
        env.memory_kb = std::stoll(value);
      } catch (const std::exception&) {
      }
      break;
    }
  }
  env.transparent_hugepages =
      selected(first_line(root + "/sys/kernel/mm/transparent_hugepage/enabled"));
  env.cpu_governor = first_line(root + "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
}

Environment collect_environment(const Config& config) {
  Environment env;
  env.collected = true;
  {
    auto conn = connect(config.conninfo);
    pqxx::nontransaction tx(*conn);
    const pqxx::row server = tx.exec1(kServerSql);
    env.server_version = server[0].as<std::string>();
    env.database_bytes = server[1].as<std::int64_t>();
    env.server_on_this_host = server[2].as<bool>();
    for (const auto& row : tx.exec(kSettingsSql)) {
      // primary_conninfo may hold the replication password.
      const auto name = row[0].as<std::string>();
      env.settings.push_back({name, mask_setting(name, row[1].as<std::string>()),
                              row[2].as<std::string>(), row[3].as<std::string>()});
    }
    for (const auto& row : tx.exec(kExtensionsSql)) {
      env.extensions.emplace_back(row[0].as<std::string>(), row[1].as<std::string>());
    }
  }
  read_host(env);
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0) env.hostname = host;
  struct utsname name {};
  if (::uname(&name) == 0) {
    env.kernel =
        std::string(name.sysname) + " " + name.release + " " + name.version + " " + name.machine;
  }
  env.tool = build_info();
  env.label = config.label;
  env.notes = config.run_notes;
  return env;
}

}  // namespace tpcc
