#include "app/fleet_command.hpp"

#include <fstream>
#include <sstream>

#include "app/fleet_manifest.hpp"
#include "config/errors.hpp"
#include "config/yaml_text.hpp"

namespace tpcc {

int fleet_command(const Config& config, std::ostream& out) {
  std::ostringstream manifest;
  manifest << fleet_manifest_head(config);
  for (const nlohmann::ordered_json& object : fleet_objects(config)) {
    manifest << "---\n" << yaml_text(object);
  }
  if (config.fleet.output.empty()) {
    out << manifest.str() << std::flush;
    return kExitOk;
  }
  std::ofstream file(config.fleet.output);
  file << manifest.str();
  file.close();
  if (!file) throw UsageError("--output: cannot write " + config.fleet.output);
  return kExitOk;
}

}  // namespace tpcc
