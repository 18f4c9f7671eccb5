#include "terminal/engine/run_memory.hpp"

#include <fstream>
#include <sstream>

#include "terminal/engine/open_limits.hpp"

namespace tpcc {
namespace {

std::string megabytes(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MB"; }

}  // namespace

std::uint64_t estimated_run_bytes(std::uint64_t terminals, std::uint64_t connections) {
  return kProcessBytes + terminals * kBytesPerTerminal + connections * kBytesPerConnection;
}

std::optional<std::string> memory_warning(std::uint64_t terminals, std::uint64_t connections,
                                          std::uint64_t estimate, std::uint64_t available) {
  if (estimate <= available) return std::nullopt;
  std::ostringstream out;
  out << terminals << " terminals over " << connections << " connections need about "
      << megabytes(estimate) << " of memory (" << kBytesPerTerminal << " bytes a terminal, "
      << (kBytesPerConnection >> 10) << " KB a connection), but the host has "
      << megabytes(available)
      << " available: the run may be killed for memory; run fewer terminals or connections "
         "(--terminals, --connections), or split them over drivers (--driver)";
  return out.str();
}

std::optional<std::uint64_t> available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string name, unit;
  std::uint64_t kilobytes = 0;
  while (meminfo >> name >> kilobytes) {
    std::getline(meminfo, unit);
    if (name == "MemAvailable:") return kilobytes << 10;
  }
  return std::nullopt;
}

std::optional<std::string> run_memory_warning(const Config& config) {
  const std::optional<std::uint64_t> available = available_memory_bytes();
  if (!available) return std::nullopt;
  std::uint64_t terminals = config.terminals > 0 ? static_cast<std::uint64_t>(config.terminals) : 0;
  for (const StandbyTarget& standby : config.standbys) {
    if (standby.terminals > 0) terminals += static_cast<std::uint64_t>(standby.terminals);
  }
  const auto connections = static_cast<std::uint64_t>(run_connection_count(config));
  return memory_warning(terminals, connections, estimated_run_bytes(terminals, connections),
                        *available);
}

}  // namespace tpcc
