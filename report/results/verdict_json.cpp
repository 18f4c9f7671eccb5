#include "report/results/verdict_json.hpp"

#include <stdexcept>
#include <string>

namespace tpcc {
namespace {

using Json = nlohmann::ordered_json;

struct AuditVerdictKey {
  AuditVerdict verdict;
  const char* key;  // result.json's
};

constexpr AuditVerdictKey kAuditVerdictKeys[] = {
    {AuditVerdict::Pass, "pass"},
    {AuditVerdict::Fail, "fail"},
    {AuditVerdict::TooFew, "too_few"},
    {AuditVerdict::NotApplicable, "not_applicable"},
};

const char* audit_verdict_key(AuditVerdict verdict) {
  for (const auto& k : kAuditVerdictKeys) {
    if (k.verdict == verdict) return k.key;
  }
  return "?";
}

AuditVerdict audit_verdict_named(const std::string& key) {
  for (const auto& k : kAuditVerdictKeys) {
    if (key == k.key) return k.verdict;
  }
  throw std::invalid_argument("unknown audit verdict '" + key + "'");
}

RuleVerdict rule_verdict_named(const std::string& key) {
  for (const RuleVerdict v : {RuleVerdict::Pass, RuleVerdict::Fail, RuleVerdict::NotApplicable,
                              RuleVerdict::Disclosure}) {
    if (key == rule_verdict_key(v)) return v;
  }
  throw std::invalid_argument("unknown run rule verdict '" + key + "'");
}

InputAudit audit_from(const nlohmann::json& j) {
  InputAudit a;
  a.key = j.at("name").get<std::string>();
  a.name = j.at("title").get<std::string>();
  a.is_percent = j.at("unit").get<std::string>() == "percent";
  a.value = j.at("value").get<double>();
  a.min = j.at("min").get<double>();
  a.max = j.at("max").get<double>();
  a.samples = j.at("samples").get<std::int64_t>();
  a.min_samples = j.at("min_samples").get<std::int64_t>();
  a.verdict = audit_verdict_named(j.at("verdict").get<std::string>());
  a.note = j.at("note").get<std::string>();
  return a;
}

RunRule rule_from(const nlohmann::json& j) {
  RunRule r;
  r.clause = j.at("clause").get<std::string>();
  r.name = j.at("name").get<std::string>();
  r.value = j.at("value").get<std::string>();
  r.requirement = j.at("requirement").get<std::string>();
  r.verdict = rule_verdict_named(j.at("verdict").get<std::string>());
  r.detail = j.at("detail").get<std::string>();
  return r;
}

}  // namespace

Json audits_json(const std::vector<InputAudit>& audits) {
  Json list = Json::array();
  for (const InputAudit& a : audits) {
    Json j;
    j["name"] = a.key;
    j["title"] = a.name;
    j["clause"] = "9.2.2.5";
    j["value"] = a.value;
    j["unit"] = a.is_percent ? "percent" : "lines";
    j["min"] = a.min;
    j["max"] = a.max;
    j["samples"] = a.samples;
    j["min_samples"] = a.min_samples;
    j["verdict"] = audit_verdict_key(a.verdict);
    j["note"] = a.note;
    list.push_back(j);
  }
  return list;
}

Json rules_json(const std::vector<RunRule>& rules) {
  Json list = Json::array();
  for (const RunRule& r : rules) {
    list.push_back({{"clause", r.clause},
                    {"name", r.name},
                    {"value", r.value},
                    {"requirement", r.requirement},
                    {"verdict", rule_verdict_key(r.verdict)},
                    {"detail", r.detail}});
  }
  return list;
}

std::optional<RunVerdict> verdict_from_json(const nlohmann::json& result) {
  const nlohmann::json& audits = result.at("audits");
  // Written before result.json recorded the audits whole.
  for (const nlohmann::json& a : audits) {
    if (!a.contains("title") || !a.contains("note")) return std::nullopt;
  }
  RunVerdict verdict;
  verdict.judged = true;
  for (const nlohmann::json& a : audits) verdict.audits.push_back(audit_from(a));
  for (const nlohmann::json& r : result.at("run_rules").at("rules")) {
    verdict.rules.push_back(rule_from(r));
  }
  return verdict;
}

}  // namespace tpcc
