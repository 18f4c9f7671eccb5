#include "config/conn/mask.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <utility>
#include <vector>

#include "config/conn/conninfo.hpp"
#include "config/conn/jdbc.hpp"

namespace tpcc {
namespace {

std::string mask_any(const std::string& s);

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool is_password_key(const std::string& key) {
  const std::string k = lower(key);
  return k == "password" || k == "sslpassword";
}

// Whether the value of a parameter is shown: not for passwords, and not for
// a keyword libpq does not know (a misspelt "passwd=secret" is most likely a
// password); JDBC URLs may also use the PgJDBC names tpcc translates.
bool shows_value(const std::string& key, bool jdbc) {
  if (is_password_key(key)) return false;
  return is_libpq_keyword(key) || (jdbc && is_translated_jdbc_parameter(key));
}

// Masks key=value pairs of a URI query ("a=1&password=x").
std::string mask_query(const std::string& query, bool jdbc) {
  std::string out;
  std::size_t pos = 0;
  while (pos <= query.size()) {
    auto amp = query.find('&', pos);
    if (amp == std::string::npos) amp = query.size();
    const std::string item = query.substr(pos, amp - pos);
    const auto eq = item.find('=');
    if (eq != std::string::npos && !shows_value(item.substr(0, eq), jdbc)) {
      out += item.substr(0, eq + 1) + kMaskedPassword;
    } else {
      out += item;
    }
    if (amp < query.size()) out += '&';
    pos = amp + 1;
  }
  return out;
}

// URIs: scheme://[user[:password]@]host...[?query]. The user info ends at the
// last '@' before the query, so that an unencoded '@' or '/' inside a password
// is still masked.
std::string mask_uri(const std::string& uri) {
  const auto start = uri.find("://") + 3;
  const auto query = uri.find('?', start);
  std::string head = uri.substr(0, query);
  const auto at = head.rfind('@');
  if (at != std::string::npos && at >= start) {
    const auto colon = head.find(':', start);
    if (colon != std::string::npos && colon < at) {
      head = head.substr(0, colon + 1) + kMaskedPassword + head.substr(at);
    }
  }
  if (query == std::string::npos) return head;
  return head + "?" + mask_query(uri.substr(query + 1), is_jdbc_url(uri));
}

std::string mask_keyword_value(const std::string& conninfo) {
  std::string out = conninfo;
  const auto params = split_conninfo(conninfo);
  // Right to left, so earlier spans stay valid while later ones change length.
  for (auto it = params.rbegin(); it != params.rend(); ++it) {
    const auto span = it->value_end - it->value_begin;
    if (!shows_value(it->key, false)) {
      // A quoted value followed by more text (password='a'b) is malformed;
      // mask up to the next blank so that no part of it shows.
      auto end = it->value_end;
      while (end < out.size() && !std::isspace(static_cast<unsigned char>(out[end]))) ++end;
      out.replace(it->value_begin, end - it->value_begin, kMaskedPassword);
    } else if (it->value.find("://") != std::string::npos ||
               it->value.find('=') != std::string::npos ||
               lower(it->value).find("password") != std::string::npos) {
      // libpq expands a dbname that is itself a URI or conninfo (has a '=').
      out.replace(it->value_begin, span, quote_conninfo_value(mask_any(it->value)));
    }
  }
  // split_conninfo stops at a malformed token; whatever follows a password
  // keyword it could not parse is cut rather than risked.
  const std::string low = lower(out);
  std::size_t pos = 0;
  while ((pos = low.find("password", pos)) != std::string::npos) {
    std::size_t i = pos + 8;
    while (i < low.size() && std::isspace(static_cast<unsigned char>(low[i]))) ++i;
    if (i < low.size() && low[i] == '=') {
      ++i;
      while (i < low.size() && std::isspace(static_cast<unsigned char>(low[i]))) ++i;
      if (out.compare(i, 5, kMaskedPassword) != 0) {
        return out.substr(0, i) + kMaskedPassword;
      }
    }
    pos += 8;
  }
  return out;
}

std::string mask_any(const std::string& s) {
  if (s.find("://") != std::string::npos && s.find('=') > s.find("://")) {
    return mask_uri(s);
  }
  return mask_keyword_value(s);
}

// [begin, end) of characters to blank.
using Span = std::pair<std::size_t, std::size_t>;

// As mask_uri: the password of the user info, and the values of hidden
// query parameters.
void uri_spans(const std::string& uri, std::vector<Span>& spans) {
  const auto start = uri.find("://") + 3;
  const auto query = uri.find('?', start);
  const auto head_end = query == std::string::npos ? uri.size() : query;
  const auto at = head_end == 0 ? std::string::npos : uri.rfind('@', head_end - 1);
  if (at != std::string::npos && at >= start) {
    const auto colon = uri.find(':', start);
    if (colon != std::string::npos && colon < at) spans.emplace_back(colon + 1, at);
  }
  if (query == std::string::npos) return;
  const bool jdbc = is_jdbc_url(uri);
  std::size_t pos = query + 1;
  while (pos <= uri.size()) {
    auto amp = uri.find('&', pos);
    if (amp == std::string::npos) amp = uri.size();
    const auto eq = uri.find('=', pos);
    if (eq != std::string::npos && eq < amp && !shows_value(uri.substr(pos, eq - pos), jdbc)) {
      spans.emplace_back(eq + 1, amp);
    }
    pos = amp + 1;
  }
}

// As mask_keyword_value: hidden values (up to the next blank), values that
// hold a connection string with a password, and whatever follows a password
// keyword split_conninfo could not parse.
void keyword_spans(const std::string& conninfo, std::vector<Span>& spans) {
  const auto params = split_conninfo(conninfo);
  for (const auto& p : params) {
    if (!shows_value(p.key, false)) {
      auto end = p.value_end;
      while (end < conninfo.size() && !std::isspace(static_cast<unsigned char>(conninfo[end]))) {
        ++end;
      }
      spans.emplace_back(p.value_begin, end);
    } else if (mask_any(p.value) != p.value) {
      spans.emplace_back(p.value_begin, p.value_end);
    }
  }
  const std::string low = lower(conninfo);
  std::size_t pos = 0;
  while ((pos = low.find("password", pos)) != std::string::npos) {
    std::size_t i = pos + 8;
    while (i < low.size() && std::isspace(static_cast<unsigned char>(low[i]))) ++i;
    if (i < low.size() && low[i] == '=') {
      ++i;
      while (i < low.size() && std::isspace(static_cast<unsigned char>(low[i]))) ++i;
      const bool covered = std::any_of(spans.begin(), spans.end(), [&](const Span& span) {
        return span.first <= i && i < span.second;
      });
      if (!covered && i < low.size()) {
        spans.emplace_back(i, conninfo.size());
        return;
      }
    }
    pos += 8;
  }
}

}  // namespace

std::string mask_password(const std::string& s) { return mask_any(s); }

std::string mask_setting(const std::string& name, const std::string& value) {
  const bool holds_password = conninfo_has(value, "password") ||
                              conninfo_has(value, "sslpassword") ||
                              lower(value).find("password") != std::string::npos;
  if (lower(name) == "primary_conninfo" || holds_password) return mask_password(value);
  return value;
}

std::string blank_passwords(const std::string& s) {
  std::vector<Span> spans;
  if (s.find("://") != std::string::npos && s.find('=') > s.find("://")) {
    uri_spans(s, spans);
  } else {
    keyword_spans(s, spans);
  }
  std::string out = s;
  for (const auto& [begin, end] : spans) {
    for (std::size_t i = begin; i < end && i < out.size(); ++i) out[i] = 'x';
  }
  return out;
}

std::string mask_key(const std::string& key) {
  const std::string word = "password";
  const auto at = lower(key).find(word);
  if (at == std::string::npos || at + word.size() == key.size()) return key;
  return key.substr(0, at + word.size()) + kMaskedPassword;
}

std::string describe_target(const std::string& conninfo) {
  if (conninfo.empty()) {
    std::string set;
    for (const char* name : {"PGHOST", "PGPORT", "PGUSER", "PGDATABASE"}) {
      if (const char* v = std::getenv(name); v != nullptr && *v != '\0') {
        set += std::string(set.empty() ? "" : " ") + name + "=" + v;
      }
    }
    return "the PG* environment (" +
           (set.empty() ? std::string("no PGHOST, PGPORT, PGUSER or "
                                      "PGDATABASE set: libpq defaults")
                        : set) +
           ")";
  }
  if (is_conninfo_uri(conninfo) || conninfo.find("://") != std::string::npos) {
    return mask_password(conninfo);
  }
  std::string out;
  for (const char* key : {"service", "host", "hostaddr", "port", "dbname", "user"}) {
    for (const auto& p : split_conninfo(conninfo)) {
      if (p.key == key) {
        out += std::string(out.empty() ? "" : " ") + key + "=" +
               quote_conninfo_value(mask_password(p.value));
        break;
      }
    }
  }
  return out.empty() ? mask_password(conninfo) : out;
}

}  // namespace tpcc
