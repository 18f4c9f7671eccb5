#include "tests/pg/ch_fixture.hpp"

#include <chrono>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "tests/pg/pg_fixture.hpp"

namespace tpcc::test {
namespace {

// The standby has replayed the load well within this on a busy machine.
constexpr double kReplaySeconds = 120;
// A reload reaches a new session well within this.
constexpr std::chrono::seconds kSettingsSeconds{30};

}  // namespace

void prepare_ch(const std::string& conninfo, int warehouses) {
  std::string output;
  if (run_tpcc({"prepare", "--conn", conninfo, "--warehouses", std::to_string(warehouses), "--ch",
                "--seed", kChSeed, "--no-check"},
               &output) != 0) {
    throw std::runtime_error("tpcc prepare --ch failed: " + output);
  }
}

void set_on_standby(const std::string& standby,
                    const std::vector<std::pair<std::string, std::string>>& settings) {
  for (const auto& [name, value] : settings) {
    execute_outside_transaction(standby, "alter system set " + name + " = '" + value + "'");
  }
  scalar(standby, "select pg_reload_conf()::int");
  const auto deadline = std::chrono::steady_clock::now() + kSettingsSeconds;
  for (const auto& [name, value] : settings) {
    while (scalar_text(standby, "select current_setting('" + name + "')") != value) {
      if (std::chrono::steady_clock::now() > deadline) {
        throw std::runtime_error("the standby does not show " + name + " = " + value);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

const std::string& ch_database(const std::string& name, int warehouses) {
  static std::mutex mutex;
  static std::map<std::string, std::string> made;
  std::lock_guard<std::mutex> lock(mutex);
  const auto found = made.find(name);
  if (found != made.end()) return found->second;
  const std::string conninfo = create_database(name);
  prepare_ch(conninfo, warehouses);
  return made.emplace(name, conninfo).first->second;
}

ChStandbyPair::ChStandbyPair(const std::string& standby_name, const std::string& database,
                             int warehouses)
    : pair_(standby_name, database) {
  prepare_ch(pair_.primary_database(), warehouses);
  pair_.wait_for_replay(kReplaySeconds);
}

std::vector<std::string> ChRun::args() const {
  std::vector<std::string> args = {"run",
                                   "--conn",
                                   primary,
                                   "--terminals",
                                   std::to_string(terminals),
                                   "--ch-streams",
                                   std::to_string(streams),
                                   "--duration",
                                   std::to_string(duration),
                                   "--report-interval",
                                   std::to_string(report_interval),
                                   "--result-dir",
                                   result_dir.string()};
  if (warmup) args.insert(args.end(), {"--warmup", std::to_string(*warmup)});
  if (baseline > 0) args.insert(args.end(), {"--ch-baseline", std::to_string(baseline)});
  if (!standby.empty()) {
    args.insert(args.end(), {"--standby-conn", standby, "--ch-on", "standby"});
    if (standby_terminals) {
      args.insert(args.end(), {"--standby-terminals", std::to_string(*standby_terminals)});
    }
  }
  return args;
}

}  // namespace tpcc::test
