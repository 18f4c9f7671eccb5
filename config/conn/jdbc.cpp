#include "config/conn/jdbc.hpp"

#include <cctype>
#include <iterator>
#include <optional>
#include <utility>

#include "config/conn/conninfo.hpp"
#include "config/conn/mask.hpp"
#include "config/errors.hpp"

namespace tpcc {
namespace {

// openGauss and PolarDB drivers are PgJDBC forks with the same URL syntax.
constexpr const char* kPrefixes[] = {"jdbc:postgresql:", "jdbc:opengauss:", "jdbc:polardb:"};
constexpr const char* kExpected =
    "expected jdbc:postgresql://host[:port][,host2[:port2]]/dbname?user=...&password=...";

class UrlError {
 public:
  UrlError(const std::string& url, const std::string& context) : url_(url), context_(context) {}

  [[noreturn]] void fail(const std::string& reason) const {
    throw UsageError(context_ + ": malformed JDBC URL '" + mask_password(url_) + "': " + reason +
                     " (" + kExpected + ")");
  }

 private:
  const std::string& url_;
  const std::string& context_;
};

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// As java.net.URLDecoder, which PgJDBC uses: %XX bytes and '+' for space.
std::string url_decode(const std::string& s, const UrlError& err) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%') {
      const int hi = i + 1 < s.size() ? hex_value(s[i + 1]) : -1;
      const int lo = i + 2 < s.size() ? hex_value(s[i + 2]) : -1;
      if (hi < 0 || lo < 0) err.fail("bad percent escape at '" + s.substr(i, 3) + "'");
      // A NUL would end the conninfo string early in libpq.
      if (hi == 0 && lo == 0) err.fail("%00 (a NUL byte) cannot be passed to libpq");
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

struct HostPort {
  std::string host;
  std::string port;
};

HostPort parse_host_port(const std::string& item, const UrlError& err) {
  HostPort hp;
  std::string rest;
  if (!item.empty() && item[0] == '[') {  // [IPv6]:port
    const auto close = item.find(']');
    if (close == std::string::npos) err.fail("unterminated '[' in host '" + item + "'");
    hp.host = item.substr(1, close - 1);
    rest = item.substr(close + 1);
    if (!rest.empty() && rest[0] != ':') err.fail("unexpected text after ']' in '" + item + "'");
    if (!rest.empty())
      rest.erase(0, 1);
    else
      rest = "5432";
  } else {
    const auto colon = item.rfind(':');
    hp.host = item.substr(0, colon);
    rest = colon == std::string::npos ? "5432" : item.substr(colon + 1);
  }
  if (hp.host.empty()) err.fail("empty host name");
  bool digits = !rest.empty() && rest.size() <= 5;
  for (const char c : rest) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  if (!digits || std::stoi(rest) < 1 || std::stoi(rest) > 65535) {
    err.fail("port '" + rest + "' is not a number 1..65535");
  }
  hp.port = rest;
  return hp;
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ",") + p;
  return out;
}

std::optional<bool> jdbc_bool(const std::string& v) {
  if (v.empty() || v == "true") return true;
  if (v == "false") return false;
  return std::nullopt;
}

// PgJDBC targetServerType -> libpq target_session_attrs.
std::optional<std::string> session_attrs(const std::string& v) {
  if (v == "any") return "any";
  if (v == "primary" || v == "master") return "primary";
  if (v == "secondary" || v == "standby" || v == "slave") return "standby";
  if (v == "preferSecondary" || v == "preferStandby" || v == "preferSlave") {
    return "prefer-standby";
  }
  return std::nullopt;
}

// Escapes a value for the libpq "options" string, where whitespace separates
// arguments and backslash escapes.
std::string options_escape(const std::string& v) {
  std::string out;
  for (const char c : v) {
    if (c == ' ' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// The PgJDBC parameters below that are not libpq keywords themselves.
constexpr const char* kTranslatedParameters[] = {"ssl",
                                                 "connectTimeout",
                                                 "loginTimeout",
                                                 "ApplicationName",
                                                 "applicationName",
                                                 "options",
                                                 "currentSchema",
                                                 "targetServerType",
                                                 "gssEncMode",
                                                 "kerberosServerName",
                                                 "channelBinding",
                                                 "tcpKeepAlive"};

}  // namespace

bool is_translated_jdbc_parameter(const std::string& key) {
  for (const char* name : kTranslatedParameters) {
    if (key == name) return true;
  }
  return false;
}

bool is_jdbc_url(const std::string& s) {
  if (s.size() < 5) return false;
  std::string head = s.substr(0, 5);
  for (auto& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return head == "jdbc:";
}

JdbcTranslation jdbc_to_conninfo(const std::string& url, const std::string& context) {
  const UrlError err(url, context);
  std::string rest;
  for (const std::string prefix : kPrefixes) {
    if (url.rfind(prefix, 0) == 0) {
      rest = url.substr(prefix.size());
      break;
    }
    if (prefix == kPrefixes[std::size(kPrefixes) - 1]) {
      err.fail(
          "not a PostgreSQL JDBC URL (it must start with jdbc:postgresql:, jdbc:opengauss: or "
          "jdbc:polardb:)");
    }
  }
  std::string query;
  if (const auto q = rest.find('?'); q != std::string::npos) {
    query = rest.substr(q + 1);
    rest.erase(q);
  }

  std::vector<std::string> hosts;
  std::vector<std::string> ports;
  std::string dbname;
  if (rest.rfind("//", 0) == 0) {
    rest.erase(0, 2);
    const auto slash = rest.find('/');
    const std::string authority = rest.substr(0, slash);
    if (slash != std::string::npos) dbname = url_decode(rest.substr(slash + 1), err);
    if (authority.empty()) {
      err.fail("no host after '//'");
    }
    std::size_t pos = 0;
    while (pos <= authority.size()) {
      auto comma = authority.find(',', pos);
      if (comma == std::string::npos) comma = authority.size();
      const auto hp = parse_host_port(authority.substr(pos, comma - pos), err);
      hosts.push_back(hp.host);
      ports.push_back(hp.port);
      pos = comma + 1;
    }
  } else {
    if (rest.find('/') != std::string::npos) {
      err.fail("a database name without '//' cannot contain '/'");
    }
    dbname = url_decode(rest, err);
    hosts.push_back("localhost");
    ports.push_back("5432");
  }

  JdbcTranslation out;
  std::string& ci = out.conninfo;
  append_conninfo(ci, "host", join(hosts));
  append_conninfo(ci, "port", join(ports));
  if (!dbname.empty()) append_conninfo(ci, "dbname", dbname);

  // URL parameters, in the order PgJDBC's would matter for libpq.
  std::vector<std::pair<std::string, std::string>> params;
  std::size_t pos = 0;
  while (!query.empty() && pos <= query.size()) {
    auto amp = query.find('&', pos);
    if (amp == std::string::npos) amp = query.size();
    const std::string item = query.substr(pos, amp - pos);
    pos = amp + 1;
    if (item.empty()) continue;
    const auto eq = item.find('=');
    const std::string key = item.substr(0, eq);
    if (key.empty()) err.fail("parameter without a name: '" + item + "'");
    params.emplace_back(key, eq == std::string::npos ? "" : url_decode(item.substr(eq + 1), err));
  }

  std::string sslmode;
  std::optional<bool> ssl;
  std::string options;
  std::string connect_timeout;
  std::string login_timeout;
  for (const auto& [key, value] : params) {
    if (key == "user" || key == "password" || key == "sslcert" || key == "sslkey" ||
        key == "sslrootcert" || key == "sslpassword") {
      append_conninfo(ci, key, value);
    } else if (key == "sslmode") {
      sslmode = value;
    } else if (key == "ssl") {
      ssl = jdbc_bool(value);
      if (!ssl) err.fail("ssl='" + value + "' is not true or false");
    } else if (key == "connectTimeout") {
      connect_timeout = value;
    } else if (key == "loginTimeout") {
      login_timeout = value;
    } else if (key == "ApplicationName" || key == "applicationName") {
      append_conninfo(ci, "application_name", value);
    } else if (key == "options") {
      options += (options.empty() ? "" : " ") + value;
    } else if (key == "currentSchema") {
      options +=
          (options.empty() ? "" : " ") + std::string("-c search_path=") + options_escape(value);
    } else if (key == "targetServerType") {
      const auto attrs = session_attrs(value);
      if (!attrs) err.fail("targetServerType='" + value + "' is not a known server type");
      append_conninfo(ci, "target_session_attrs", *attrs);
    } else if (key == "gssEncMode") {
      append_conninfo(ci, "gssencmode", value);
    } else if (key == "kerberosServerName") {
      append_conninfo(ci, "krbsrvname", value);
    } else if (key == "channelBinding") {
      append_conninfo(ci, "channel_binding", value);
    } else if (key == "tcpKeepAlive") {
      const auto on = jdbc_bool(value);
      if (!on) err.fail("tcpKeepAlive='" + value + "' is not true or false");
      append_conninfo(ci, "keepalives", *on ? "1" : "0");
    } else {
      out.ignored_parameters.push_back(key);
    }
  }
  // PgJDBC: an explicit sslmode wins; ssl=true alone means verify-full.
  if (!sslmode.empty()) {
    append_conninfo(ci, "sslmode", sslmode);
  } else if (ssl.value_or(false)) {
    append_conninfo(ci, "sslmode", "verify-full");
  }
  if (!connect_timeout.empty() || !login_timeout.empty()) {
    append_conninfo(ci, "connect_timeout",
                    connect_timeout.empty() ? login_timeout : connect_timeout);
  }
  if (!options.empty()) append_conninfo(ci, "options", options);
  return out;
}

}  // namespace tpcc
