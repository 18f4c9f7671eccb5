// What the fault tests do to a LocalServer: crash it as a power cut would
// take the processes (pg_ctl stop -m immediate, the directory kept), start
// it again (crash recovery), promote a standby, and find its postmaster to
// freeze it.
#include <fstream>
#include <stdexcept>
#include <string>

#include "pgserver/local_server.hpp"
#include "pgserver/process.hpp"

namespace tpcc {

void LocalServer::crash() {
  if (!running_) return;
  ProcessOptions opts;
  opts.cwd = dir_;
  opts.output_file = dir_ + "/pg_ctl.log";
  opts.kill_after_seconds = 60;
  run_process(server_command({bin_dir_ + "/pg_ctl", "-D", data_dir(), "-m", "immediate", "-w", "-t",
                              "30", "-s", "stop"}),
              opts);
  running_ = false;
}

void LocalServer::promote() {
  ProcessOptions opts;
  opts.cwd = dir_;
  opts.output_file = dir_ + "/pg_ctl.log";
  opts.kill_after_seconds = 60;
  if (run_process(server_command(
                      {bin_dir_ + "/pg_ctl", "-D", data_dir(), "-w", "-t", "30", "-s", "promote"}),
                  opts) != 0) {
    throw std::runtime_error("pg_ctl promote failed in " + dir_ + " (see pg_ctl.log)");
  }
  standby_ = false;
}

void LocalServer::start_again() {
  if (running_) return;
  std::string failure;
  if (!try_start(&failure)) throw std::runtime_error(failure);
}

int LocalServer::postmaster_pid() const {
  if (!running_) return 0;
  std::ifstream in(data_dir() + "/postmaster.pid");
  int pid = 0;
  in >> pid;
  return pid;
}

}  // namespace tpcc
