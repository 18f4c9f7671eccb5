// What every database test needs: the throwaway PostgreSQL of the run, a
// private database per test file, scratch space, and the tpcc binary run as
// a child process.
//
// The server is either started by this process for its own run
// (tests/pg/pg_main.cpp) or, under ctest, started once by the
// `pg:server-start` entry and shared by every test file's process, which
// attaches to it through a state file (`pg_tests --server-state FILE`).
// Either way, tests running side by side share it: each test file uses
// databases, roles and file names of its own.
//
// While the tests run, PGHOST, PGPORT, PGUSER and PGDATABASE point at the
// throwaway server (and PGPASSWORD, PGSERVICE, PGHOSTADDR, PGOPTIONS are
// unset), so that anything relying on libpq defaults, including tpcc run
// without --conn, reaches it and nothing else.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "pgserver/process.hpp"

namespace pqxx {
class connection_base;
}

namespace tpcc::test {

// Where the tests' server is: its own (LocalServer) or one shared with other
// test processes, described by a state file.
class ServerInfo {
 public:
  // "host=<socket dir> port=<port> dbname=postgres user=postgres"
  const std::string& conninfo() const { return conninfo_; }
  // The same server, another database.
  std::string conninfo_for(const std::string& dbname) const;
  int port() const { return port_; }
  // The cluster's top directory: the server can reach it, and it goes with
  // the server, so tests keep files there (names of their own: it is shared).
  const std::string& directory() const { return directory_; }
  const std::string& socket_dir() const { return socket_dir_; }
  std::string data_dir() const { return directory_ + "/data"; }
  // Where initdb, pg_ctl and postgres were found.
  const std::string& bin_dir() const { return bin_dir_; }

  ServerInfo() = default;
  ServerInfo(std::string directory, std::string socket_dir, std::string bin_dir, int port);

 private:
  std::string directory_;
  std::string socket_dir_;
  std::string bin_dir_;
  int port_ = 0;
  std::string conninfo_;
};

// Conninfo of the server's `postgres` database. Throws if no server runs
// (only when the test binary was asked to list tests).
const std::string& server_conninfo();

// The server itself: port, socket directory, directory.
const ServerInfo& local_server();

// Drops the database if it exists (disconnecting its sessions), creates it
// empty, and returns its conninfo. `name`: letters, digits and '_' only.
std::string create_database(const std::string& name);

// create_database(name), then `tpcc prepare --warehouses N --no-check` into
// it; throws with tpcc's output if the load fails. Returns the conninfo.
std::string prepared_database(const std::string& name, int warehouses);

// prepared_database(name, warehouses) once per process: the database a test
// file loads once and whose cases all use it. Safe to call from several
// threads; the same name with another warehouse count throws.
const std::string& loaded_database(const std::string& name, int warehouses);

// This process's scratch directory under the system temp dir, created on
// first use and removed with everything in it when the process ends.
const std::filesystem::path& scratch_root();

// A fresh path in scratch_root(): whatever `name` held before is removed, and
// nothing is created (tpcc creates its result directory itself).
std::string scratch_dir(const std::string& name);

// Runs TPCC_BINARY with `args`, stdin from /dev/null, stdout and stderr
// captured into *output (both, interleaved; pass nullptr to let them through).
// Returns the exit status; 128 + N if ended by signal N.
int run_tpcc(const std::vector<std::string>& args, std::string* output, const EnvChanges& env = {});

// The same, but the process gets SIGKILL after `seconds` if still running
// (status 137 then): for interrupted-load tests.
int run_tpcc_killed_after(const std::vector<std::string>& args, double seconds, std::string* output,
                          const EnvChanges& env = {});

// The single value of a query that returns one row, read on a connection of
// its own without a transaction block, so that statements before the final
// SELECT (`create table t (x int); select 1`) stay committed. Throws unless
// the last statement returns exactly one row.
long long scalar(const std::string& conninfo, const std::string& sql);
std::string scalar_text(const std::string& conninfo, const std::string& sql);

// The same on a connection the test already holds (no transaction open on it).
long long scalar(pqxx::connection_base& connection, const std::string& sql);

// Runs `sql` (one statement or several) in one transaction on a connection
// of its own and commits it.
void execute(const std::string& conninfo, const std::string& sql);

// The same on a connection the test already holds (no transaction open on it).
void execute(pqxx::connection_base& connection, const std::string& sql);

// Runs one statement in autocommit mode (CREATE TABLESPACE and the like,
// which refuse a transaction block).
void execute_outside_transaction(const std::string& conninfo, const std::string& sql);

// Creates a directory the server can write (owned by `postgres` when the
// tests run as root), e.g. for a tablespace.
void make_directory_for_server(const std::string& path);

// tpcc as a child process whose pid the test knows, for signals. Output
// (stdout and stderr) goes to output_file; a child still running when the
// object dies is killed.
class TpccChild {
 public:
  TpccChild(const std::vector<std::string>& args, const std::string& output_file);
  ~TpccChild();
  TpccChild(const TpccChild&) = delete;
  TpccChild& operator=(const TpccChild&) = delete;

  void signal(int sig);

  // The child's process id (for /proc/PID).
  int pid() const { return pid_; }

  // The exit status in shell convention, or -1 if still running after
  // `seconds`.
  int wait_for(double seconds);

 private:
  int pid_ = -1;
  bool reaped_ = false;
};

// Commits `change` on construction and `undo` on destruction, for a test
// that needs another process (tpcc itself) or session to see the change.
// A failed undo is reported as a warning: it cannot fail the test that
// already ended.
class CommittedChange {
 public:
  CommittedChange(const std::string& conninfo, const std::string& change, std::string undo);
  ~CommittedChange();
  CommittedChange(const CommittedChange&) = delete;
  CommittedChange& operator=(const CommittedChange&) = delete;

 private:
  std::string conninfo_;
  std::string undo_;
};

}  // namespace tpcc::test
