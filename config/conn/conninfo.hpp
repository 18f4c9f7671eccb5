// Reading and writing libpq connection strings: key=value conninfo
// ("host=db1 port=5432 dbname='my db'") and URIs ("postgresql://u@db1/tpcc").
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tpcc {

// True for "postgresql://..." and "postgres://..." (libpq's URI prefixes).
bool is_conninfo_uri(const std::string& s);

// One key=value parameter; the value span covers the raw value text,
// quotes included, so that callers can rewrite it in place.
struct ConninfoParam {
  std::string key;
  std::string value;  // unquoted, escapes decoded
  std::size_t value_begin = 0;
  std::size_t value_end = 0;
};

// True for a conninfo keyword this libpq knows (PQconndefaults():
// host, dbname, sslmode, ...); false for a misspelt one such as "passwd".
bool is_libpq_keyword(const std::string& key);

// Splits key=value conninfo the way libpq does. Lenient: stops at the first
// malformed token instead of failing (libpq reports those itself).
std::vector<ConninfoParam> split_conninfo(const std::string& conninfo);

// A value as conninfo needs it: bare when safe, otherwise in single quotes
// with ' and \ escaped. Empty values become ''.
std::string quote_conninfo_value(const std::string& value);

// Appends " key=value" (quoted as needed) to conninfo.
void append_conninfo(std::string& conninfo, const std::string& key, const std::string& value);

// Percent-encodes everything but RFC 3986 unreserved characters.
std::string percent_encode(const std::string& s);

// Whether the connection string names key itself: a key=value parameter,
// a URI query parameter, or (for user/password) the URI's user info.
bool conninfo_has(const std::string& conninfo, const std::string& key);

// The value the connection string gives key (the last one, as libpq
// reads it), from key=value text or a URI; nullopt when it names none.
std::optional<std::string> conninfo_value(const std::string& conninfo, const std::string& key);

// The connection string with key set to value: every key=value occurrence
// rewritten in place, or the pair appended. A URI is first turned into
// key=value text (libpq's parse of it), as a URI has no place for some
// keys (a socket directory as host).
std::string set_conninfo_value(const std::string& conninfo, const std::string& key,
                               const std::string& value);

// Adds user and password to a conninfo or URI unless it already names them,
// so that the props keys user/password fill in what the connection string
// leaves out; empty values are skipped. An empty conninfo becomes
// "user=... password=..." and keeps taking host, port and database from the
// PG* environment.
std::string add_credentials(const std::string& conninfo, const std::optional<std::string>& user,
                            const std::optional<std::string>& password);

}  // namespace tpcc
