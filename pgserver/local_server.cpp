#include "pgserver/local_server.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "pgserver/orphan_guard.hpp"
#include "pgserver/pg_binaries.hpp"
#include "pgserver/process.hpp"
#include "pgserver/run_as.hpp"
#include "pgserver/unique_fd.hpp"

namespace tpcc {

namespace fs = std::filesystem;

namespace {

constexpr const char* kServerUser = "postgres";
constexpr const char* kSettingsFile = "tpcc-local.conf";
constexpr int kStartAttempts = 3;
constexpr const char* kStartTimeoutSeconds = "60";

struct Setting {
  const char* name;
  const char* value;
};

// The cluster lives for one run and holds nothing worth keeping, so
// durability is traded for speed throughout; what a benchmark measures
// (buffer hits, locking, commit path in the server) stays realistic.
const Setting kSettings[] = {
    // Large enough to keep a few warehouses (≈100 MB each) in memory, as a
    // tuned production server would.
    {"shared_buffers", "512MB"},
    // Room for hundreds of terminals plus loader workers and test sessions.
    {"max_connections", "300"},
    // A crash loses a throwaway cluster anyway: never wait for the disk.
    {"fsync", "off"},
    // Commits return without waiting for the WAL flush.
    {"synchronous_commit", "off"},
    // Torn pages only matter to crash recovery, which we never rely on.
    {"full_page_writes", "off"},
    // No replicas or archive: COPY into a table created in the same
    // transaction skips WAL, and every other write logs less.
    {"wal_level", "minimal"},
    // Required by wal_level=minimal.
    {"max_wal_senders", "0"},
    // The load writes gigabytes; a smaller limit forces a checkpoint every
    // few seconds of loading.
    {"max_wal_size", "8GB"},
    // No timed checkpoint in the middle of a short run.
    {"checkpoint_timeout", "30min"},
    // Dead tuples from Delivery and Payment are cleaned up and statistics
    // kept current, as on any real server (this is also the default).
    {"autovacuum", "on"},
    // Index builds after the load sort in memory instead of on disk.
    {"maintenance_work_mem", "512MB"},
    // Index builds use both cores.
    {"max_parallel_maintenance_workers", "2"},
    // Loopback only: the cluster trusts every connection, so it must never
    // be reachable from another machine.
    {"listen_addresses", "127.0.0.1"},
    // Server messages go to stderr, which pg_ctl -l sends to server.log in
    // the cluster directory; no collector process needed.
    {"logging_collector", "off"},
    {"log_destination", "stderr"},
};

// Written after kSettings when the cluster feeds (or is) a standby.
const Setting kReplicationSettings[] = {
    {"wal_level", "replica"},
    {"max_wal_senders", "8"},
    // The standby's replay position reaches the primary at least every
    // second, so pg_stat_replication's lag columns stay current.
    {"wal_receiver_status_interval", "1s"},
};

std::string conf_quote(const std::string& value) {
  std::string out = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') out += c;  // doubled quote; escaped backslash
    out += c;
  }
  return out + "'";
}

// libpq conninfo value: quoted when it holds spaces, quotes or backslashes.
std::string conninfo_value(const std::string& value) {
  if (!value.empty() && value.find_first_of(" '\\\t") == std::string::npos) return value;
  std::string out = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// Binding port 0 lets the kernel pick a port nobody uses right now; another
// process could take it before the server binds, so starting retries.
int free_loopback_port() {
  UniqueFd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!fd.valid()) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (::bind(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::getsockname(fd.get(), reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    throw std::runtime_error(std::string("cannot find a free port on 127.0.0.1: ") +
                             std::strerror(errno));
  }
  return ntohs(addr.sin_port);
}

std::string default_parent_dir() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
}

}  // namespace

std::unique_ptr<LocalServer> LocalServer::start(const LocalServerOptions& options) {
  return start_cluster(options, nullptr);
}

std::unique_ptr<LocalServer> LocalServer::start_standby(const LocalServer& primary,
                                                        const LocalServerOptions& options) {
  if (!primary.running()) throw std::runtime_error("the primary of a standby must be running");
  return start_cluster(options, &primary);
}

std::unique_ptr<LocalServer> LocalServer::start_cluster(const LocalServerOptions& options,
                                                        const LocalServer* primary) {
  std::unique_ptr<LocalServer> server(new LocalServer(options));  // private constructor
  server->standby_ = primary != nullptr;
  try {
    server->find_programs();
    server->make_directory();
    if (!options.quiet) {
      std::cerr << "Starting a throwaway PostgreSQL" << (primary ? " standby" : "") << " in "
                << server->dir_ << " (programs from " << server->bin_dir_ << ")\n";
    }
    if (primary) {
      server->copy_from(*primary);
    } else {
      server->init_cluster();
    }
    std::string failure;
    for (int attempt = 1; !server->running_; ++attempt) {
      server->port_ = free_loopback_port();
      server->write_settings();
      if (server->try_start(&failure)) break;
      const bool port_taken = failure.find("could not bind") != std::string::npos ||
                              failure.find("already in use") != std::string::npos;
      if (!port_taken || attempt == kStartAttempts) throw std::runtime_error(failure);
    }
  } catch (...) {
    // Nothing is kept from a cluster that never came up: the error message
    // carries the logs.
    server->options_.keep = false;
    server->stop();
    throw;
  }
  server->conninfo_ = server->conninfo_for("postgres");
  if (!options.quiet) std::cerr << "PostgreSQL ready: " << server->conninfo_ << "\n";
  return server;
}

LocalServer::LocalServer(const LocalServerOptions& options)
    : options_(options), as_root_(::geteuid() == 0) {}

LocalServer::~LocalServer() {
  if (options_.keep && running_) {
    print_keep_instructions();
    return;
  }
  stop();
}

std::string LocalServer::conninfo_for(const std::string& dbname) const {
  return "host=" + conninfo_value(socket_dir_) + " port=" + std::to_string(port_) +
         " dbname=" + conninfo_value(dbname) + " user=" + kServerUser;
}

std::vector<std::string> LocalServer::server_command(const std::vector<std::string>& argv) const {
  return run_as_.command(argv);
}

void LocalServer::find_programs() {
  bin_dir_ = find_server_bin_dir();
  if (!as_root_) return;
  if (::getpwnam(kServerUser) == nullptr) {
    throw std::runtime_error(
        "running as root, and initdb refuses to run as root: a 'postgres' system user is needed "
        "to run the throwaway server (Debian: apt-get install postgresql creates it), or run as "
        "an ordinary user");
  }
  run_as_ = RunAs::user(kServerUser);
}

void LocalServer::make_directory() {
  std::string parent = options_.parent_dir.empty() ? default_parent_dir() : options_.parent_dir;
  parent = fs::absolute(parent).lexically_normal().string();
  while (parent.size() > 1 && parent.back() == '/') parent.pop_back();
  std::string templ = parent + "/tpcc-pg-XXXXXX";

  // A unix socket path holds at most 107 bytes (sockaddr_un.sun_path).
  const std::size_t socket_path_len = templ.size() + std::string("/socket/.s.PGSQL.65535").size();
  if (socket_path_len > 107) {
    throw std::runtime_error("the directory " + parent +
                             " is too long a path for the server's unix socket (limit 107 bytes); "
                             "choose a shorter parent directory (TMPDIR)");
  }
  if (::mkdtemp(templ.data()) == nullptr) {
    throw std::runtime_error("cannot create a directory in " + parent + ": " +
                             std::strerror(errno));
  }
  dir_ = templ;
  socket_dir_ = dir_ + "/socket";
  // Armed before anything else happens so that a crash from here on
  // leaves nothing behind; a kept cluster is the user's to remove.
  if (!options_.keep) {
    guard_ = std::make_unique<OrphanGuard>(server_command({bin_dir_ + "/pg_ctl", "-D", data_dir(),
                                                           "-m", "immediate", "-t", "30", "stop"}),
                                           dir_);
  }
  // Clients of any local user may connect through the socket directory.
  if (::chmod(dir_.c_str(), 0755) != 0 || ::mkdir(socket_dir_.c_str(), 0755) != 0) {
    throw std::runtime_error("cannot prepare " + dir_ + ": " + std::strerror(errno));
  }
  if (as_root_) {
    const passwd* pw = ::getpwnam(kServerUser);
    if (::chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0 ||
        ::chown(socket_dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
      throw std::runtime_error("cannot give " + dir_ +
                               " to the postgres user: " + std::strerror(errno));
    }
    // Every directory above must be searchable by the postgres user.
    if (run_process(server_command({"test", "-w", dir_}), {}) != 0) {
      throw std::runtime_error("the postgres user cannot reach " + dir_ +
                               "; choose a parent directory it can enter (TMPDIR, e.g. /tmp)");
    }
  }
}

void LocalServer::init_cluster() {
  const std::string log = dir_ + "/initdb.log";
  ProcessOptions opts;
  opts.cwd = dir_;
  opts.output_file = log;
  opts.kill_after_seconds = 300;
  // trust: loopback and a private socket only, and no password to manage.
  // --no-sync: nothing survives the run, flushing would only cost time.
  // -E UTF8 --locale=C: the same sorting and text handling on every machine.
  const int rc =
      run_process(server_command({bin_dir_ + "/initdb", "-D", data_dir(), "-A", "trust", "-U",
                                  kServerUser, "--no-sync", "-E", "UTF8", "--locale=C"}),
                  opts);
  if (rc != 0) {
    throw std::runtime_error("initdb failed (exit status " + std::to_string(rc) + "):\n" +
                             file_tail(log, 20));
  }
  std::ofstream conf(data_dir() + "/postgresql.conf", std::ios::app);
  conf << "\n# Settings of the throwaway benchmark cluster.\ninclude '" << kSettingsFile << "'\n";
  if (!conf) throw std::runtime_error("cannot write " + data_dir() + "/postgresql.conf");
}

// pg_basebackup -R copies the primary's data directory, postgresql.conf and
// its include of kSettingsFile (rewritten by write_settings with this
// cluster's port and socket directory), and writes standby.signal and the
// primary_conninfo that points at the primary's socket.
void LocalServer::copy_from(const LocalServer& primary) {
  const std::string log = dir_ + "/basebackup.log";
  ProcessOptions opts;
  opts.cwd = dir_;
  opts.output_file = log;
  opts.kill_after_seconds = 300;
  // -c fast: an immediate checkpoint, not a spread one; --no-sync: as
  // initdb, nothing here needs to survive a crash.
  const int rc = run_process(
      server_command({bin_dir_ + "/pg_basebackup", "-D", data_dir(), "-d", primary.conninfo(), "-R",
                      "-X", "stream", "-c", "fast", "--no-sync"}),
      opts);
  if (rc != 0) {
    throw std::runtime_error("pg_basebackup failed (exit status " + std::to_string(rc) +
                             "; a primary feeds standbys only when started with "
                             "LocalServerOptions::replication):\n" +
                             file_tail(log, 20));
  }
}

void LocalServer::write_settings() const {
  const std::string path = data_dir() + "/" + kSettingsFile;
  std::ofstream out(path, std::ios::trunc);
  for (const auto& s : kSettings) out << s.name << " = " << conf_quote(s.value) << "\n";
  if (options_.replication || standby_) {
    // Streaming replication needs replica WAL and senders on the primary; a
    // hot standby needs at least the primary's max_wal_senders.
    for (const auto& s : kReplicationSettings)
      out << s.name << " = " << conf_quote(s.value) << "\n";
  }
  if (standby_) out << "hot_standby = 'on'\n";
  // A private socket directory, so it never clashes with a system server
  // in /var/run/postgresql; a free port, so it runs beside other servers.
  out << "unix_socket_directories = " << conf_quote(socket_dir_) << "\n";
  out << "port = " << port_ << "\n";
  for (const auto& [name, value] : options_.settings)
    out << name << " = " << conf_quote(value) << "\n";
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
  if (as_root_) {
    const passwd* pw = ::getpwnam(kServerUser);
    if (::chown(path.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
      throw std::runtime_error("cannot give " + path +
                               " to the postgres user: " + std::strerror(errno));
    }
  }
}

bool LocalServer::try_start(std::string* failure) {
  const std::string server_log = dir_ + "/server.log";
  const std::string ctl_log = dir_ + "/pg_ctl.log";
  ProcessOptions opts;
  opts.cwd = dir_;
  opts.output_file = ctl_log;
  opts.kill_after_seconds = 120;  // pg_ctl's own -t should end it first
  const int rc =
      run_process(server_command({bin_dir_ + "/pg_ctl", "-D", data_dir(), "-l", server_log, "-w",
                                  "-t", kStartTimeoutSeconds, "-s", "start"}),
                  opts);
  if (rc == 0) {
    running_ = true;
    return true;
  }
  *failure = "PostgreSQL did not start on port " + std::to_string(port_) + " (pg_ctl exit status " +
             std::to_string(rc) + ").\npg_ctl said:\n" + file_tail(ctl_log, 10) +
             "server log (last lines):\n" + file_tail(server_log, 20);
  // pg_ctl may have given up waiting while the postmaster lives on.
  ProcessOptions quiet_opts;
  quiet_opts.cwd = dir_;
  quiet_opts.output_file = "/dev/null";
  run_process(
      server_command({bin_dir_ + "/pg_ctl", "-D", data_dir(), "-m", "immediate", "-s", "stop"}),
      quiet_opts);
  return false;
}

void LocalServer::stop() {
  const bool was_running = running_;
  try {
    if (running_) {
      ProcessOptions opts;
      opts.cwd = dir_;
      opts.output_file = dir_ + "/pg_ctl.log";
      opts.kill_after_seconds = 120;
      // fast: roll back open transactions and disconnect; immediate if that
      // does not finish (a session stuck in a long statement).
      if (run_process(server_command({bin_dir_ + "/pg_ctl", "-D", data_dir(), "-m", "fast", "-w",
                                      "-t", "60", "-s", "stop"}),
                      opts) != 0) {
        run_process(server_command({bin_dir_ + "/pg_ctl", "-D", data_dir(), "-m", "immediate", "-w",
                                    "-t", "30", "-s", "stop"}),
                    opts);
      }
      running_ = false;
    }
  } catch (const std::exception& e) {
    std::cerr << "warning: stopping PostgreSQL in " << dir_ << ": " << e.what() << "\n";
  }
  if (options_.keep && was_running && !options_.quiet) {
    std::cerr << "PostgreSQL stopped; its cluster is kept in " << dir_ << "\n";
  }
  if (!options_.keep && !dir_.empty()) {
    std::error_code ec;
    fs::remove_all(dir_, ec);
    if (ec) std::cerr << "warning: cannot remove " << dir_ << ": " << ec.message() << "\n";
    dir_.clear();
  }
  if (guard_) guard_->release();
  guard_.reset();
}

void LocalServer::print_keep_instructions() const {
  const std::string psql =
      ::access((bin_dir_ + "/psql").c_str(), X_OK) == 0 ? bin_dir_ + "/psql" : "psql";
  const auto ctl_stop = server_command({bin_dir_ + "/pg_ctl", "-D", data_dir(), "stop"});
  std::cerr << "PostgreSQL keeps running in " << dir_ << " (port " << port_ << ")\n"
            << "  connect: " << shell_join({psql, conninfo_}) << "\n"
            << "  stop:    " << shell_join(ctl_stop) << " && rm -rf " << shell_quote(dir_) << "\n";
}

}  // namespace tpcc
