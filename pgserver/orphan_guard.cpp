#include "pgserver/orphan_guard.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>

#include "pgserver/exec_image.hpp"
#include "pgserver/unique_fd.hpp"

namespace tpcc {

namespace {

constexpr char kRelease = 'r';

// After fork(): async-signal-safe calls only.
void run_and_wait(const ExecImage& image) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    image.exec();
    ::_exit(127);
  }
  if (pid < 0) return;
  int status;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
}

void close_all_but(int keep, int max_fd) {
  const auto k = static_cast<unsigned>(keep);
  if ((k <= 3 || ::close_range(3, k - 1, 0) == 0) && ::close_range(k + 1, ~0U, 0) == 0) return;
  for (int fd = 3; fd < max_fd; ++fd) {
    if (fd != keep) ::close(fd);
  }
}

[[noreturn]] void guard_main(int sock, int null_fd, int max_fd, const ExecImage& stop,
                             const ExecImage& remove, const char* dir) {
  // Its own session: Ctrl-C in the owner's terminal must end the owner (so
  // that the guard notices) but not the guard.
  ::setsid();
  for (int sig : {SIGINT, SIGHUP, SIGPIPE}) ::signal(sig, SIG_IGN);
  if (sock < 3) sock = ::fcntl(sock, F_DUPFD_CLOEXEC, 3);  // the owner had closed stdio
  ::dup2(null_fd, 0);
  ::dup2(null_fd, 1);
  ::dup2(null_fd, 2);
  // Holding other descriptors would keep pipes of the owner (a test runner's
  // output, another guard's socket) open after the owner is gone.
  close_all_but(sock, max_fd);

  char message = 0;
  ssize_t n;
  do {
    n = ::read(sock, &message, 1);
  } while (n < 0 && errno == EINTR);
  if (n == 1 && message == kRelease) ::_exit(0);
  // The owner may have died while initdb or pg_ctl, its children, were still
  // at work and writing into the directory: repeat until it stays gone.
  for (int attempt = 0; attempt < 30; ++attempt) {
    run_and_wait(stop);
    run_and_wait(remove);
    if (::access(dir, F_OK) != 0) break;
    const timespec pause{0, 500 * 1000 * 1000};
    ::nanosleep(&pause, nullptr);
  }
  ::_exit(0);
}

}  // namespace

OrphanGuard::OrphanGuard(const std::vector<std::string>& stop_argv, const std::string& remove_dir) {
  // Everything the guard will need is built before fork().
  const ExecImage stop(stop_argv, {});
  const ExecImage remove({"rm", "-rf", "--", remove_dir}, {});
  UniqueFd null_fd(::open("/dev/null", O_RDWR | O_CLOEXEC));
  if (!null_fd.valid())
    throw std::runtime_error(std::string("open /dev/null: ") + std::strerror(errno));
  long max_fd = ::sysconf(_SC_OPEN_MAX);
  if (max_fd < 0 || max_fd > 65536) max_fd = 65536;

  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    throw std::runtime_error(std::string("socketpair: ") + std::strerror(errno));
  }
  UniqueFd owner_end(fds[0]);
  UniqueFd guard_end(fds[1]);

  // Fork twice so the guard is not our child: a test runner that kills a
  // timed-out test together with its descendants would kill the guard too.
  const pid_t middle = ::fork();
  if (middle < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (middle == 0) {
    if (::fork() == 0) {
      ::close(owner_end.get());
      guard_main(guard_end.get(), null_fd.get(), static_cast<int>(max_fd), stop, remove,
                 remove_dir.c_str());
    }
    ::_exit(0);
  }
  int status;
  while (::waitpid(middle, &status, 0) < 0 && errno == EINTR) {
  }
  fd_ = owner_end.release();
}

OrphanGuard::~OrphanGuard() { release(); }

void OrphanGuard::release() {
  if (fd_ < 0) return;
  // MSG_NOSIGNAL: if the guard is already gone, this must not raise SIGPIPE.
  (void)::send(fd_, &kRelease, 1, MSG_NOSIGNAL);
  ::close(fd_);
  fd_ = -1;
}

}  // namespace tpcc
