// tpcc sweep's server settings (--vary-setting): what each was before the
// sweep, setting one for a point (ALTER SYSTEM SET, pg_reload_conf(), then
// a new session must show it), and putting them all back.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tpcc {

// A setting as the sweep found it: the value a new session had, and what
// postgresql.auto.conf held for it (ALTER SYSTEM's file), so that it is put
// back as it was: ALTER SYSTEM SET of that value, or ALTER SYSTEM RESET.
struct SettingOriginal {
  std::string name;
  std::string context;  // pg_settings.context
  std::string value;    // current_setting() on a new session
  bool in_auto_conf = false;
  std::string auto_conf_value;
};

// Looks each setting up on the server (a session of its own, closed after)
// and returns how it was. Throws UsageError naming the setting, nothing
// changed, when the server has no such setting, when it takes effect only
// at a restart (context postmaster: tpcc owns no server it could restart)
// or never (internal), or when pg_file_settings cannot be read.
std::vector<SettingOriginal> inspect_settings(const std::string& conninfo,
                                              const std::vector<std::string>& names);

// ALTER SYSTEM SET name = value, pg_reload_conf(), then waits (up to 10 s)
// for a new session to show the value. Throws UsageError naming the
// setting and value when the server refuses it or a new session does not
// show it (an ALTER ROLE or ALTER DATABASE setting overrides ALTER SYSTEM).
void set_server_setting(const std::string& conninfo, const SettingOriginal& setting,
                        const std::string& value);

// Puts each setting back (ALTER SYSTEM RESET, or SET of what
// postgresql.auto.conf held), reloads, and checks a new session shows the
// value it had. Never throws: what could not be put back is printed with
// the statement that would. Returns whether all were put back.
bool restore_server_settings(const std::string& conninfo,
                             const std::vector<SettingOriginal>& settings, std::ostream& out);

}  // namespace tpcc
