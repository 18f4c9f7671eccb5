// Where a verb may go and what it may change: the connection string as
// libpq takes it, a destructive verb only at a connection it was given, and
// a server crashed or restarted only when its data directory is named.
#include "config/finish/finish.hpp"

#include <algorithm>

#include "config/conn/conninfo.hpp"
#include "config/conn/jdbc.hpp"
#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"

namespace tpcc {

std::string translate_conninfo(const RawConn& raw, ParseState& st) {
  std::string conninfo = raw.text;
  if (is_jdbc_url(raw.text)) {
    const auto t = jdbc_to_conninfo(raw.text, raw.where);
    // Listed once, on one line.
    std::string names;
    for (const auto& p : t.ignored_parameters) {
      names += (names.empty() ? "'" : ", '") + mask_key(p) + "'";
    }
    if (t.ignored_parameters.size() == 1) {
      st.warn(raw.where, "JDBC parameter " + names + " has no libpq equivalent; ignored");
    } else if (!names.empty()) {
      st.warn(raw.where, "JDBC parameters " + names + " have no libpq equivalent; ignored");
    }
    conninfo = t.conninfo;
  }
  return conninfo;
}

std::string resolve_conninfo(const RawConn& raw, ParseState& st) {
  return add_credentials(translate_conninfo(raw, st), st.user, st.password);
}

// cleanup drops tables and prepare writes them: such a verb goes only where
// it was told. A props line that was meant as conn but could not be read
// (an invisible byte-order mark or zero-width space in the key, "Conn"), or
// an empty conn, would otherwise leave the target to the PG* environment or
// libpq's defaults: another database than the one the file names.
void check_destructive_target(const ParseState& st) {
  const Verb verb = st.cfg.verb;
  // snapshot and run --restore create and drop whole databases: they go
  // only where a conn names, never to the environment's database.
  const bool drops_databases =
      verb == Verb::Snapshot || ((verb == Verb::Run || verb == Verb::Capacity) && st.cfg.restore);
  // tpcc sweep puts back the settings and the load it changes between points.
  const bool sweep = st.cfg.sweep;
  if (verb != Verb::Cleanup && verb != Verb::Prepare && !drops_databases && !sweep) return;
  // sysbench's --pgsql-host or --pgsql-db name the target themselves.
  const auto& parts = st.sysbench.connection;
  if (parts.count("host") != 0 || parts.count("dbname") != 0) return;
  // Only run and capacity take --restore.
  const std::string what =
      sweep ? "sweep" : std::string(verb_name(verb)) + (st.cfg.restore ? " --restore" : "");
  const std::string tail = "; 'tpcc " + what +
                           "' does not fall back to the PG* environment or libpq's defaults "
                           "when the connection it was given cannot be read: nothing was done";
  // A props file is where such a verb was told to go: one that names no
  // conn (a typo, "connection=") must not leave the target to the PG*
  // environment. prepare only adds tables, so it may.
  if (!st.conn && st.unread_conn_keys.empty() && st.cfg.props_file && verb != Verb::Prepare) {
    std::string unknown;
    for (const auto& key : st.unknown_props_keys) unknown += (unknown.empty() ? "" : "; ") + key;
    throw UsageError("'tpcc " + what + "' needs conn: props file '" + *st.cfg.props_file +
                     "' names no conn and no --conn was given" +
                     (unknown.empty() ? std::string() : " (" + unknown + ")") + tail +
                     ". Add conn=... to the file or give --conn");
  }
  if (drops_databases && !st.conn && st.unread_conn_keys.empty()) {
    throw UsageError("'tpcc " + what +
                     "' creates and drops databases, so it needs --conn (props conn) naming the "
                     "database; it never takes the PG* environment's or libpq's default: nothing "
                     "was done");
  }
  if (st.conn) {
    if (st.conn->text.find_first_not_of(" \t\r\n") == std::string::npos) {
      throw UsageError(st.conn->where + ": the connection is empty" + tail +
                       " (leave conn out to use the environment on purpose)");
    }
    return;
  }
  if (!st.unread_conn_keys.empty()) {
    std::string keys;
    for (const auto& key : st.unread_conn_keys) keys += (keys.empty() ? "" : ", ") + key;
    throw UsageError(keys +
                     " is not 'conn' (other characters in the key), so no connection was read" +
                     tail + ". Write the key as conn=...");
  }
}

// 3.5.3: the durability test crashes a server, and --condition restart
// restarts one, so only the one whose data directory the user named; the
// directory means nothing without one of them.
void check_durability(const ParseState& st) {
  const bool datadir = !st.cfg.server_datadir.empty();
  const bool command = !st.cfg.crash_command.empty();
  if (st.cfg.durability && !datadir && !command) {
    throw UsageError(
        "--durability (props durability) crashes the server: name its data directory with "
        "--server-datadir DIR (props serverDataDir), or give your own way to crash it with "
        "--crash-command CMD (props crashCommand); tpcc crashes no server it was not given");
  }
  if (datadir && command) {
    throw UsageError(
        "--crash-command (props crashCommand) and --server-datadir (props serverDataDir) are two "
        "ways to crash the server: give one");
  }
  const bool restart = std::find(st.cfg.condition.begin(), st.cfg.condition.end(),
                                 ConditionStep::Restart) != st.cfg.condition.end();
  if (restart && !datadir) {
    throw UsageError(
        "--condition restart restarts the server: name its data directory with --server-datadir "
        "DIR (props serverDataDir); tpcc restarts no server it was not given");
  }
  if (!st.cfg.durability && !restart && datadir) {
    throw UsageError(
        "--server-datadir (props serverDataDir) is only for --durability and --condition "
        "restart");
  }
  if (!st.cfg.durability && command) {
    throw UsageError("--crash-command (props crashCommand) is only for --durability");
  }
  // The other ACID tests run their own transactions; only the durability
  // test's load is the run's. A props file shared with run may set them.
  if (st.cfg.verb == Verb::Acid && !st.cfg.durability) {
    for (const char* option : {"terminals", "mix", "rollback-percent"}) {
      const std::optional<Source> source = st.given.source(option);
      if (source && source->layer == Layer::Flag) {
        throw UsageError(source->where +
                         ": tpcc acid uses it only with --durability (the load at the crash)");
      }
    }
  }
}

}  // namespace tpcc
