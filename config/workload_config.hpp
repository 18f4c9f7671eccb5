// What the config room knows of a workload, one descriptor each: its names
// (on --workload, in messages and on the options page), its block of
// config.json, what tpcc capacity's options mean for it and the --vary
// options that load it. Each workload's descriptor is in its config part
// (workloads/<name>/config/<name>_config.cpp); config/workload_configs.cpp
// holds the one list. Nothing else in config/ asks which workload a Config
// runs: it asks the workload's descriptor.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "config/workload_options.hpp"

namespace tpcc {

struct Config;
struct ParseState;

// Which workloads take an option (Setting::workloads), a bit per workload:
// its own set is in its config part's header (kTpccOnly in
// workloads/tpcc/config/tpcc_config.hpp). Given to another workload, on the
// command line or as a props key, the option is refused by name
// (config/finish/workload_taken.cpp).
using WorkloadSet = unsigned;
constexpr WorkloadSet workload_bit(WorkloadKind k) { return 1u << static_cast<unsigned>(k); }
// Every workload's, one added later included.
inline constexpr WorkloadSet kAllWorkloads = ~0u;

// A field left as it is takes the default most workloads share: one name,
// no block of its own in config.json, no function.
struct WorkloadConfig {
  WorkloadKind kind = kDefaultWorkload;
  // Its name, as --workload, config.json and result.json give it and the
  // options page lists it: "tpcc"; sysbench's by their pattern, "oltp_*".
  const char* name = "";
  // Named by its oltp test instead (oltp_test_name: "oltp_read_write"),
  // each test a name --workload takes.
  bool oltp_tests = false;
  // Whose option it is, in messages and on the options page: "TPC-C's".
  const char* owner = "";
  // The name a refusal of its options suggests ("give --workload NAME");
  // nullptr: its name.
  const char* hint = nullptr;
  // sysbench's command line takes its name as the test word (sysbench-tpcc's
  // tpcc.lua); the ingest is the kit's own, no test of sysbench's.
  bool sysbench_test = true;

  // config.json's block of its own options beside "workload" ("oltp"), as
  // its writer gives it and its reader (nullptr: none) reads it back into
  // a Config, keys left out keeping their defaults. The reader throws
  // nlohmann::json::exception or std::invalid_argument on a bad value.
  const char* json_key = nullptr;
  nlohmann::ordered_json (*json_block)(const Config& config) = nullptr;
  void (*read_json_block)(const nlohmann::json& block, Config& config) = nullptr;

  // Measured in tpmC: tpcc capacity holds its tpmC to --efficiency-floor
  // over the terminals too, not only a --search-over rate's share.
  bool tpmc = false;
  // tpcc capacity's defaults and refusals of its own, after the search's
  // (config/finish/run_defaults.cpp); nullptr: none.
  void (*capacity_defaults)(ParseState& st) = nullptr;
  // Takes --mode procedures: its transactions as PL/pgSQL functions.
  bool procedures = false;
  // The --vary options that change what it loads (tpcc sweep prepares a
  // database for each value): "warehouses"; none for a workload whose
  // tables are its runs' own.
  std::vector<std::string> load_axes;

  WorkloadSet bit() const { return workload_bit(kind); }
};

// The descriptor of `kind`; every kind has one.
const WorkloadConfig& workload_config(WorkloadKind kind);

// Every descriptor, in the order messages and the options page name the
// workloads: TPC-C's first.
const std::vector<const WorkloadConfig*>& workload_configs();

}  // namespace tpcc
