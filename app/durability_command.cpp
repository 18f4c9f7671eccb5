// `tpcc acid --durability --server-datadir DIR` (3.5.3): makes sure DIR is
// the server of the connection before anything is crashed, says what its
// settings let the test show, and crashes and restarts it around
// durability_test.
#include "app/durability_command.hpp"

#include <filesystem>
#include <fstream>
#include <ostream>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "acid/durability.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "db/connect.hpp"
#include "pgserver/data_dir_server.hpp"

namespace tpcc {
namespace {

// The backend serving this connection, the port, and the data directory
// where the role may read it (superuser, pg_read_all_settings); pg_settings
// hides it from others, which leaves the first two checks.
constexpr const char* kIdentitySql =
    "select pg_backend_pid(), current_setting('port')::int, "
    "(select setting from pg_settings where name = 'data_directory')";
// What decides whether an acknowledged COMMIT survives a crash.
constexpr const char* kSettingsSql =
    "select current_setting('fsync'), current_setting('synchronous_commit'), "
    "current_setting('full_page_writes')";
// SIGKILLed processes are gone within milliseconds; a process stuck in
// the kernel (uninterruptible I/O) gets this long.
constexpr double kCrashTimeoutSeconds = 30;
constexpr const char* kRestartLog = "server-restart.log";

struct ServerSettings {
  std::string fsync;
  std::string synchronous_commit;
  std::string full_page_writes;
};

[[noreturn]] void refuse(const std::string& dir, const std::string& why) {
  throw UsageError("--server-datadir " + dir + ": " + why);
}

// The server --conn reaches must be the one whose postmaster.pid is in DIR:
// its backend a child of that postmaster, on the same port, and (where
// visible) in the same data directory.
void check_same_server(const std::string& conninfo, const DataDirServer& server) {
  const auto conn = connect(conninfo);
  pqxx::nontransaction tx(*conn);
  const pqxx::row row = tx.exec1(kIdentitySql);
  const int backend = row[0].as<int>();
  const int port = row[1].as<int>();
  const PostmasterPid& pm = server.postmaster();
  const std::string& dir = server.data_dir();
  const std::optional<int> parent = live_parent_pid(backend);
  if (!parent) {
    refuse(dir, "the connection's server process " + std::to_string(backend) +
                    " is not in this machine's /proc (another host or container?), so it cannot "
                    "be shown to be a child of the postmaster " +
                    std::to_string(pm.pid) +
                    " of postmaster.pid; tpcc crashes only the server it is connected to");
  }
  if (*parent != pm.pid) {
    refuse(dir, "the connection's server process " + std::to_string(backend) +
                    " is a child of process " + std::to_string(*parent) +
                    ", not of the postmaster " + std::to_string(pm.pid) + " of postmaster.pid");
  }
  if (port != pm.port) {
    refuse(dir, "the connection's server listens on port " + std::to_string(port) +
                    ", postmaster.pid says " + std::to_string(pm.port));
  }
  if (!row[2].is_null()) {
    std::error_code ec;
    if (!std::filesystem::equivalent(row[2].as<std::string>(), dir, ec)) {
      refuse(dir, "the connection's server has data_directory " + row[2].as<std::string>());
    }
  }
}

ServerSettings read_settings(const std::string& conninfo) {
  const auto conn = connect(conninfo);
  pqxx::nontransaction tx(*conn);
  const pqxx::row row = tx.exec1(kSettingsSql);
  return {row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<std::string>()};
}

// What the settings allow the result to mean, said before the run.
void say_settings(const ServerSettings& s, std::ostream& out) {
  out << "server settings: fsync=" << s.fsync << ", synchronous_commit=" << s.synchronous_commit
      << ", full_page_writes=" << s.full_page_writes << "\n";
  if (s.synchronous_commit == "off") {
    out << "warning: synchronous_commit=off: the server acknowledges a COMMIT before its WAL "
           "reaches the kernel, and a crash of the server alone loses the last of them: expect "
           "FAIL\n";
  }
  if (s.fsync == "off" || s.full_page_writes == "off") {
    out << "warning: fsync or full_page_writes off: a crash of the server leaves the kernel's "
           "page cache, so this test may pass, but an OS crash or power loss could lose "
           "commits or corrupt the database (which no test on one machine shows)\n";
  }
}

}  // namespace

int durability_command(const Config& config, const AcidOptions& options,
                       const std::string& result_dir, std::ostream& out) {
  const std::string& dir = config.server_datadir;
  std::optional<DataDirServer> opened;
  try {
    opened = DataDirServer::open(dir);
  } catch (const std::runtime_error& e) {
    refuse(dir, e.what());
  }
  const DataDirServer& server = *opened;
  check_same_server(options.conninfo, server);
  const ServerSettings settings = read_settings(options.conninfo);

  out << "ACID test of TPC-C Clause 3.5.3, durability after a loss of memory (isolation "
      << isolation_name(options.isolation) << ", mode " << mode_name(options.mode) << ")\n"
      << "server: data directory " << dir << ", postmaster " << server.postmaster().pid << ", port "
      << server.postmaster().port << " (the server of the connection)\n";
  say_settings(settings, out);
  const DurabilityPlan plan;
  out << plan.terminals << " terminals commit New-Order, Payment and Delivery for "
      << plan.seconds_before_crash << " s, each logging the COMMITs the server acknowledged"
      << std::endl;
  const std::string restart_log = (std::filesystem::path(result_dir) / kRestartLog).string();
  const DurabilityReport report = durability_test(options, plan, [&] {
    const int killed = server.crash(kCrashTimeoutSeconds);
    out << "crash: SIGKILL to the postmaster and its " << killed - 1 << " other processes"
        << std::endl;
    try {
      server.start(restart_log);
    } catch (const std::runtime_error& e) {
      throw ConnectError(e.what());  // the server is lost: exit 3
    }
    out << "restart: pg_ctl start -D " << dir << " as " << server.owner()
        << "; crash recovery done (server output: " << restart_log << ")" << std::endl;
  });
  out << format_acid_line(report.result) << "\n" << format_acid_summary({report.result}) << "\n";

  nlohmann::json j = nlohmann::json::parse(acid_json(options, {report.result}));
  j["durability"] = nlohmann::json::parse(durability_json(report));
  j["durability"]["server"] = {{"data_directory", dir},
                               {"fsync", settings.fsync},
                               {"synchronous_commit", settings.synchronous_commit},
                               {"full_page_writes", settings.full_page_writes}};
  const std::filesystem::path file = std::filesystem::path(result_dir) / "acid.json";
  std::ofstream json(file);
  json << j.dump(2) << "\n";
  if (!json) throw std::runtime_error("cannot write " + file.string());
  out << "results: " << file.string() << "\n";
  return report.result.passed ? kExitOk : kExitFailed;
}

}  // namespace tpcc
