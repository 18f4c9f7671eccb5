#include <libpq-fe.h>

#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <string>

#include "config/conn/conninfo.hpp"
#include "config/conn/jdbc.hpp"
#include "config/errors.hpp"

using tpcc::jdbc_to_conninfo;
using tpcc::UsageError;

namespace {

// What libpq itself makes of a conninfo string: the test of the quoting.
std::map<std::string, std::string> libpq_parse(const std::string& conninfo) {
  char* err = nullptr;
  std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> opts(
      PQconninfoParse(conninfo.c_str(), &err), &PQconninfoFree);
  if (err != nullptr) {
    const std::string msg = err;
    PQfreemem(err);
    FAIL("libpq rejects '" << conninfo << "': " << msg);
  }
  REQUIRE(opts != nullptr);
  std::map<std::string, std::string> out;
  for (auto* o = opts.get(); o->keyword != nullptr; ++o) {
    if (o->val != nullptr) out[o->keyword] = o->val;
  }
  return out;
}

std::string translate(const std::string& url) { return jdbc_to_conninfo(url, "--conn").conninfo; }

}  // namespace

TEST_CASE("jdbc: is_jdbc_url recognises JDBC URLs only", "[config][jdbc]") {
  CHECK(tpcc::is_jdbc_url("jdbc:postgresql://h/db"));
  CHECK(tpcc::is_jdbc_url("JDBC:postgresql://h/db"));
  CHECK(tpcc::is_jdbc_url("jdbc:mysql://h/db"));
  CHECK_FALSE(tpcc::is_jdbc_url("host=h dbname=db"));
  CHECK_FALSE(tpcc::is_jdbc_url("postgresql://h/db"));
  CHECK_FALSE(tpcc::is_jdbc_url(""));
}

TEST_CASE("jdbc: the BenchmarkSQL URL becomes host, port and dbname", "[config][jdbc]") {
  CHECK(translate("jdbc:postgresql://localhost:5432/postgres") ==
        "host=localhost port=5432 dbname=postgres");
  const auto p = libpq_parse(translate("jdbc:postgresql://db1:6543/tpcc"));
  CHECK(p.at("host") == "db1");
  CHECK(p.at("port") == "6543");
  CHECK(p.at("dbname") == "tpcc");
}

TEST_CASE("jdbc: PgJDBC defaults host localhost and port 5432 are written out", "[config][jdbc]") {
  CHECK(translate("jdbc:postgresql:tpcc") == "host=localhost port=5432 dbname=tpcc");
  CHECK(translate("jdbc:postgresql://db1/tpcc") == "host=db1 port=5432 dbname=tpcc");
  // No database: libpq, like PgJDBC, then uses the user name.
  CHECK(translate("jdbc:postgresql://db1/") == "host=db1 port=5432");
  CHECK(translate("jdbc:postgresql://db1") == "host=db1 port=5432");
}

TEST_CASE("jdbc: several hosts become libpq host and port lists", "[config][jdbc]") {
  const auto ci = translate("jdbc:postgresql://a:5433,b,[::1]:5435/db?targetServerType=primary");
  const auto p = libpq_parse(ci);
  CHECK(p.at("host") == "a,b,::1");
  CHECK(p.at("port") == "5433,5432,5435");
  CHECK(p.at("dbname") == "db");
  CHECK(p.at("target_session_attrs") == "primary");
}

TEST_CASE("jdbc: user and password parameters, decoded and quoted for libpq", "[config][jdbc]") {
  const auto ci =
      translate("jdbc:postgresql://h/my%20db?user=bench&password=it%27s+a%5Csecret%20%3D%26");
  const auto p = libpq_parse(ci);
  CHECK(p.at("dbname") == "my db");
  CHECK(p.at("user") == "bench");
  CHECK(p.at("password") == "it's a\\secret =&");
}

