// Passwords on the command line are overwritten in argv once parsed, so
// that ps and /proc/PID/cmdline no longer show them; everything else in the
// arguments stays as it was, length included.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/command_line/scrub_argv.hpp"
#include "config/conn/mask.hpp"

using tpcc::blank_passwords;
using tpcc::scrub_password_arguments;

namespace {

// argv as the kernel gives it: writable strings; returned after scrubbing.
std::vector<std::string> scrubbed(const std::vector<std::string>& args) {
  std::vector<std::vector<char>> storage;
  for (const auto& a : args)
    storage.emplace_back(a.begin(), a.end()), storage.back().push_back('\0');
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  scrub_password_arguments(static_cast<int>(args.size()), argv.data());
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) out.emplace_back(argv[i]);
  return out;
}

}  // namespace

TEST_CASE("blank_passwords: the password characters of conninfo, URIs and JDBC URLs become x",
          "[config][mask][scrub]") {
  CHECK(blank_passwords("host=db1 password=secret dbname=tpcc") ==
        "host=db1 password=xxxxxx dbname=tpcc");
  CHECK(blank_passwords("password='se cret' host=db1") == "password=xxxxxxxxx host=db1");
  CHECK(blank_passwords("postgresql://u:secret@h/db") == "postgresql://u:xxxxxx@h/db");
  CHECK(blank_passwords("postgresql://u:p@ss@h/db?sslmode=require&password=two") ==
        "postgresql://u:xxxx@h/db?sslmode=require&password=xxx");
  CHECK(blank_passwords("jdbc:postgresql://h:5432/db?user=u&password=secret&ssl=true") ==
        "jdbc:postgresql://h:5432/db?user=u&password=xxxxxx&ssl=true");
  CHECK(blank_passwords("host=db1 dbname=tpcc") == "host=db1 dbname=tpcc");
  CHECK(blank_passwords("postgresql://u@h/db") == "postgresql://u@h/db");
  // Whatever follows a password keyword that could not be parsed goes.
  CHECK(blank_passwords("host=db1 'x password=secret") == "host=db1 'x password=xxxxxx");
  for (const std::string text :
       {"user=a password=p1 sslpassword=p2", "postgres://a:b@c:5/d?password=e",
        "dbname='postgresql://u:inner@h/db'", "passwd=guess host=h"}) {
    INFO(text);
    const std::string blanked = blank_passwords(text);
    CHECK(blanked.size() == text.size());
    for (const char* secret : {"p1", "p2", ":b@", "=e", "inner", "guess"}) {
      CHECK(blanked.find(secret) == std::string::npos);
    }
  }
}

TEST_CASE("scrub_password_arguments: --conn, --standby-conn and --pgsql-password, both forms",
          "[config][scrub]") {
  const auto out = scrubbed(
      {"tpcc", "run", "--conn", "host=h password=secret1", "--standby-conn",
       "postgresql://u:secret2@h2/db", "--conn=jdbc:postgresql://h/db?password=secret3",
       "--pgsql-password", "secret4", "--pgsql-password=secret5", "--terminals", "4", "props.pg"});
  CHECK(out == std::vector<std::string>{"tpcc", "run", "--conn", "host=h password=xxxxxxx",
                                        "--standby-conn", "postgresql://u:xxxxxxx@h2/db",
                                        "--conn=jdbc:postgresql://h/db?password=xxxxxxx",
                                        "--pgsql-password", "xxxxxxx", "--pgsql-password=xxxxxxx",
                                        "--terminals", "4", "props.pg"});
  // A flag last, with no value, and arguments without passwords stay.
  CHECK(scrubbed({"tpcc", "check", "--conn"}) ==
        std::vector<std::string>{"tpcc", "check", "--conn"});
  CHECK(scrubbed({"tpcc", "check", "--conn", "dbname=password"}) ==
        std::vector<std::string>{"tpcc", "check", "--conn", "dbname=password"});
}

TEST_CASE("scrub_password_arguments: pgbench's database argument as a connection string",
          "[config][scrub]") {
  CHECK(scrubbed({"tpcc", "pgbench", "-S", "-c", "4", "host=h dbname=b password=secret1"}) ==
        std::vector<std::string>{"tpcc", "pgbench", "-S", "-c", "4",
                                 "host=h dbname=b password=xxxxxxx"});
  CHECK(scrubbed({"tpcc", "pgbench", "postgresql://u:secret2@h/b"}) ==
        std::vector<std::string>{"tpcc", "pgbench", "postgresql://u:xxxxxxx@h/b"});
  CHECK(scrubbed({"tpcc", "pgbench", "-f", "rw.sql", "bench"}) ==
        std::vector<std::string>{"tpcc", "pgbench", "-f", "rw.sql", "bench"});
}
