// A running PostgreSQL server known only by its data directory, which the
// kit was allowed to crash or stop and start again (tpcc acid --durability
// --server-datadir DIR, tpcc run --condition restart): what its postmaster.pid and postmaster.opts
// say, a crash as a loss of memory (SIGKILL of the postmaster and all its children) and a start
// with the options of its last start.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "pgserver/run_as.hpp"

namespace tpcc {

// The lines of postmaster.pid that identify a running server (PostgreSQL's
// pidfile.h: pid, data directory, start time, port, socket directory, ...).
struct PostmasterPid {
  int pid = 0;
  std::string data_dir;
  int port = 0;
  std::string socket_dir;  // first unix socket directory; empty if none
};

// Parses postmaster.pid's text; std::nullopt when it has no pid and port.
std::optional<PostmasterPid> parse_postmaster_pid(const std::string& text);

// postmaster.opts: the postgres program the server was last started with
// and the arguments after it, as the server wrote them (each in double
// quotes), for pg_ctl -o.
struct PostmasterOpts {
  std::string program;
  std::string arguments;
};
std::optional<PostmasterOpts> parse_postmaster_opts(const std::string& text);

// A process's parent pid from /proc/PID/stat; std::nullopt when there is no
// such process (or it is a zombie: gone but for its exit status).
std::optional<int> live_parent_pid(int pid);

class DataDirServer {
 public:
  // Reads DIR/postmaster.pid and DIR/postmaster.opts and checks that the
  // postmaster lives and that this process may signal it and start it as
  // the directory's owner. Throws std::runtime_error with the reason.
  static DataDirServer open(const std::string& data_dir);

  const std::string& data_dir() const { return data_dir_; }
  const PostmasterPid& postmaster() const { return pid_file_; }
  const std::string& owner() const { return owner_; }

  // A loss of memory: stops the postmaster (so it starts nothing new),
  // SIGKILLs it and every process descended from it, and waits until all
  // are gone. Returns how many processes were killed. Throws when some
  // survive `timeout_seconds`.
  int crash(double timeout_seconds) const;

  // pg_ctl start -w with the program directory and options of the last
  // start, as the data directory's owner; returns once the server accepts
  // connections (crash recovery done). pg_ctl's and the server's output go
  // to `log_file` (unless the server's own logging sends it elsewhere).
  // Throws std::runtime_error with the log's tail when it does not start.
  void start(const std::string& log_file) const;

  // pg_ctl stop -m fast -w as the data directory's owner: sessions are
  // ended, a shutdown checkpoint written, and it returns once the server is
  // down. Output to `log_file`; throws std::runtime_error with its tail
  // when the server does not stop.
  void stop(const std::string& log_file) const;

 private:
  std::string data_dir_;
  PostmasterPid pid_file_;
  PostmasterOpts opts_;
  std::string owner_;
  RunAs run_as_;
};

}  // namespace tpcc
