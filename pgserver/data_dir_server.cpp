#include "pgserver/data_dir_server.hpp"

#include <dirent.h>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "pgserver/process.hpp"

namespace tpcc {
namespace {

// pidfile.h: LOCK_FILE_LINE_PID 1, _DATA_DIR 2, _PORT 4, _SOCKET_DIR 5.
constexpr int kPidLine = 1;
constexpr int kDataDirLine = 2;
constexpr int kPortLine = 4;
constexpr int kSocketDirLine = 5;
// pg_ctl's own -t: crash recovery replays the WAL written since the last
// checkpoint, seconds for a test run; a server that needs longer is
// reported, not waited for.
constexpr const char* kStartTimeoutSeconds = "120";
constexpr double kStartKillAfterSeconds = 180;  // pg_ctl's -t should end it first
constexpr auto kPollInterval = std::chrono::milliseconds(20);

std::string read_file(const std::string& path) {
  errno = 0;
  std::ifstream in(path);
  if (!in) {
    throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

int to_int(const std::string& s) {
  try {
    std::size_t used = 0;
    const int v = std::stoi(s, &used);
    return used == s.size() ? v : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

// Every live process's parent, from /proc.
std::multimap<int, int> children_by_parent() {
  std::multimap<int, int> children;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr)
    throw std::runtime_error(std::string("cannot read /proc: ") + std::strerror(errno));
  while (const dirent* entry = ::readdir(proc)) {
    const int pid = to_int(entry->d_name);
    if (pid <= 0) continue;
    if (const std::optional<int> parent = live_parent_pid(pid)) children.emplace(*parent, pid);
  }
  ::closedir(proc);
  return children;
}

std::vector<int> descendants(int root) {
  const std::multimap<int, int> children = children_by_parent();
  std::vector<int> found;
  std::vector<int> todo{root};
  while (!todo.empty()) {
    const int parent = todo.back();
    todo.pop_back();
    const auto [first, last] = children.equal_range(parent);
    for (auto it = first; it != last; ++it) {
      found.push_back(it->second);
      todo.push_back(it->second);
    }
  }
  return found;
}

}  // namespace

std::optional<PostmasterPid> parse_postmaster_pid(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  PostmasterPid p;
  for (int number = 1; std::getline(in, line); ++number) {
    if (number == kPidLine) p.pid = to_int(line);
    if (number == kDataDirLine) p.data_dir = line;
    if (number == kPortLine) p.port = to_int(line);
    if (number == kSocketDirLine) p.socket_dir = line;
  }
  if (p.pid <= 0 || p.port <= 0) return std::nullopt;
  return p;
}

std::optional<PostmasterOpts> parse_postmaster_opts(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  if (line.empty()) return std::nullopt;
  // The program is written as is, every argument after it as ` "arg"`.
  const std::size_t args = line.find(" \"");
  PostmasterOpts opts;
  opts.program = line.substr(0, args);
  if (args != std::string::npos) opts.arguments = line.substr(args + 1);
  if (opts.program.find('/') == std::string::npos) return std::nullopt;
  return opts;
}

std::optional<int> live_parent_pid(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!in || !std::getline(in, stat)) return std::nullopt;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
  const std::size_t close = stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream rest(stat.substr(close + 1));
  char state = 0;
  int parent = 0;
  if (!(rest >> state >> parent)) return std::nullopt;
  if (state == 'Z' || state == 'X') return std::nullopt;  // dead, not yet reaped
  return parent;
}

DataDirServer DataDirServer::open(const std::string& data_dir) {
  DataDirServer server;
  // Absolute: pg_ctl runs in the data directory itself (start()).
  server.data_dir_ = std::filesystem::absolute(data_dir).lexically_normal().string();
  while (server.data_dir_.size() > 1 && server.data_dir_.back() == '/') server.data_dir_.pop_back();
  struct stat st {};
  if (::stat(data_dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw std::runtime_error(data_dir + " is not a directory");
  }
  const passwd* pw = ::getpwuid(st.st_uid);
  server.owner_ = pw != nullptr ? pw->pw_name : std::to_string(st.st_uid);
  if (::geteuid() != 0 && ::geteuid() != st.st_uid) {
    throw std::runtime_error(data_dir + " belongs to the user " + server.owner_ +
                             ": crashing and starting its server needs that user or root");
  }
  // initdb and postgres refuse root: a root tpcc runs pg_ctl as the owner.
  if (::geteuid() == 0 && st.st_uid != 0) server.run_as_ = RunAs::user(server.owner_);

  const std::string pid_path = data_dir + "/postmaster.pid";
  const auto pid_file = parse_postmaster_pid(read_file(pid_path));
  if (!pid_file) throw std::runtime_error(pid_path + " names no running server (no pid and port)");
  server.pid_file_ = *pid_file;
  if (::kill(pid_file->pid, 0) != 0) {
    throw std::runtime_error(
        pid_path + " names postmaster " + std::to_string(pid_file->pid) + ", which " +
        (errno == ESRCH ? std::string("is not running")
                        : "cannot be signalled: " + std::string(std::strerror(errno))));
  }
  const std::string opts_path = data_dir + "/postmaster.opts";
  const auto opts = parse_postmaster_opts(read_file(opts_path));
  if (!opts) throw std::runtime_error(opts_path + " does not name the postgres program");
  server.opts_ = *opts;
  return server;
}

int DataDirServer::crash(double timeout_seconds) const {
  const int postmaster = pid_file_.pid;
  // Stopped, the postmaster cannot start a backend or restart a killed
  // child between the listing of its children and their end.
  if (::kill(postmaster, SIGSTOP) != 0) {
    throw std::runtime_error("cannot stop postmaster " + std::to_string(postmaster) + ": " +
                             std::strerror(errno));
  }
  std::vector<int> victims{postmaster};
  try {
    const std::vector<int> below = descendants(postmaster);
    victims.insert(victims.end(), below.begin(), below.end());
  } catch (...) {
    ::kill(postmaster, SIGCONT);  // not left frozen when the crash cannot go on
    throw;
  }
  // In one tight loop, microseconds apart: every server child is a process
  // group of its own (postgres calls setsid in each), so no single kill()
  // reaches them all.
  for (const int pid : victims) ::kill(pid, SIGKILL);
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<long>(timeout_seconds * 1000));
  // Gone from /proc, not just dead: a new postmaster takes the pid in
  // postmaster.pid for a live server while it is a zombie, and an orphan's
  // zombie waits for init, which may reap it only a second or two later.
  for (const int pid : victims) {
    while (::access(("/proc/" + std::to_string(pid)).c_str(), F_OK) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        throw std::runtime_error("process " + std::to_string(pid) + " of the server in " +
                                 data_dir_ + " is still there (alive or a zombie not reaped) " +
                                 std::to_string(timeout_seconds) + " s after SIGKILL");
      }
      std::this_thread::sleep_for(kPollInterval);
    }
  }
  return static_cast<int>(victims.size());
}

void DataDirServer::start(const std::string& log_file) const {
  const std::string bin_dir = std::filesystem::path(opts_.program).parent_path().string();
  std::vector<std::string> argv{bin_dir + "/pg_ctl",  "start", "-D", data_dir_, "-w", "-t",
                                kStartTimeoutSeconds, "-s"};
  if (!opts_.arguments.empty()) {
    argv.push_back("-o");
    argv.push_back(opts_.arguments);
  }
  ProcessOptions opts;
  opts.cwd = data_dir_;  // the owner can enter it, whatever this process's directory
  opts.output_file = log_file;
  opts.kill_after_seconds = kStartKillAfterSeconds;
  const int rc = run_process(run_as_.command(argv), opts);
  if (rc != 0) {
    throw std::runtime_error("the server in " + data_dir_ +
                             " did not start again (pg_ctl exit status " + std::to_string(rc) +
                             "); " + log_file + " ends with:\n" + file_tail(log_file, 20));
  }
}

void DataDirServer::stop(const std::string& log_file) const {
  const std::string bin_dir = std::filesystem::path(opts_.program).parent_path().string();
  const std::vector<std::string> argv{
      bin_dir + "/pg_ctl",  "stop", "-D", data_dir_, "-m", "fast", "-w", "-t",
      kStartTimeoutSeconds, "-s"};
  ProcessOptions opts;
  opts.cwd = data_dir_;
  opts.output_file = log_file;
  opts.kill_after_seconds = kStartKillAfterSeconds;
  const int rc = run_process(run_as_.command(argv), opts);
  if (rc != 0) {
    throw std::runtime_error("the server in " + data_dir_ + " did not stop (pg_ctl exit status " +
                             std::to_string(rc) + "); " + log_file + " ends with:\n" +
                             file_tail(log_file, 20));
  }
}

}  // namespace tpcc
