// The helpers of pg_fixture.hpp that need no server of their own; the
// server, the databases and the tpcc child processes are in pg_main.cpp.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include <pqxx/pqxx>

#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/temp_dir.hpp"

namespace tpcc::test {

namespace {

// libpq conninfo value: quoted when it holds spaces, quotes or backslashes.
std::string conninfo_value(const std::string& value) {
  if (!value.empty() && value.find_first_of(" '\\\t") == std::string::npos) return value;
  std::string out = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

}  // namespace

ServerInfo::ServerInfo(std::string directory, std::string socket_dir, std::string bin_dir, int port)
    : directory_(std::move(directory)),
      socket_dir_(std::move(socket_dir)),
      bin_dir_(std::move(bin_dir)),
      port_(port) {
  conninfo_ = conninfo_for("postgres");
}

std::string ServerInfo::conninfo_for(const std::string& dbname) const {
  return "host=" + conninfo_value(socket_dir_) + " port=" + std::to_string(port_) +
         " dbname=" + conninfo_value(dbname) + " user=postgres";
}

const std::string& loaded_database(const std::string& name, int warehouses) {
  struct Loaded {
    int warehouses;
    std::string conninfo;
  };
  static std::mutex mutex;
  // std::map: references to its elements stay valid as it grows.
  static std::map<std::string, Loaded> loaded;
  // Held during the load too, so that a second thread waits for it instead
  // of loading the same database again.
  const std::lock_guard<std::mutex> lock(mutex);
  const auto found = loaded.find(name);
  if (found != loaded.end()) {
    if (found->second.warehouses != warehouses) {
      throw std::logic_error("loaded_database: " + name + " was loaded with " +
                             std::to_string(found->second.warehouses) + " warehouses, not " +
                             std::to_string(warehouses));
    }
    return found->second.conninfo;
  }
  const std::string conninfo = prepared_database(name, warehouses);
  return loaded.emplace(name, Loaded{warehouses, conninfo}).first->second.conninfo;
}

const std::filesystem::path& scratch_root() {
  static const TempDir root;
  return root.path();
}

std::string scratch_dir(const std::string& name) {
  const std::filesystem::path path = scratch_root() / name;
  std::filesystem::remove_all(path);
  return path.string();
}

long long scalar(const std::string& conninfo, const std::string& sql) {
  pqxx::connection connection{conninfo};
  return scalar(connection, sql);
}

std::string scalar_text(const std::string& conninfo, const std::string& sql) {
  pqxx::connection connection{conninfo};
  pqxx::nontransaction transaction{connection};
  return transaction.exec1(sql)[0].as<std::string>();
}

long long scalar(pqxx::connection_base& connection, const std::string& sql) {
  pqxx::nontransaction transaction{connection};
  return transaction.exec1(sql)[0].as<long long>();
}

void execute_outside_transaction(const std::string& conninfo, const std::string& sql) {
  pqxx::connection connection{conninfo};
  pqxx::nontransaction transaction{connection};
  transaction.exec(sql);
}

void make_directory_for_server(const std::string& path) {
  if (mkdir(path.c_str(), 0700) != 0) throw std::runtime_error("cannot create " + path);
  if (geteuid() != 0) return;
  const passwd* postgres = getpwnam("postgres");
  if (!postgres || chown(path.c_str(), postgres->pw_uid, postgres->pw_gid) != 0) {
    throw std::runtime_error("cannot hand " + path + " to the postgres user");
  }
}

void execute(const std::string& conninfo, const std::string& sql) {
  pqxx::connection connection{conninfo};
  execute(connection, sql);
}

void execute(pqxx::connection_base& connection, const std::string& sql) {
  pqxx::work transaction{connection};
  transaction.exec(sql);
  transaction.commit();
}

CommittedChange::CommittedChange(const std::string& conninfo, const std::string& change,
                                 std::string undo)
    : conninfo_(conninfo), undo_(std::move(undo)) {
  execute(conninfo_, change);
}

CommittedChange::~CommittedChange() {
  try {
    execute(conninfo_, undo_);
  } catch (const std::exception& e) {
    WARN("could not undo a committed change: " << e.what());
  }
}

TpccChild::TpccChild(const std::vector<std::string>& args, const std::string& output_file) {
  std::vector<std::string> argv{TPCC_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    const int fd = ::open(output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int null_fd = ::open("/dev/null", O_RDONLY);
    if (fd >= 0) {
      ::dup2(fd, STDOUT_FILENO);
      ::dup2(fd, STDERR_FILENO);
    }
    if (null_fd >= 0) ::dup2(null_fd, STDIN_FILENO);
    std::vector<char*> raw;
    for (auto& a : argv) raw.push_back(a.data());
    raw.push_back(nullptr);
    ::execv(raw[0], raw.data());
    ::_exit(127);
  }
}

TpccChild::~TpccChild() {
  if (pid_ > 0 && !reaped_) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
}

void TpccChild::signal(int sig) { ::kill(pid_, sig); }

int TpccChild::wait_for(double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      reaped_ = true;
      if (WIFEXITED(status)) return WEXITSTATUS(status);
      if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
      return -2;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return -1;
}

}  // namespace tpcc::test
