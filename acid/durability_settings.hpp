// 3.5.3 what the server's settings let an acknowledged COMMIT survive. A
// process kill (3.5.3.2's instantaneous interruption) leaves the kernel's
// page cache, so a server that never flushes passes it; a loss of memory or
// of power (3.5.3.3) does not. The durability test fails a server whose
// settings could lose a commit or a page on a power loss, whatever the
// crash it ran showed. Pure: the settings are read by the caller.
#pragma once

#include <string>
#include <vector>

namespace tpcc {

struct DurabilitySettings {
  std::string fsync;               // "on" / "off"
  std::string synchronous_commit;  // "on", "local", "remote_write", "remote_apply", "off"
  std::string full_page_writes;    // "on" / "off"
};

// SQL reading the three, in that order.
inline constexpr const char* kDurabilitySettingsSql =
    "select current_setting('fsync'), current_setting('synchronous_commit'), "
    "current_setting('full_page_writes')";

// Each setting that cannot survive a power loss, with why, e.g.
// "fsync=off (WAL and data files are never flushed to disk: ...)"; empty
// when every acknowledged COMMIT is on disk before it is acknowledged.
std::vector<std::string> power_loss_hazards(const DurabilitySettings& settings);

// "fsync=on, synchronous_commit=on, full_page_writes=on"
std::string settings_text(const DurabilitySettings& settings);

}  // namespace tpcc
