#include "experiment/owned_server.hpp"

#include <filesystem>
#include <optional>
#include <stdexcept>

#include <pqxx/pqxx>

#include "config/errors.hpp"
#include "db/connect.hpp"

namespace tpcc {
namespace {

// The backend serving this connection, the port, and the data directory
// where the role may read it (superuser, pg_read_all_settings); pg_settings
// hides it from others, which leaves the first two checks.
constexpr const char* kIdentitySql =
    "select pg_backend_pid(), current_setting('port')::int, "
    "(select setting from pg_settings where name = 'data_directory')";

[[noreturn]] void refuse(const std::string& dir, const std::string& why) {
  throw UsageError("--server-datadir " + dir + ": " + why);
}

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
                    " of postmaster.pid; tpcc stops or crashes only the server it is connected "
                    "to");
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

}  // namespace

DataDirServer open_connected_server(const std::string& data_dir, const std::string& conninfo) {
  std::optional<DataDirServer> opened;
  try {
    opened = DataDirServer::open(data_dir);
  } catch (const std::runtime_error& e) {
    refuse(data_dir, e.what());
  }
  check_same_server(conninfo, *opened);
  return *opened;
}

}  // namespace tpcc
