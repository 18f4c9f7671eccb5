#include "config/conn/conninfo.hpp"

#include <libpq-fe.h>

#include <cctype>
#include <memory>
#include <set>

namespace tpcc {
namespace {

bool is_ws(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// The query part of a URI ("a=1&b=2"), or empty.
std::string uri_query(const std::string& uri) {
  const auto q = uri.find('?');
  return q == std::string::npos ? std::string() : uri.substr(q + 1);
}

// The user info of a URI ("user:secret"), if there is an '@' before the query.
std::optional<std::string> uri_userinfo(const std::string& uri) {
  const auto start = uri.find("://");
  if (start == std::string::npos) return std::nullopt;
  const auto query = uri.find('?', start + 3);
  const auto at = uri.rfind('@', query == std::string::npos ? std::string::npos : query);
  if (at == std::string::npos || at < start + 3) return std::nullopt;
  return uri.substr(start + 3, at - start - 3);
}

bool query_has(const std::string& query, const std::string& key) {
  std::size_t pos = 0;
  while (pos <= query.size()) {
    auto amp = query.find('&', pos);
    if (amp == std::string::npos) amp = query.size();
    const std::string param = query.substr(pos, amp - pos);
    if (param.substr(0, param.find('=')) == key) return true;
    pos = amp + 1;
  }
  return false;
}

}  // namespace

bool is_conninfo_uri(const std::string& s) {
  return starts_with(s, "postgresql://") || starts_with(s, "postgres://");
}

bool is_libpq_keyword(const std::string& key) {
  static const std::set<std::string> keywords = [] {
    std::set<std::string> out;
    const std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> options(PQconndefaults(),
                                                                               &PQconninfoFree);
    for (const PQconninfoOption* o = options.get(); o != nullptr && o->keyword != nullptr; ++o) {
      out.insert(o->keyword);
    }
    return out;
  }();
  return keywords.count(key) != 0;
}

std::vector<ConninfoParam> split_conninfo(const std::string& s) {
  std::vector<ConninfoParam> out;
  std::size_t i = 0;
  const std::size_t n = s.size();
  while (true) {
    while (i < n && is_ws(s[i])) ++i;
    if (i >= n) break;
    ConninfoParam p;
    while (i < n && s[i] != '=' && !is_ws(s[i])) p.key += s[i++];
    while (i < n && is_ws(s[i])) ++i;
    if (i >= n || s[i] != '=') break;
    ++i;
    while (i < n && is_ws(s[i])) ++i;
    p.value_begin = i;
    if (i < n && s[i] == '\'') {
      ++i;
      while (i < n && s[i] != '\'') {
        if (s[i] == '\\' && i + 1 < n) ++i;
        p.value += s[i++];
      }
      if (i < n) ++i;  // closing quote
    } else {
      while (i < n && !is_ws(s[i])) {
        if (s[i] == '\\' && i + 1 < n) ++i;
        p.value += s[i++];
      }
    }
    p.value_end = i;
    out.push_back(std::move(p));
  }
  return out;
}

std::string quote_conninfo_value(const std::string& value) {
  bool needs_quotes = value.empty();
  for (const char c : value) {
    if (is_ws(c) || c == '\'' || c == '\\') needs_quotes = true;
  }
  if (!needs_quotes) return value;
  std::string out = "'";
  for (const char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  out += '\'';
  return out;
}

void append_conninfo(std::string& conninfo, const std::string& key, const std::string& value) {
  if (!conninfo.empty()) conninfo += ' ';
  conninfo += key;
  conninfo += '=';
  conninfo += quote_conninfo_value(value);
}

std::string percent_encode(const std::string& s) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0x0F];
    }
  }
  return out;
}

bool conninfo_has(const std::string& conninfo, const std::string& key) {
  if (is_conninfo_uri(conninfo)) {
    if (query_has(uri_query(conninfo), key)) return true;
    const auto info = uri_userinfo(conninfo);
    if (!info) return false;
    if (key == "user") return !info->empty() && (*info)[0] != ':';
    if (key == "password") return info->find(':') != std::string::npos;
    return false;
  }
  for (const auto& p : split_conninfo(conninfo)) {
    if (p.key == key) return true;
  }
  return false;
}

namespace {

using ParsedOptions = std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)>;

// libpq's own parse of a URI or key=value text; null when it is malformed.
ParsedOptions parse_with_libpq(const std::string& conninfo) {
  char* error = nullptr;
  ParsedOptions options(PQconninfoParse(conninfo.c_str(), &error), &PQconninfoFree);
  PQfreemem(error);
  return options;
}

}  // namespace

std::optional<std::string> conninfo_value(const std::string& conninfo, const std::string& key) {
  if (is_conninfo_uri(conninfo)) {
    const ParsedOptions options = parse_with_libpq(conninfo);
    for (const PQconninfoOption* o = options.get(); o != nullptr && o->keyword != nullptr; ++o) {
      if (key == o->keyword && o->val != nullptr) return std::string(o->val);
    }
    return std::nullopt;
  }
  std::optional<std::string> value;
  for (const auto& p : split_conninfo(conninfo)) {
    if (p.key == key) value = p.value;
  }
  return value;
}

std::string set_conninfo_value(const std::string& conninfo, const std::string& key,
                               const std::string& value) {
  std::string text = conninfo;
  if (is_conninfo_uri(conninfo)) {
    text.clear();
    const ParsedOptions options = parse_with_libpq(conninfo);
    for (const PQconninfoOption* o = options.get(); o != nullptr && o->keyword != nullptr; ++o) {
      if (o->val != nullptr) append_conninfo(text, o->keyword, o->val);
    }
  }
  const auto params = split_conninfo(text);
  bool found = false;
  // From the last, so that the earlier spans stay where they are.
  for (auto p = params.rbegin(); p != params.rend(); ++p) {
    if (p->key != key) continue;
    text.replace(p->value_begin, p->value_end - p->value_begin, quote_conninfo_value(value));
    found = true;
  }
  if (!found) append_conninfo(text, key, value);
  return text;
}

std::string add_credentials(const std::string& conninfo, const std::optional<std::string>& user,
                            const std::optional<std::string>& password) {
  std::string out = conninfo;
  const bool uri = is_conninfo_uri(conninfo);
  const auto add = [&](const std::string& key, const std::optional<std::string>& value) {
    // An empty props value means "not set": libpq then keeps its own
    // defaults (PGUSER, ~/.pgpass) instead of being handed an empty string.
    if (!value || value->empty() || conninfo_has(conninfo, key)) return;
    if (uri) {
      if (out.find('?') == std::string::npos) {
        out += '?';
      } else if (out.back() != '?' && out.back() != '&') {
        out += '&';
      }
      out += key + "=" + percent_encode(*value);
    } else {
      append_conninfo(out, key, *value);
    }
  };
  add("user", user);
  add("password", password);
  return out;
}

}  // namespace tpcc
