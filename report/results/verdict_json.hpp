// The run's verdict in result.json, both ways: "audits" (9.2.2.5) and
// "run_rules"' "rules" and "all_pass". Brings nlohmann/json: include only
// where result.json is built or read.
#pragma once

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/rules/run_verdict.hpp"

namespace tpcc {

// [{name (the key), title, clause, value, unit, min, max, samples,
// min_samples, verdict, note}], value unrounded so that a page drawn from
// it shows the summary's figure.
nlohmann::ordered_json audits_json(const std::vector<InputAudit>& audits);

// [{clause, name, value, requirement, verdict, detail}].
nlohmann::ordered_json rules_json(const std::vector<RunRule>& rules);

// The verdict result.json (the whole document) recorded; none when it was
// written by a tpcc that did not record every part of it (audits without
// their title), which the reader then judges from the figures read back.
// Throws nlohmann's exceptions on a malformed document and
// std::invalid_argument on an unknown verdict.
std::optional<RunVerdict> verdict_from_json(const nlohmann::json& result);

}  // namespace tpcc
