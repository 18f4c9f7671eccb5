// Internal to the settings table (settings*.cpp): how its parts add options.
// Everyone else uses config/settings/settings.hpp.
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/settings/settings.hpp"

namespace tpcc::settings_table {

constexpr VerbSet kPrepare = verb_bit(Verb::Prepare);
constexpr VerbSet kRun = verb_bit(Verb::Run);
constexpr VerbSet kCheck = verb_bit(Verb::Check);
constexpr VerbSet kCleanup = verb_bit(Verb::Cleanup);
constexpr VerbSet kQuickstart = verb_bit(Verb::Quickstart);
constexpr VerbSet kAcid = verb_bit(Verb::Acid);
constexpr VerbSet kReport = verb_bit(Verb::Report);
constexpr VerbSet kDatabaseVerbs = kAllVerbs & ~kQuickstart;  // quickstart brings its own server
constexpr VerbSet kLoadVerbs = kPrepare | kQuickstart;
constexpr VerbSet kCapacity = verb_bit(Verb::Capacity);
// The verbs that drive terminals: every step of tpcc capacity is a run.
constexpr VerbSet kRunVerbs = kRun | kQuickstart | kCapacity;
// The run options tpcc capacity sets itself at each step (the terminals,
// their home warehouses) or does not take (--spec: the search judges its
// short runs by the rules a short run can meet).
constexpr VerbSet kOneRunVerbs = kRun | kQuickstart;

constexpr const char* kConnection = "Connection";
constexpr const char* kLoad = "Load";
constexpr const char* kCheckSection = "Check";
constexpr const char* kCleanupSection = "Cleanup";
constexpr const char* kRunSection = "Run";
constexpr const char* kStandbySection = "Standby";
constexpr const char* kQuickstartSection = "Quickstart";
constexpr const char* kCitusSection = "Citus";
constexpr const char* kAcidSection = "ACID";
constexpr const char* kReportSection = "Report";
constexpr const char* kExperimentsSection = "Experiments";
constexpr const char* kCapacitySection = "Capacity";
constexpr const char* kCurveSection = "Curve";
constexpr const char* kFleetSection = "Fleet";
constexpr const char* kSysbenchSection = "sysbench-tpcc's flags";
constexpr const char* kOltpSection = "sysbench's oltp options";
constexpr const char* kIngestSection = "Ingest";
constexpr const char* kPgbenchSection = "pgbench's options";

using Apply = void (*)(const std::string&, const Source&, ParseState&);
using Show = std::string (*)(const Config&);

inline std::string yes_no(bool b) { return b ? "true" : "false"; }

// The isolation levels in the order the choices name them: --isolation
// rc|rr|serializable, --trx_level RC|RR|SER.
inline constexpr std::array<Isolation, 3> kIsolationLevels = {
    Isolation::ReadCommitted, Isolation::RepeatableRead, Isolation::Serializable};

// The query modes in the order --query-mode prepared|extended|simple names them.
inline constexpr std::array<QueryMode, 3> kQueryModes = {QueryMode::Prepared, QueryMode::Extended,
                                                         QueryMode::Simple};

// Appends one option and returns it for the rarer fields (repeat).
inline Setting& add(std::vector<Setting>& table, const char* flag, const char* value_name,
                    std::vector<const char*> props_keys, VerbSet verbs, WorkloadSet workloads,
                    const char* section, const char* help, Apply apply, Show show) {
  table.push_back({flag,
                   value_name,
                   std::move(props_keys),
                   verbs,
                   workloads,
                   section,
                   help,
                   apply,
                   show,
                   Repeat::Once,
                   {}});
  return table.back();
}

// config.json's field for an option held in one Config member of a JSON
// type (a number, bool or string).
template <auto Member>
ConfigJsonField json_field(const char* section, const char* key) {
  return {section, key, [](const Config& c) { return nlohmann::ordered_json(c.*Member); },
          [](const nlohmann::json& j, Config& c) { j.get_to(c.*Member); }};
}

// The same for an enum member, kept as its name (Name: config/names.hpp)
// and read back by name among Values.
template <auto Member, auto Name, auto... Values>
ConfigJsonField json_enum(const char* section, const char* key) {
  return {section, key,
          [](const Config& c) { return nlohmann::ordered_json(std::string(Name(c.*Member))); },
          [](const nlohmann::json& j, Config& c) {
            const std::string text = j.get<std::string>();
            const bool known = ((Name(Values) == text ? (c.*Member = Values, true) : false) || ...);
            if (!known) throw std::invalid_argument("unknown value '" + text + "'");
          }};
}

// An option with no config.json key of its own, and why (ConfigJsonField::none).
inline ConfigJsonField json_none(const char* why) {
  ConfigJsonField field;
  field.none = why;
  return field;
}

// The reasons the rows give.
constexpr const char* kJsonOwnShape =
    "config.json keeps it in a shape of its own (config/effective.cpp: the per-table maps, the "
    "mix, the standbys)";
constexpr const char* kJsonConninfo =
    "part of the connection: config.json's conninfo, the password masked";
constexpr const char* kJsonWorkloadBlock =
    "in config.json's block of its workload (\"oltp\", \"ingest\", \"pgbench\")";
constexpr const char* kJsonAlias =
    "another name for an option: config.json keeps that option's key (or the top-level "
    "\"workload\")";
constexpr const char* kJsonOtherVerb =
    "an option of a verb without a result directory of its own (prepare, check, cleanup, acid, "
    "quickstart, report, snapshot, fleet) or of a search around runs (sweep, capacity, curve: "
    "their own "
    "files)";
constexpr const char* kJsonRunShape =
    "not kept in config.json: result.json records what it chose (the driver, the scripts run, "
    "the server metrics sampled)";

// A gap, said as one: the value changes the run, and config.json does not
// show it yet.
constexpr const char* kJsonNotYet = "not kept in config.json yet";

// The parts of the table, in help order.
void add_connection_and_load(std::vector<Setting>& table);
void add_run(std::vector<Setting>& table);
// Called by add_run, after its own: the run's output and faults.
void add_run_output(std::vector<Setting>& table);
void add_failover(std::vector<Setting>& table);
void add_live(std::vector<Setting>& table);
void add_standby(std::vector<Setting>& table);
// After add_standby: CH-benCHmark's analytic streams beside TPC-C's run.
void add_mixed(std::vector<Setting>& table);
void add_quickstart(std::vector<Setting>& table);
void add_citus(std::vector<Setting>& table);
void add_acid(std::vector<Setting>& table);
void add_drivers(std::vector<Setting>& table);
void add_hosts(std::vector<Setting>& table);
void add_report(std::vector<Setting>& table);
void add_experiments(std::vector<Setting>& table);
void add_capacity(std::vector<Setting>& table);
void add_sweep(std::vector<Setting>& table);
void add_curve(std::vector<Setting>& table);
void add_fleet(std::vector<Setting>& table);
void add_sysbench(std::vector<Setting>& table);
void add_sysbench_oltp(std::vector<Setting>& table);
void add_ingest(std::vector<Setting>& table);
void add_pgbench(std::vector<Setting>& table);

// sysbench passes every flag to every command: a sysbench flag given on the
// command line to a verb it does nothing for is accepted and listed in one
// note (workloads/sysbench/config/sysbench_settings.cpp).
void note_without_effect(const Source& src, ParseState& st, VerbSet effective);

}  // namespace tpcc::settings_table
