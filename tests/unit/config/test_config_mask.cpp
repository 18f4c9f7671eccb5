#include <catch2/catch.hpp>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>

#include "config/conn/conninfo.hpp"
#include "config/conn/mask.hpp"

using tpcc::describe_target;
using tpcc::mask_password;

namespace {

// Sets environment variables for one test and restores them afterwards.
class EnvGuard {
 public:
  void set(const std::string& name, const std::optional<std::string>& value) {
    if (saved_.count(name) == 0) {
      const char* old = std::getenv(name.c_str());
      saved_[name] = old ? std::optional<std::string>(old) : std::nullopt;
    }
    if (value) {
      setenv(name.c_str(), value->c_str(), 1);
    } else {
      unsetenv(name.c_str());
    }
  }
  ~EnvGuard() {
    for (const auto& [name, value] : saved_) {
      if (value) {
        setenv(name.c_str(), value->c_str(), 1);
      } else {
        unsetenv(name.c_str());
      }
    }
  }

 private:
  std::map<std::string, std::optional<std::string>> saved_;
};

}  // namespace

TEST_CASE("mask: conninfo passwords, bare or quoted", "[config][mask]") {
  CHECK(mask_password("host=h password=secret user=u") == "host=h password=***** user=u");
  CHECK(mask_password("host=h password='se cret' user=u") == "host=h password=***** user=u");
  CHECK(mask_password("password = 'it\\'s secret' dbname=d") == "password = ***** dbname=d");
  CHECK(mask_password("host=h sslpassword=keypw") == "host=h sslpassword=*****");
  CHECK(mask_password("host=h password=a password=b") == "host=h password=***** password=*****");
  CHECK(mask_password("host=h dbname=tpcc") == "host=h dbname=tpcc");
  CHECK(mask_password("").empty());
}

TEST_CASE("mask: URI user info and query passwords", "[config][mask]") {
  CHECK(mask_password("postgresql://bench:secret@db1:5432/tpcc") ==
        "postgresql://bench:*****@db1:5432/tpcc");
  CHECK(mask_password("postgres://db1/tpcc?user=u&password=secret&sslmode=require") ==
        "postgres://db1/tpcc?user=u&password=*****&sslmode=require");
  CHECK(mask_password("postgresql://bench@db1/tpcc") == "postgresql://bench@db1/tpcc");
  CHECK(mask_password("postgresql://db1:5432/tpcc") == "postgresql://db1:5432/tpcc");
  CHECK(mask_password("jdbc:postgresql://h:5432/db?user=u&password=secret") ==
        "jdbc:postgresql://h:5432/db?user=u&password=*****");
}

TEST_CASE("mask: the password never survives, whatever it contains", "[config][mask]") {
  const char* secrets[] = {"s3cr3t", "p@ss/w:rd", "with space", "q'uote", "back\\slash", "a&b=c"};
  for (const std::string s : secrets) {
    std::string quoted = "'";
    for (const char c : s) {
      if (c == '\'' || c == '\\') quoted += '\\';
      quoted += c;
    }
    quoted += "'";
    const std::string forms[] = {
        "host=h password=" + quoted + " dbname=d",
        "password=" + quoted,
        "host=h password =  " + quoted,
        "postgresql://u:" + s + "@h/db",
        "postgresql://u@h/db?password=" + s,
        "dbname='postgresql://u:" + quoted.substr(1, quoted.size() - 2) + "@h/db'",
        "host=h password='" + s,  // unterminated quote
    };
    for (const auto& f : forms) {
      INFO(f);
      const auto masked = mask_password(f);
      CHECK(masked.find(s) == std::string::npos);
      CHECK(masked.find("*****") != std::string::npos);
    }
  }
}

TEST_CASE("describe_target: a short masked description of a conninfo", "[config][mask]") {
  CHECK(describe_target("host=db1 port=5432 dbname=tpcc user=bench password=secret "
                        "sslmode=require") == "host=db1 port=5432 dbname=tpcc user=bench");
  CHECK(describe_target("dbname='my db' host=/tmp") == "host=/tmp dbname='my db'");
  CHECK(describe_target("postgresql://bench:secret@db1/tpcc") ==
        "postgresql://bench:*****@db1/tpcc");
  CHECK(describe_target("sslmode=require password=secret") == "sslmode=require password=*****");
}

