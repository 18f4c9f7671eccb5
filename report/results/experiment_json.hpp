// result.json's snapshot, conditioning and environment objects
// (docs/experiments.md): how the run started and what it ran on.
#pragma once

#include <nlohmann/json.hpp>

#include "metrics/experiment.hpp"

namespace tpcc {

// null when the run did not restore a snapshot.
nlohmann::ordered_json snapshot_json(const std::optional<SnapshotRestore>& restore);
// [{step, seconds, detail}], empty without --condition.
nlohmann::ordered_json conditioning_json(const std::vector<ConditioningStep>& steps);
// null when the environment was not read (a result merged from drivers).
nlohmann::ordered_json environment_json(const Environment& env);

// [{check, severity, text}]: the pre-flight findings (experiment/preflight.hpp).
nlohmann::ordered_json preflight_json(const std::vector<PreflightFinding>& findings);

// The three read back from result.json (all empty from a tpcc that did not
// write them), for tpcc report --compare.
ExperimentRecord experiment_from_json(const nlohmann::json& result);

}  // namespace tpcc
