#include "acid/durability_settings.hpp"

namespace tpcc {

std::vector<std::string> power_loss_hazards(const DurabilitySettings& s) {
  std::vector<std::string> hazards;
  if (s.fsync != "on") {
    hazards.push_back("fsync=" + s.fsync +
                      " (WAL and data files are left in the kernel's page cache, which a power "
                      "loss empties: acknowledged commits lost, the database possibly corrupt)");
  }
  // Every other value (on, local, remote_write, remote_apply) waits for the
  // local WAL flush before the COMMIT is acknowledged.
  if (s.synchronous_commit == "off") {
    hazards.push_back(
        "synchronous_commit=off (a COMMIT is acknowledged before its WAL is flushed: the last "
        "acknowledged commits are lost)");
  }
  if (s.full_page_writes != "on") {
    hazards.push_back("full_page_writes=" + s.full_page_writes +
                      " (a page torn by the power loss cannot be repaired from the WAL: the "
                      "database possibly corrupt)");
  }
  return hazards;
}

std::string settings_text(const DurabilitySettings& s) {
  return "fsync=" + s.fsync + ", synchronous_commit=" + s.synchronous_commit +
         ", full_page_writes=" + s.full_page_writes;
}

}  // namespace tpcc
