// Cleans up a throwaway server when its owner dies without doing so.
//
// A crash, SIGKILL or a test-runner timeout skips destructors, and the
// postmaster (detached by pg_ctl) would keep running with its shared memory
// and its directory under /tmp. The guard is a small detached process joined
// to the owner by a socket: when the socket reaches end of file without a
// release message, the owner is gone, and the guard stops the server
// (immediate mode) and removes its directory.
#pragma once

#include <string>
#include <vector>

namespace tpcc {

class OrphanGuard {
 public:
  // stop_argv: the command that stops the server; remove_dir: removed after.
  // Throws std::runtime_error if the guard cannot be started.
  OrphanGuard(const std::vector<std::string>& stop_argv, const std::string& remove_dir);
  ~OrphanGuard();
  OrphanGuard(const OrphanGuard&) = delete;
  OrphanGuard& operator=(const OrphanGuard&) = delete;

  // The owner has stopped the server itself (or wants it kept): the guard
  // exits without doing anything. Idempotent.
  void release();

 private:
  int fd_ = -1;
};

}  // namespace tpcc
