#include "experiment/server_settings.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <thread>

#include <pqxx/nontransaction>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"

namespace tpcc {
namespace {

// The setting's context, unknown settings giving no row. Lower-cased: GUC
// names are case-insensitive and pg_settings holds them in lower case.
constexpr const char* kContextSql = "select context from pg_settings where name = lower($1)";

// What ALTER SYSTEM's file holds for the setting now (the last line wins),
// and whether the server applied it. pg_file_settings reads the files as
// they are on disk: superuser or pg_read_all_settings.
constexpr const char* kAutoConfSql =
    "select setting, applied from pg_file_settings "
    "where name = lower($1) and sourcefile like '%postgresql.auto.conf' "
    "order by seqno desc limit 1";

// A new session's value: what the runs' sessions will see.
constexpr const char* kCurrentSql =
    "select current_setting($1), source from pg_settings "
    "where name = lower($1)";

// The value as the server shows it (units normalized: 4096kB is 4MB), for
// settings a session may set; rolled back, so nothing changes.
constexpr const char* kNormalizedSql = "select set_config($1, $2, true)";

constexpr auto kTakeTimeout = std::chrono::seconds(10);
constexpr auto kPoll = std::chrono::milliseconds(100);

bool session_settable(const std::string& context) {
  return context == "user" || context == "superuser";
}

bool same_value(std::string a, std::string b) {
  const auto lower = [](std::string& s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  };
  lower(a);
  lower(b);
  return a == b;
}

struct Current {
  std::string value;
  std::string source;
};

Current current(const std::string& conninfo, const std::string& name) {
  auto conn = connect(conninfo);
  pqxx::nontransaction tx(*conn);
  const pqxx::result r = tx.exec_params(kCurrentSql, name);
  return {r[0][0].c_str(), r[0][1].c_str()};
}

std::string reload_sql() { return "select pg_reload_conf()"; }

// Waits for a new session to show `wanted`; the last value seen otherwise.
std::optional<Current> wait_for(const std::string& conninfo, const std::string& name,
                                const std::string& wanted) {
  const auto until = std::chrono::steady_clock::now() + kTakeTimeout;
  Current seen;
  while (true) {
    seen = current(conninfo, name);
    if (same_value(seen.value, wanted)) return std::nullopt;
    if (std::chrono::steady_clock::now() >= until) return seen;
    std::this_thread::sleep_for(kPoll);
  }
}

std::string restore_sql(pqxx::connection_base& conn, const SettingOriginal& s) {
  return s.in_auto_conf
             ? "alter system set " + conn.quote_name(s.name) + " = " + conn.quote(s.auto_conf_value)
             : "alter system reset " + conn.quote_name(s.name);
}

}  // namespace

std::vector<SettingOriginal> inspect_settings(const std::string& conninfo,
                                              const std::vector<std::string>& names) {
  std::vector<SettingOriginal> found;
  auto conn = connect(conninfo);
  for (const std::string& name : names) {
    const std::string where = "--vary-setting " + name;
    SettingOriginal s;
    s.name = name;
    {
      pqxx::nontransaction tx(*conn);
      const pqxx::result r = tx.exec_params(kContextSql, name);
      if (r.empty()) throw UsageError(where + ": the server has no such setting (pg_settings)");
      s.context = r[0][0].c_str();
    }
    if (s.context == "postmaster") {
      throw UsageError(where +
                       ": takes effect only when the server restarts (pg_settings.context "
                       "postmaster); tpcc sweep restarts no server (it owns none), so it cannot "
                       "vary it; nothing was changed. Sweep it by hand: set it, restart, and run "
                       "tpcc sweep once per value");
    }
    if (s.context == "internal") {
      throw UsageError(where + ": cannot be changed (pg_settings.context internal)");
    }
    try {
      pqxx::nontransaction tx(*conn);
      const pqxx::result r = tx.exec_params(kAutoConfSql, name);
      if (!r.empty()) {
        s.in_auto_conf = true;
        s.auto_conf_value = r[0][0].c_str();
      }
    } catch (const pqxx::sql_error& e) {
      throw UsageError(where +
                       ": cannot read pg_file_settings (what postgresql.auto.conf holds, to put "
                       "it back at the end): it needs superuser or pg_read_all_settings: " +
                       std::string(e.what()));
    }
    found.push_back(s);
  }
  conn.reset();
  for (SettingOriginal& s : found) s.value = current(conninfo, s.name).value;
  return found;
}

void set_server_setting(const std::string& conninfo, const SettingOriginal& setting,
                        const std::string& value) {
  const std::string where = "--vary-setting " + setting.name + "=" + value;
  std::string wanted = value;
  {
    auto conn = connect(conninfo);
    if (session_settable(setting.context)) {
      try {
        pqxx::work tx(*conn);
        wanted = tx.exec_params(kNormalizedSql, setting.name, value)[0][0].c_str();
        tx.abort();
      } catch (const pqxx::sql_error& e) {
        throw UsageError(where + ": the server refuses the value: " + std::string(e.what()));
      }
    }
    try {
      pqxx::nontransaction tx(*conn);
      // ALTER SYSTEM cannot run in a transaction block.
      tx.exec0("alter system set " + conn->quote_name(setting.name) + " = " + conn->quote(value));
      tx.exec(reload_sql());
    } catch (const pqxx::sql_error& e) {
      throw UsageError(where + ": ALTER SYSTEM failed: " + std::string(e.what()));
    }
  }
  if (const std::optional<Current> seen = wait_for(conninfo, setting.name, wanted)) {
    throw UsageError(where + ": set by ALTER SYSTEM and reloaded, but a new session shows " +
                     seen->value + " (source: " + seen->source +
                     (seen->source == "configuration file"
                          ? ")"
                          : "; a per-role or per-database setting overrides ALTER SYSTEM)"));
  }
}

bool restore_server_settings(const std::string& conninfo,
                             const std::vector<SettingOriginal>& settings, std::ostream& out) {
  if (settings.empty()) return true;
  bool all = true;
  try {
    auto conn = connect(conninfo);
    pqxx::nontransaction tx(*conn);
    for (const SettingOriginal& s : settings) tx.exec0(restore_sql(*conn, s));
    tx.exec(reload_sql());
  } catch (const std::exception& e) {
    out << "tpcc sweep: could not put the server settings back: " << e.what() << "\n";
    all = false;
  }
  for (const SettingOriginal& s : settings) {
    try {
      const std::optional<Current> seen = all ? wait_for(conninfo, s.name, s.value) : std::nullopt;
      if (!all) continue;
      if (seen) {
        out << "tpcc sweep: " << s.name << " is " << seen->value << " on a new session, not "
            << s.value << " as before the sweep (source: " << seen->source << ")\n";
        all = false;
      } else {
        out << "  " << s.name << " put back: " << s.value
            << (s.in_auto_conf ? " (postgresql.auto.conf's value again)" : " (ALTER SYSTEM RESET)")
            << "\n";
      }
    } catch (const std::exception& e) {
      out << "tpcc sweep: cannot check " << s.name << ": " << e.what() << "\n";
      all = false;
    }
  }
  if (!all) {
    out << "tpcc sweep: put the settings back yourself:";
    for (const SettingOriginal& s : settings) {
      out << " ALTER SYSTEM "
          << (s.in_auto_conf ? "SET " + s.name + " = '" + s.auto_conf_value + "'"
                             : "RESET " + s.name)
          << ";";
    }
    out << " SELECT pg_reload_conf();\n";
  }
  return all;
}

}  // namespace tpcc
