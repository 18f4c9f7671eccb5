// tpcc fleet k8s: the Kubernetes objects of N drivers of one run or load,
// as JSON trees (written as YAML by app/fleet_command.cpp). Pure: no I/O.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config.hpp"

namespace tpcc {

// The shell command of driver pod K (K = $JOB_COMPLETION_INDEX, 0-based):
// tpcc run|prepare --driver K+1/N with the drivers' options, the conninfo
// read from $TPCC_CONN (the Secret's key conn) and, for a run, the result
// directory RUNID/driver-K+1 on the results volume.
std::string fleet_driver_command(const Config& config);

// The merge Job's command: tpcc report --merge of the N directories into RUNID/merged.
std::string fleet_merge_command(const Config& config);

// The objects of config.fleet: for a run, the results' PersistentVolumeClaim
// and the drivers' Indexed Job; for a load (--verb prepare), the Job alone;
// for --verb merge, the merge Job.
std::vector<nlohmann::ordered_json> fleet_objects(const Config& config);

// The comment lines heading the manifest: what it starts and what comes
// next (the Secret to create, the merge once the run's Job is complete).
std::string fleet_manifest_head(const Config& config);

}  // namespace tpcc
