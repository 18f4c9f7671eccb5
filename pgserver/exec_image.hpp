// A program, its arguments and its environment laid out before fork().
// Between fork() and execve() only async-signal-safe calls are allowed (the
// parent may have other threads holding the allocator's locks), so nothing
// may be built there; this object is built first and only read afterwards.
#pragma once

#include <string>
#include <vector>

#include "pgserver/process.hpp"

namespace tpcc {

class ExecImage {
 public:
  // Resolves argv[0] through PATH now; throws std::runtime_error if absent.
  ExecImage(const std::vector<std::string>& argv, const EnvChanges& env);
  ExecImage(const ExecImage&) = delete;
  ExecImage& operator=(const ExecImage&) = delete;

  const std::string& program() const { return path_; }

  // For the child after fork(): restores default signal handling and execs.
  // Returns only if execve failed, with errno set.
  void exec() const;

 private:
  std::string path_;
  std::vector<std::string> args_;
  std::vector<std::string> env_;
  std::vector<char*> argv_;
  std::vector<char*> envp_;
};

}  // namespace tpcc