TEST_CASE("jdbc: SSL and other parameters map to their libpq names", "[config][jdbc]") {
  auto p = libpq_parse(translate("jdbc:postgresql://h/db?sslmode=require&sslrootcert=/r.crt"));
  CHECK(p.at("sslmode") == "require");
  CHECK(p.at("sslrootcert") == "/r.crt");
  // PgJDBC: ssl=true without sslmode verifies the server fully.
  p = libpq_parse(translate("jdbc:postgresql://h/db?ssl=true"));
  CHECK(p.at("sslmode") == "verify-full");
  p = libpq_parse(translate("jdbc:postgresql://h/db?ssl=true&sslmode=disable"));
  CHECK(p.at("sslmode") == "disable");
  p = libpq_parse(translate(
      "jdbc:postgresql://h/db?ApplicationName=bench%20app&connectTimeout=7&currentSchema=s1"
      "&tcpKeepAlive=true&targetServerType=preferSecondary"));
  CHECK(p.at("application_name") == "bench app");
  CHECK(p.at("connect_timeout") == "7");
  CHECK(p.at("options") == "-c search_path=s1");
  CHECK(p.at("keepalives") == "1");
  CHECK(p.at("target_session_attrs") == "prefer-standby");
}

TEST_CASE("jdbc: driver-only parameters are reported, not passed on", "[config][jdbc]") {
  const auto t = jdbc_to_conninfo(
      "jdbc:postgresql://h/db?reWriteBatchedInserts=true&prepareThreshold=1&user=u", "--conn");
  CHECK(t.conninfo == "host=h port=5432 dbname=db user=u");
  CHECK(t.ignored_parameters ==
        std::vector<std::string>{"reWriteBatchedInserts", "prepareThreshold"});
}

TEST_CASE("jdbc: a malformed URL is a UsageError naming the source, password masked",
          "[config][jdbc]") {
  const std::string where = "props.pg:3: key 'conn'";
  const char* bad[] = {
      "jdbc:mysql://localhost/db?password=hunter2",
      "jdbc:postgresql://h:port/db?password=hunter2",
      "jdbc:postgresql://h:70000/db?password=hunter2",
      "jdbc:postgresql://h:/db?password=hunter2",
      "jdbc:postgresql:///db?password=hunter2",
      "jdbc:postgresql://a,,b/db?password=hunter2",
      "jdbc:postgresql://[::1/db?password=hunter2",
      "jdbc:postgresql://h/d%zzb?password=hunter2",
      "jdbc:postgresql://h/db?password=hunter2&ssl=maybe",
      "jdbc:postgresql://h/db?password=hunter2&targetServerType=fastest",
      "jdbc:postgresql:a/b?password=hunter2",
      "jdbc:postgresql://h/d%00b?password=hunter2",
  };
  for (const char* url : bad) {
    INFO(url);
    try {
      jdbc_to_conninfo(url, where);
      FAIL("accepted");
    } catch (const UsageError& e) {
      const std::string msg = e.what();
      CHECK(msg.rfind(where + ": malformed JDBC URL", 0) == 0);
      CHECK(msg.find("hunter2") == std::string::npos);
      CHECK(msg.find("*****") != std::string::npos);
    }
  }
}

TEST_CASE("conninfo: values are quoted when libpq needs it", "[config][jdbc]") {
  using tpcc::quote_conninfo_value;
  CHECK(quote_conninfo_value("plain") == "plain");
  CHECK(quote_conninfo_value("") == "''");
  CHECK(quote_conninfo_value("a b") == "'a b'");
  CHECK(quote_conninfo_value("it's") == "'it\\'s'");
  CHECK(quote_conninfo_value("back\\slash") == "'back\\\\slash'");
  for (const std::string v : {"", "a b", "it's", "x\\'y ", "=;'\"\\"}) {
    std::string ci;
    tpcc::append_conninfo(ci, "password", v);
    tpcc::append_conninfo(ci, "user", "u");
    const auto p = libpq_parse(ci);
    CHECK(p.at("password") == v);
    CHECK(p.at("user") == "u");
  }
}

