#include "pgserver/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <stdexcept>
#include <tuple>

#include "pgserver/exec_image.hpp"
#include "pgserver/unique_fd.hpp"

namespace tpcc {

namespace {

std::runtime_error system_error(const std::string& what, int err) {
  return std::runtime_error(what + ": " + std::strerror(err));
}

UniqueFd open_or_throw(const std::string& path, int flags) {
  UniqueFd fd(::open(path.c_str(), flags | O_CLOEXEC, 0644));
  if (!fd.valid()) throw system_error("cannot open " + path, errno);
  return fd;
}

std::pair<UniqueFd, UniqueFd> make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw system_error("pipe", errno);
  return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

int shell_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

// Reads what is available; returns false at end of file.
bool read_some(int fd, std::string* sink) {
  char buf[8192];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      if (sink != nullptr) sink->append(buf, static_cast<size_t>(n));
      return true;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

// The child has exited, but something it started may still hold the pipe
// open: take what is buffered without waiting for end of file.
void drain(int fd, std::string* sink) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  char buf[8192];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      if (sink != nullptr) sink->append(buf, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return;
  }
}

}  // namespace

std::string find_in_path(const std::string& name) {
  const char* env = std::getenv("PATH");
  const std::string path = env != nullptr && *env != '\0' ? env : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  for (;;) {
    const size_t end = path.find(':', start);
    std::string dir =
        path.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (dir.empty()) dir = ".";
    const std::string candidate = dir + "/" + name;
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
    if (end == std::string::npos) return "";
    start = end + 1;
  }
}

std::string shell_quote(const std::string& arg) {
  if (!arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_-./=:@%+,") == std::string::npos) {
    return arg;
  }
  std::string out = "'";
  for (char c : arg) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string shell_join(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& arg : argv) {
    if (!out.empty()) out += ' ';
    out += shell_quote(arg);
  }
  return out;
}

int run_process(const std::vector<std::string>& argv, const ProcessOptions& options,
                std::string* output) {
  const ExecImage image(argv, options.env);
  UniqueFd null_in = open_or_throw("/dev/null", O_RDONLY);
  UniqueFd out_read;
  UniqueFd out_write;
  if (!options.output_file.empty()) {
    out_write = open_or_throw(options.output_file, O_WRONLY | O_CREAT | O_APPEND);
  } else if (output != nullptr) {
    std::tie(out_read, out_write) = make_pipe();
  }
  // exec failures travel back through this close-on-exec pipe: it reaches
  // end of file without data exactly when execve succeeded.
  auto [err_read, err_write] = make_pipe();
  const char* cwd = options.cwd.empty() ? nullptr : options.cwd.c_str();

  const pid_t pid = ::fork();
  if (pid < 0) throw system_error("fork", errno);
  if (pid == 0) {
    int err = 0;
    if (cwd != nullptr && ::chdir(cwd) != 0) err = errno;
    if (err == 0) {
      ::dup2(null_in.get(), 0);
      if (out_write.valid()) {
        ::dup2(out_write.get(), 1);
        ::dup2(out_write.get(), 2);
      }
      image.exec();
      err = errno;
    }
    (void)!::write(err_write.get(), &err, sizeof err);
    ::_exit(127);
  }
  err_write.reset();
  out_write.reset();

  int child_errno = 0;
  ssize_t n;
  do {
    n = ::read(err_read.get(), &child_errno, sizeof child_errno);
  } while (n < 0 && errno == EINTR);
  if (n == static_cast<ssize_t>(sizeof child_errno)) {
    int status;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    throw system_error(
        "cannot run " + image.program() + (cwd != nullptr ? " in " + options.cwd : std::string()),
        child_errno);
  }

  using Clock = std::chrono::steady_clock;
  const bool has_deadline = options.kill_after_seconds > 0;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                         has_deadline ? options.kill_after_seconds : 0));
  bool killed = false;
  int status = 0;
  for (;;) {
    if (!out_read.valid() && !has_deadline) {
      if (::waitpid(pid, &status, 0) == pid) break;
      if (errno == EINTR) continue;
      throw system_error("waitpid", errno);
    }
    // Short polls: the child's exit is noticed within a few milliseconds
    // even if a grandchild keeps the output pipe open.
    int timeout_ms = 20;
    if (has_deadline && !killed) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      timeout_ms =
          static_cast<int>(std::max<long long>(0, std::min<long long>(timeout_ms, left.count())));
    }
    pollfd pfd{out_read.get(), POLLIN, 0};
    const int ready =
        ::poll(out_read.valid() ? &pfd : nullptr, out_read.valid() ? 1 : 0, timeout_ms);
    if (ready > 0 && !read_some(out_read.get(), output)) out_read.reset();
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) throw system_error("waitpid", errno);
    if (has_deadline && !killed && Clock::now() >= deadline) {
      ::kill(pid, SIGKILL);
      killed = true;
    }
  }
  if (out_read.valid()) drain(out_read.get(), output);
  return shell_status(status);
}

std::string file_tail(const std::string& path, std::size_t lines) {
  std::ifstream in(path);
  if (!in) return "";
  std::deque<std::string> last;
  std::string line;
  while (std::getline(in, line)) {
    last.push_back(line);
    if (last.size() > lines) last.pop_front();
  }
  std::string out;
  for (const auto& l : last) out += "  | " + l + "\n";
  return out;
}

}  // namespace tpcc
