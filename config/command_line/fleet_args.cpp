#include "config/command_line/fleet_args.hpp"

#include <algorithm>
#include <array>

#include "config/command_line/command_word.hpp"
#include "config/errors.hpp"
#include "config/settings/settings.hpp"
#include "config/settings/table_parts.hpp"

namespace tpcc {
namespace {

// "--name" or "--name=value" -> "name"; "" for a word that is no flag.
std::string flag_name(const std::string& arg) {
  if (arg.rfind("--", 0) != 0) return "";
  return arg.substr(2, arg.find('=') == std::string::npos ? std::string::npos : arg.find('=') - 2);
}

bool own_flag(const std::string& name) {
  if (name == "run-id") return true;
  const auto& all = settings();
  return std::any_of(all.begin(), all.end(), [&](const Setting& s) {
    return s.flag != nullptr && name == s.flag && s.verbs == verb_bit(Verb::Fleet);
  });
}

// Options whose value fleet writes into every driver's command itself.
constexpr std::array<const char*, 3> kSetByFleet = {"driver", "result-dir", "json"};

// --conn, --standby-conn and sysbench's --pgsql-host, --pgsql-password, ...
// (in either spelling, - or _).
bool connection_flag(std::string name) {
  std::replace(name.begin(), name.end(), '_', '-');
  const auto& all = settings();
  return name == "standby-conn" || name.rfind("pgsql-", 0) == 0 ||
         std::any_of(all.begin(), all.end(), [&](const Setting& s) {
           return s.flag != nullptr && name == s.flag &&
                  std::string(s.section) == settings_table::kConnection;
         });
}

// The longest run id whose objects' names (tpcc-ID-results) stay within
// Kubernetes' 63 characters.
constexpr std::size_t kMostRunIdLength = 63 - 13;

}  // namespace

std::string take_fleet_target(std::vector<std::string>& args) {
  const bool help = std::any_of(args.begin(), args.end(),
                                [](const std::string& a) { return a == "--help" || a == "-h"; });
  if (!args.empty() && args.front() == "k8s") {
    args.erase(args.begin());
    return "k8s";
  }
  if (help) return "";
  if (args.empty() || args.front().rfind('-', 0) == 0) {
    throw UsageError(
        "tpcc fleet: give the target first: tpcc fleet k8s --drivers N ... (see "
        "'tpcc fleet --help')");
  }
  throw UsageError("tpcc fleet: unknown target '" + args.front() +
                   "'; expected k8s (see 'tpcc fleet --help')");
}

std::string fleet_default_image() { return std::string("localhost/tpcc:") + TPCC_VERSION; }

std::vector<std::string> fleet_plan_problems(const Config& config) {
  std::vector<std::string> problems;
  if (config.fleet.drivers == 0) {
    problems.emplace_back("--drivers: tpcc fleet needs the number of drivers (N)");
  }
  const std::string& id = config.run_id;
  if (id.empty() || id.size() > kMostRunIdLength ||
      id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos ||
      id.front() == '-' || id.back() == '-') {
    problems.push_back("--run-id: '" + id + "' cannot name Kubernetes objects (tpcc-" + id +
                       "-run): lower-case letters, digits and '-', at most " +
                       std::to_string(kMostRunIdLength) + " characters");
  }
  if (config.fleet.merge && config.fleet.drivers == 1) {
    problems.emplace_back("--verb merge: a run of one driver has nothing to merge (--drivers 1)");
  }
  return problems;
}

std::vector<std::string> fleet_driver_args(const std::vector<std::string>& given) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < given.size(); ++i) {
    const std::string name = flag_name(given[i]);
    if (name.empty() || !own_flag(name)) {
      out.push_back(given[i]);
      continue;
    }
    if (given[i].find('=') == std::string::npos && takes_next_argument(name)) ++i;
  }
  return out;
}

std::vector<std::string> fleet_refused_args(const std::vector<std::string>& given) {
  std::vector<std::string> problems;
  for (const std::string& arg : given) {
    const std::string name = flag_name(arg);
    if (name.empty()) continue;
    if (connection_flag(name)) {
      problems.push_back("--" + name +
                         ": tpcc fleet never writes the conninfo or a password into the "
                         "manifest; put the conninfo in the Secret named by --secret (key conn)");
    } else if (std::find(kSetByFleet.begin(), kSetByFleet.end(), name) != kSetByFleet.end()) {
      problems.push_back("--" + name +
                         ": tpcc fleet sets it for each driver (--driver K/N, the result "
                         "directory on the results volume); leave it out");
    }
  }
  return problems;
}

}  // namespace tpcc
