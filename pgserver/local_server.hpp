// A throwaway PostgreSQL cluster for `tpcc quickstart` and the database
// tests: its own directory, unix socket directory and free port, tuned for
// speed over durability, listening on loopback only, and removed afterwards.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "pgserver/run_as.hpp"

namespace tpcc {

class OrphanGuard;

struct LocalServerOptions {
  // Leave the cluster running and on disk when the LocalServer is destroyed
  // (instructions to connect and stop are printed to stderr).
  bool keep = false;
  // Where the cluster directory is created; default $TMPDIR, else /tmp.
  std::string parent_dir;
  // No progress lines on stderr.
  bool quiet = false;
  // postgresql.conf settings applied after the built-in ones, so they win.
  std::vector<std::pair<std::string, std::string>> settings;
  // The cluster can feed streaming standbys (wal_level=replica, WAL
  // senders) instead of writing the least WAL possible. Slower loads: COPY
  // into a new table is WAL-logged then.
  bool replication = false;
};

class LocalServer {
 public:
  // Finds the server programs, creates and starts the cluster. Throws
  // std::runtime_error with the reason (and the tail of the server log when
  // the server would not start); nothing is left behind in that case.
  static std::unique_ptr<LocalServer> start(const LocalServerOptions& options);

  // A hot standby of `primary` (started with options.replication): a base
  // backup taken with pg_basebackup -R, streaming from the primary, in its
  // own directory with its own port and socket directory, hot_standby on.
  // options.settings apply as for start() (e.g. cluster_name, which names
  // the standby in the primary's pg_stat_replication). Throws like start().
  static std::unique_ptr<LocalServer> start_standby(const LocalServer& primary,
                                                    const LocalServerOptions& options);

  // Stops the server and removes its directory, unless options.keep.
  ~LocalServer();
  LocalServer(const LocalServer&) = delete;
  LocalServer& operator=(const LocalServer&) = delete;

  // "host=<socket dir> port=<port> dbname=postgres user=postgres"
  const std::string& conninfo() const { return conninfo_; }
  // The same server, another database.
  std::string conninfo_for(const std::string& dbname) const;
  int port() const { return port_; }
  std::string data_dir() const { return dir_ + "/data"; }
  // The cluster's top directory (data, socket directory and logs inside).
  const std::string& directory() const { return dir_; }
  const std::string& socket_dir() const { return socket_dir_; }
  // Where initdb, pg_ctl, postgres (and usually psql) were found.
  const std::string& bin_dir() const { return bin_dir_; }
  bool running() const { return running_; }

  // A server program's command line, run as the `postgres` system user when
  // this process is root (initdb and postgres refuse to run as root).
  std::vector<std::string> server_command(const std::vector<std::string>& argv) const;

  // Stops the server (fast, then immediate if needed) and removes the
  // directory unless options.keep. Idempotent; never throws.
  void stop();

  // For fault tests: the server goes away as in a crash (pg_ctl stop -m
  // immediate), keeping its directory, and comes back with start_again()
  // (crash recovery). start_again() throws like start().
  void crash();
  void start_again();
  // For failover tests: a standby becomes a primary (pg_ctl promote -w).
  // Throws std::runtime_error when pg_ctl fails.
  void promote();

  // The postmaster's pid (postmaster.pid), 0 when not running.
  int postmaster_pid() const;

 private:
  explicit LocalServer(const LocalServerOptions& options);
  static std::unique_ptr<LocalServer> start_cluster(const LocalServerOptions& options,
                                                    const LocalServer* primary);
  void find_programs();
  void make_directory();
  void init_cluster();
  void copy_from(const LocalServer& primary);
  void write_settings() const;
  bool try_start(std::string* failure);
  void print_keep_instructions() const;

  LocalServerOptions options_;
  std::string bin_dir_;
  std::string dir_;
  std::string socket_dir_;
  std::string conninfo_;
  int port_ = 0;
  bool running_ = false;
  bool standby_ = false;
  bool as_root_ = false;
  RunAs run_as_;  // the postgres user when this process is root
  std::unique_ptr<OrphanGuard> guard_;
};

}  // namespace tpcc
