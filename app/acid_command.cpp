#include "app/acid_command.hpp"

#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "acid/acid.hpp"
#include "acid/durability.hpp"
#include "app/durability_command.hpp"
#include "check/load_gaps.hpp"
#include "config/errors.hpp"
#include "config/local_time.hpp"
#include "config/names.hpp"
#include "db/connect.hpp"
#include "loader/load_state.hpp"
#include "report/results/result_dir.hpp"

namespace tpcc {
namespace {

// results/acid-<YYYYmmdd-HHMMSS>/ unless --result-dir; created if missing.
std::filesystem::path result_directory(const Config& config, std::time_t start) {
  const std::filesystem::path dir =
      config.result_dir.empty()
          ? std::filesystem::path("results") / ("acid-" + format_local_time(start, "%Y%m%d-%H%M%S"))
          : std::filesystem::path(expand_result_dir(config.result_dir, start));
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    throw UsageError("--result-dir " + dir.string() + ": cannot create the directory" +
                     (ec ? ": " + ec.message() : std::string()));
  }
  return dir;
}

}  // namespace

int acid_command(const Config& config, std::ostream& out) {
  {
    // The tests need a whole load: say what is missing, as tpcc check does.
    const auto conn = connect(config.conninfo);
    const std::vector<std::string> gaps = load_gaps(inspect_loaded_database(*conn));
    for (const std::string& gap : gaps) out << "load incomplete: " << gap << "\n";
    if (!gaps.empty()) {
      out << "the ACID tests need a loaded database: run tpcc prepare first\n";
      return kExitFailed;
    }
  }
  const std::time_t start = std::time(nullptr);
  const std::filesystem::path dir = result_directory(config, start);
  AcidOptions options;
  options.conninfo = config.conninfo;
  options.isolation = config.isolation;
  options.mode = config.mode;
  options.seed = config.seed_given ? config.seed : static_cast<std::uint64_t>(start);
  if (config.durability) return durability_command(config, options, dir.string(), out);
  out << "ACID tests of TPC-C Clause 3 (isolation " << isolation_name(options.isolation)
      << ", mode " << mode_name(options.mode) << ")\n";
  const std::vector<AcidResult> results = run_acid_tests(options, &out);
  out << format_acid_summary(results) << "\n";
  const std::filesystem::path file = dir / "acid.json";
  std::ofstream json(file);
  json << acid_json(options, results) << "\n";
  if (!json) throw std::runtime_error("cannot write " + file.string());
  out << "results: " << file.string() << "\n";
  return all_passed(results) ? kExitOk : kExitFailed;
}

}  // namespace tpcc
