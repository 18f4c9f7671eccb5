#include "loader/space_check.hpp"

#include <sys/statvfs.h>

#include <fstream>
#include <string>

#include <pqxx/nontransaction>

#include "config/errors.hpp"
#include "loader/size_estimate.hpp"

namespace tpcc {
namespace {

// Hidden from users without pg_read_all_settings: no row then.
constexpr const char* kDataDirectorySql =
    "select (select setting from pg_settings where name = 'data_directory'), pg_backend_pid()";

// The first line of a file, or "" when it cannot be read.
std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// The parent pid in /proc/PID/status, or "" when there is no such process.
std::string parent_pid(long long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("PPid:", 0) == 0) {
      const auto digits = line.find_first_not_of(" \t", 5);
      return digits == std::string::npos ? "" : line.substr(digits);
    }
  }
  return "";
}

// Whether the connection's backend is a process of this machine: a postgres
// process with the connection's backend pid, and, when postmaster.pid can be
// read, the child of the postmaster it names. A server elsewhere (another
// host, a container) has no such process here, or another one.
bool backend_is_local(long long backend_pid, const std::string& data_directory) {
  if (first_line("/proc/" + std::to_string(backend_pid) + "/comm") != "postgres") return false;
  const std::string postmaster = first_line(data_directory + "/postmaster.pid");
  return postmaster.empty() || postmaster == parent_pid(backend_pid);
}

}  // namespace

FreeSpace server_free_space(pqxx::connection& conn, const Config& config) {
  FreeSpace free;
  if (config.distribution == Distribution::Citus) {
    free.note = "the tables go to the Citus workers";
    return free;
  }
  if (!config.tablespace.empty()) {
    free.note = "the tables go to --tablespace";
    return free;
  }
  const auto row = pqxx::nontransaction(conn).exec(kDataDirectorySql)[0];
  if (row[0].is_null()) {
    free.note =
        "the server's data_directory is hidden from this user (superuser or "
        "pg_read_all_settings sees it)";
    return free;
  }
  const std::string dir = row[0].as<std::string>();
  struct statvfs fs {};
  if (!backend_is_local(row[1].as<long long>(), dir) || statvfs(dir.c_str(), &fs) != 0) {
    free.note = "the server does not run on this machine (its data directory " + dir +
                " cannot be read here)";
    return free;
  }
  free.place = "the file system of the server's data directory " + dir;
  free.megabytes = static_cast<double>(fs.f_bavail) * static_cast<double>(fs.f_frsize) / 1e6;
  return free;
}

std::string space_line(const LoadSize& load, const FreeSpace& free) {
  std::string line = "size estimate: about " + format_megabytes(load.megabytes) +
                     " with indexes for " + load.amount + "; ";
  if (free.megabytes) {
    line += format_megabytes(*free.megabytes) + " free on " + free.place;
  } else {
    line += "free space not checked: " + free.note;
  }
  return line;
}

std::optional<std::string> space_refusal(const LoadSize& load, const FreeSpace& free,
                                         bool no_space_check) {
  if (no_space_check || !free.megabytes || load.megabytes <= *free.megabytes) return std::nullopt;
  return load.flag + ": loading " + load.amount + " needs about " +
         format_megabytes(load.megabytes) + " with indexes, but " + free.place + " has " +
         format_megabytes(*free.megabytes) + " free; nothing was loaded. Load " + load.fewer +
         ", free space, or pass --no-space-check (props no-space-check=true) to load anyway";
}

void check_space(pqxx::connection& conn, const Config& config, const LoadSize& load,
                 std::ostream& out) {
  const FreeSpace free = server_free_space(conn, config);
  out << space_line(load, free) << std::endl;
  if (const auto refusal = space_refusal(load, free, config.no_space_check)) {
    throw UsageError(*refusal);
  }
}

}  // namespace tpcc
