// The options table, quickstart and acid part: the throwaway server kept,
// and the durability test's crash of the server and its wait for it.
#include <string>
#include <vector>

#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {

void add_quickstart(std::vector<Setting>& s) {
  // Quickstart ----------------------------------------------------------------
  add(
      s, "keep", nullptr, {}, kQuickstart, kTpccOnly, kQuickstartSection,
      "Leave the throwaway server running afterwards and print how to connect to it.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.keep = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.keep); })
      .json = json_field<&Config::keep>("quickstart", "keep");
}

void add_acid(std::vector<Setting>& s) {
  // ACID ----------------------------------------------------------------------
  add(
      s, "durability", nullptr, {}, kAcid, kTpccOnly, kAcidSection,
      "Run the 3.5.3 durability test instead of the others: terminals log every committed "
      "New-Order, Payment and Delivery, the server is crashed and comes back, and every logged "
      "transaction must be in the database; fails a server whose fsync, synchronous_commit or "
      "full_page_writes could lose a commit on a power loss. Needs --server-datadir (3.5.3.2: "
      "SIGKILL of the postmaster and its children, then tpcc starts it again) or "
      "--crash-command.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.durability = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.durability); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "server-datadir", "DIR", {"serverDataDir"}, kAcid | kRun | kCapacity, kAllWorkloads,
      kAcidSection,
      "Data directory of the server --conn reaches, which --durability may crash and start "
      "again, and run --condition restart may restart (as the directory's owner). Checked "
      "first: its postmaster.pid must name the server of the connection.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.server_datadir = v; },
      [](const Config& c) {
        return c.server_datadir.empty() ? std::string("none") : c.server_datadir;
      })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "crash-command", "CMD", {"crashCommand"}, kAcid, kTpccOnly, kAcidSection,
      "For --durability: a shell command (sh -c) that crashes the server of --conn, as 3.5.3.3's "
      "loss of memory asks: your own way to cut its machine's power (virsh destroy, an IPMI "
      "power off, echo c > /proc/sysrq-trigger over ssh). tpcc runs it with the terminals "
      "committing, then waits --restart-timeout for the server to accept connections again "
      "(bringing it back is yours: a VM autostart, systemd, or the command itself).",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.crash_command = v; },
      [](const Config& c) {
        return c.crash_command.empty() ? std::string("none") : c.crash_command;
      })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "restart-timeout", "SEC", {"restartTimeout"}, kAcid, kTpccOnly, kAcidSection,
      "With --crash-command: how long tpcc waits for the crashed server to accept connections "
      "again before it gives up (exit 3) (1..86400).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.restart_timeout_seconds = parse_int(v, 1, 86400, src.where);
      },
      [](const Config& c) { return std::to_string(c.restart_timeout_seconds); })
      .json = json_none(kJsonOtherVerb);
}

}  // namespace tpcc::settings_table
