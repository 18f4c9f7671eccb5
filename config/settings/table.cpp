// The options table assembled from its parts (config/settings/table_parts.hpp),
// in help order, and looked up by props key: the keys it reads, and
// BenchmarkSQL's keys it knows and ignores.
#include "config/settings/settings.hpp"

#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "config/settings/table_parts.hpp"

namespace tpcc {
namespace {

std::vector<Setting> build() {
  std::vector<Setting> s;
  settings_table::add_connection_and_load(s);
  settings_table::add_run(s);
  settings_table::add_failover(s);
  settings_table::add_live(s);
  settings_table::add_drivers(s);
  settings_table::add_hosts(s);
  settings_table::add_standby(s);
  settings_table::add_mixed(s);
  settings_table::add_quickstart(s);
  settings_table::add_citus(s);
  settings_table::add_acid(s);
  settings_table::add_experiments(s);
  settings_table::add_capacity(s);
  settings_table::add_sweep(s);
  settings_table::add_curve(s);
  settings_table::add_fleet(s);
  settings_table::add_report(s);
  settings_table::add_sysbench(s);
  settings_table::add_sysbench_oltp(s);
  settings_table::add_ingest(s);
  settings_table::add_pgbench(s);
  return s;
}

struct IgnoredKey {
  const char* key;
  const char* reason;
};

constexpr const char* kNoOsStats = "tpcc does not collect OS statistics";
constexpr const char* kNoCsv = "tpcc loads straight into the database and writes no CSV files";
constexpr const char* kNoSutModel = "BenchmarkSQL 6's driver internals have no counterpart in tpcc";

// BenchmarkSQL 5 and 6 keys for its JDBC driver, CSV loader, OS collector and
// SUT thread model.
constexpr IgnoredKey kIgnored[] = {
    {"db", ""},
    {"driver", ""},
    {"osCollectorScript", kNoOsStats},
    {"osCollectorInterval", kNoOsStats},
    {"osCollectorSSHAddr", kNoOsStats},
    {"osCollectorDevices", kNoOsStats},
    {"fileLocation", kNoCsv},
    {"csvNullValue", kNoCsv},
    {"monkeys", kNoSutModel},
    {"maxDeliveryBGPerWarehouse", kNoSutModel},
    {"resultIntervalSecs", kNoSutModel},
    {"restartSUTThreadProbability", kNoSutModel},
    {"transWaitTime", kNoSutModel},
    {"traceTerminalIO", kNoSutModel},
};

}  // namespace

const std::vector<Setting>& settings() {
  static const std::vector<Setting> table = build();
  return table;
}

std::optional<int> standby_conn_number(const std::string& key) {
  if (key == "standbyConn" || key == "standby-conn") return 1;
  const std::string prefix = "standbyConn";
  if (key.size() <= prefix.size() || key.size() > prefix.size() + 4 ||
      key.compare(0, prefix.size(), prefix) != 0 || key[prefix.size()] == '0') {
    return std::nullopt;
  }
  int n = 0;
  for (std::size_t i = prefix.size(); i < key.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(key[i]))) return std::nullopt;
    n = n * 10 + (key[i] - '0');
  }
  if (n < 2) return std::nullopt;
  return n;
}

const Setting* setting_for_props_key(const std::string& key) {
  // BenchmarkSQL's driver (the JDBC driver class) is not --driver I/N.
  if (ignored_props_key_reason(key) != nullptr) return nullptr;
  const std::string name = standby_conn_number(key) ? std::string("standby-conn") : key;
  for (const auto& s : settings()) {
    if (s.flag != nullptr && name == s.flag) return &s;
    if (s.twin != nullptr && name == s.twin) return &s;
    for (const char* k : s.props_keys) {
      if (name == k) return &s;
    }
  }
  return nullptr;
}

const char* ignored_props_key_reason(const std::string& key) {
  for (const auto& ignored : kIgnored) {
    if (key == ignored.key) return ignored.reason;
  }
  return nullptr;
}

std::vector<std::string> known_props_keys() {
  std::vector<std::string> keys;
  for (const auto& s : settings()) {
    if (s.flag != nullptr) keys.emplace_back(s.flag);
    if (s.twin != nullptr) keys.emplace_back(s.twin);
    for (const char* k : s.props_keys) keys.emplace_back(k);
  }
  for (const auto& ignored : kIgnored) keys.emplace_back(ignored.key);
  return keys;
}

const std::vector<const char*>& sections() {
  using namespace settings_table;
  static const std::vector<const char*> list = {kConnection,        kLoad,
                                                kCheckSection,      kCleanupSection,
                                                kRunSection,        kStandbySection,
                                                kQuickstartSection, kCitusSection,
                                                kAcidSection,       kExperimentsSection,
                                                kCapacitySection,   kCurveSection,
                                                kFleetSection,      kReportSection,
                                                kSysbenchSection,   kOltpSection,
                                                kIngestSection,     kPgbenchSection};
  return list;
}

}  // namespace tpcc
