// The ACID tests in clause order, their lines and acid.json.
#include <iomanip>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "acid/acid_context.hpp"
#include "config/errors.hpp"
#include "config/json_text.hpp"
#include "config/names.hpp"

namespace tpcc {
namespace {

void add(std::vector<AcidResult>& all, AcidResult r, std::ostream* progress) {
  if (progress != nullptr) *progress << format_acid_line(r) << std::endl;
  all.push_back(std::move(r));
}

}  // namespace

std::vector<AcidResult> run_acid_tests(const AcidOptions& options, std::ostream* progress) {
  acid::AcidContext context(options);
  std::vector<AcidResult> all;
  add(all, acid::consistency_test(context, "before the tests"), progress);
  for (AcidResult& r : acid::atomicity_tests(context)) add(all, std::move(r), progress);
  for (AcidResult& r : acid::isolation_tests(context)) add(all, std::move(r), progress);
  add(all, acid::consistency_test(context, "after the tests"), progress);
  return all;
}

bool all_passed(const std::vector<AcidResult>& results) {
  for (const AcidResult& r : results) {
    if (!r.passed) return false;
  }
  return true;
}

std::string format_acid_line(const AcidResult& r) {
  std::ostringstream out;
  out << std::left << std::setw(9) << r.clause << (r.passed ? "PASS  " : "FAIL  ") << r.name << ": "
      << r.observed;
  return out.str();
}

std::string format_acid_summary(const std::vector<AcidResult>& results) {
  std::size_t passed = 0;
  for (const AcidResult& r : results) passed += r.passed ? 1 : 0;
  return std::to_string(passed) + " of " + std::to_string(results.size()) + " ACID tests pass";
}

std::string acid_json(const AcidOptions& options, const std::vector<AcidResult>& results) {
  nlohmann::json j;
  j["isolation"] = std::string(isolation_name(options.isolation));
  j["mode"] = std::string(mode_name(options.mode));
  j["seed"] = options.seed;
  j["passed"] = all_passed(results);
  nlohmann::json tests = nlohmann::json::array();
  for (const AcidResult& r : results) {
    tests.push_back(
        {{"clause", r.clause}, {"name", r.name}, {"passed", r.passed}, {"observed", r.observed}});
  }
  j["tests"] = std::move(tests);
  return json_text(j, 2);
}

}  // namespace tpcc