TEST_CASE("conninfo: props user and password fill in what the connection leaves out",
          "[config][jdbc]") {
  using tpcc::add_credentials;
  const std::optional<std::string> user = std::string("bench");
  const std::optional<std::string> pw = std::string("pa ss");
  CHECK(add_credentials("", user, pw) == "user=bench password='pa ss'");
  CHECK(add_credentials("", std::nullopt, std::nullopt).empty());
  CHECK(add_credentials("host=h", std::string(), std::string()) == "host=h");
  CHECK(add_credentials("host=h", user, std::nullopt) == "host=h user=bench");
  CHECK(add_credentials("host=h user=other", user, pw) == "host=h user=other password='pa ss'");
  CHECK(add_credentials("host=h password=x", user, pw) == "host=h password=x user=bench");
  CHECK(add_credentials("postgresql://h/db", user, pw) ==
        "postgresql://h/db?user=bench&password=pa%20ss");
  CHECK(add_credentials("postgres://h/db?sslmode=require", user, std::nullopt) ==
        "postgres://h/db?sslmode=require&user=bench");
  CHECK(add_credentials("postgresql://me@h/db", user, pw) ==
        "postgresql://me@h/db?password=pa%20ss");
  CHECK(add_credentials("postgresql://me:pw@h/db", user, pw) == "postgresql://me:pw@h/db");
}

TEST_CASE("jdbc: openGauss and PolarDB URLs translate like PostgreSQL's", "[config][jdbc]") {
  // The seed's openGauss POC URL, driver-only parameters reported.
  const auto t = jdbc_to_conninfo(
      "jdbc:opengauss://20.20.20.103:26000/tpcc?prepareThreshold=1&batchMode=on&fetchsize=10"
      "&loggerLevel=off",
      "--conn");
  CHECK(t.conninfo == "host=20.20.20.103 port=26000 dbname=tpcc");
  CHECK(t.ignored_parameters ==
        std::vector<std::string>{"prepareThreshold", "batchMode", "fetchsize", "loggerLevel"});
  CHECK(translate("jdbc:polardb://pdb1:1521/tpcc?user=u&password=p") ==
        "host=pdb1 port=1521 dbname=tpcc user=u password=p");
  CHECK(translate("jdbc:opengauss:tpcc") == "host=localhost port=5432 dbname=tpcc");
  CHECK(translate("jdbc:polardb://a,b:5433/db") == "host=a,b port=5432,5433 dbname=db");
  CHECK(tpcc::is_jdbc_url("jdbc:opengauss://h/db"));
  CHECK_THROWS_WITH(translate("jdbc:gaussdb://h/db"),
                    Catch::Contains("jdbc:postgresql:, jdbc:opengauss: or jdbc:polardb:"));
}

TEST_CASE("jdbc: IPv6 literals, with and without ports, among several hosts", "[config][jdbc]") {
  CHECK(translate("jdbc:postgresql://[::1]:5432/db") == "host=::1 port=5432 dbname=db");
  CHECK(translate("jdbc:postgresql://[::1]/db") == "host=::1 port=5432 dbname=db");
  CHECK(translate("jdbc:opengauss://[fe80::1%25eth0]:26000/db") ==
        "host=fe80::1%25eth0 port=26000 dbname=db");
  const auto p =
      libpq_parse(translate("jdbc:postgresql://[2001:db8::10]:5433,10.0.0.2,[::1],db3:6000/tpcc"));
  CHECK(p.at("host") == "2001:db8::10,10.0.0.2,::1,db3");
  CHECK(p.at("port") == "5433,5432,5432,6000");
  CHECK(p.at("dbname") == "tpcc");
  CHECK_THROWS_AS(translate("jdbc:postgresql://[::1]x/db"), UsageError);
  CHECK_THROWS_AS(translate("jdbc:postgresql://[]:5432/db"), UsageError);
}
