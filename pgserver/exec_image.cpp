#include "pgserver/exec_image.hpp"

#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

extern char** environ;

namespace tpcc {

namespace {

std::vector<std::string> environment_with(const EnvChanges& changes) {
  std::vector<std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) env.emplace_back(*e);
  for (const auto& [name, value] : changes) {
    const std::string prefix = name + "=";
    std::vector<std::string> kept;
    for (auto& entry : env) {
      if (entry.compare(0, prefix.size(), prefix) != 0) kept.push_back(std::move(entry));
    }
    env = std::move(kept);
    if (value) env.push_back(prefix + *value);
  }
  return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

ExecImage::ExecImage(const std::vector<std::string>& argv, const EnvChanges& env)
    : args_(argv), env_(environment_with(env)) {
  if (args_.empty()) throw std::invalid_argument("run_process: empty argument list");
  path_ = args_[0].find('/') == std::string::npos ? find_in_path(args_[0]) : args_[0];
  if (path_.empty()) throw std::runtime_error("cannot run " + args_[0] + ": not found in PATH");
  argv_ = pointers(args_);
  envp_ = pointers(env_);
}

void ExecImage::exec() const {
  // The parent may ignore or block signals (SIGPIPE, SIGINT); a child
  // inherits that across exec, which would surprise programs like pg_ctl.
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD}) signal(sig, SIG_DFL);
  execve(path_.c_str(), argv_.data(), envp_.data());
}

}  // namespace tpcc