TEST_CASE("describe_target: an empty conninfo shows the PG* environment, never PGPASSWORD",
          "[config][mask]") {
  EnvGuard env;
  env.set("PGHOST", std::string("/var/run/pg"));
  env.set("PGPORT", std::string("5433"));
  env.set("PGUSER", std::nullopt);
  env.set("PGDATABASE", std::string("tpcc"));
  env.set("PGPASSWORD", std::string("envsecret"));
  const auto d = describe_target("");
  CHECK(d.find("environment") != std::string::npos);
  CHECK(d.find("PGHOST=/var/run/pg") != std::string::npos);
  CHECK(d.find("PGPORT=5433") != std::string::npos);
  CHECK(d.find("PGDATABASE=tpcc") != std::string::npos);
  CHECK(d.find("PGUSER") == std::string::npos);
  CHECK(d.find("envsecret") == std::string::npos);
  CHECK(d.find("PGPASSWORD") == std::string::npos);

  env.set("PGHOST", std::nullopt);
  env.set("PGPORT", std::nullopt);
  env.set("PGDATABASE", std::nullopt);
  const auto bare = describe_target("");
  CHECK(bare.find("environment") != std::string::npos);
  CHECK(bare.find("PGHOST=") == std::string::npos);
  CHECK(bare.find("envsecret") == std::string::npos);
}

TEST_CASE("mask: a key that runs a password into its name is cut and masked", "[config][mask]") {
  CHECK(tpcc::mask_key("password") == "password");
  CHECK(tpcc::mask_key("terminals") == "terminals");
  CHECK(tpcc::mask_key("passwordtpcc@123") == "password*****");
  CHECK(tpcc::mask_key("dbPassWordx") == "dbPassWord*****");
}

TEST_CASE("mask: the value of a conninfo keyword libpq does not know is masked", "[config][mask]") {
  CHECK(tpcc::is_libpq_keyword("host"));
  CHECK(tpcc::is_libpq_keyword("sslpassword"));
  CHECK_FALSE(tpcc::is_libpq_keyword("passwd"));
  const std::string forms[] = {
      "host=h passwd=hunter2 dbname=d",
      "host=h passwd='hunter2 x' dbname=d",
      "passwd = hunter2",
      "postgresql://u@h/db?passwd=hunter2&sslmode=require",
      "jdbc:postgresql://h/db?passwd=hunter2&ssl=true",
      "dbname='host=h passwd=hunter2'",
      "host=h pasword=hunter2",
  };
  for (const auto& f : forms) {
    INFO(f);
    const auto masked = mask_password(f);
    CHECK(masked.find("hunter2") == std::string::npos);
    CHECK(masked.find("*****") != std::string::npos);
    CHECK(describe_target(f).find("hunter2") == std::string::npos);
  }
  CHECK(mask_password("host=h passwd=hunter2 dbname=d") == "host=h passwd=***** dbname=d");
  CHECK(mask_password("postgresql://u@h/db?passwd=hunter2&sslmode=require") ==
        "postgresql://u@h/db?passwd=*****&sslmode=require");
  // Known keywords, and the PgJDBC parameters tpcc translates, keep their values.
  CHECK(mask_password("host=h port=5433 sslmode=require application_name=tpcc") ==
        "host=h port=5433 sslmode=require application_name=tpcc");
  CHECK(mask_password("jdbc:postgresql://h/db?ssl=true&ApplicationName=tpcc&user=u") ==
        "jdbc:postgresql://h/db?ssl=true&ApplicationName=tpcc&user=u");
}

TEST_CASE("server settings: primary_conninfo and values that hold a connection password are masked",
          "[config][mask]") {
  using tpcc::mask_setting;
  CHECK(mask_setting("primary_conninfo", "user=r password=s3cret host=h") ==
        "user=r password=***** host=h");
  CHECK(mask_setting("primary_conninfo", "postgresql://r:s3cret@h/db") ==
        "postgresql://r:*****@h/db");
  CHECK(mask_setting("my.target", "host=h password='a b'") == "host=h password=*****");
  CHECK(mask_setting("my.target", "postgres://u:pw@h") == "postgres://u:*****@h");
  // Other settings are kept as they are.
  CHECK(mask_setting("shared_buffers", "16384") == "16384");
  CHECK(mask_setting("primary_conninfo", "host=h user=r") == "host=h user=r");
  CHECK(mask_setting("password_encryption", "scram-sha-256") == "scram-sha-256");
  CHECK(mask_setting("search_path", "\"$user\", public") == "\"$user\", public");
}
