// BenchmarkSQL props files name the database with a JDBC URL; libpq needs a
// conninfo string. This translates the PgJDBC URL forms
//   jdbc:postgresql://host[:port][,host2[:port2]...]/dbname?user=x&password=y&...
//   jdbc:postgresql:dbname          (localhost:5432, as in PgJDBC)
//   jdbc:postgresql://host/         (database defaults to the user name)
// and the same forms of the openGauss and PolarDB drivers (jdbc:opengauss:,
// jdbc:polardb:) into conninfo, with PgJDBC's defaults (host localhost, port 5432) written
// out so that the translated string connects where the Java driver would.
#pragma once

#include <string>
#include <vector>

namespace tpcc {

// True when s starts with "jdbc:" (any subprotocol; only postgresql translates).
bool is_jdbc_url(const std::string& s);

struct JdbcTranslation {
  std::string conninfo;
  // URL parameters that only mean something to the Java driver
  // (reWriteBatchedInserts, prepareThreshold, ...), for a warning.
  std::vector<std::string> ignored_parameters;
};

// True for the URL parameters jdbc_to_conninfo translates (ssl,
// connectTimeout, ApplicationName, ...; libpq's own names like sslmode are
// not included): their values need no masking in messages.
bool is_translated_jdbc_parameter(const std::string& key);

// Translates a PostgreSQL JDBC URL. context names where the URL came from
// ("--conn", "props.pg:3: key 'conn'") and starts every UsageError message
// about a malformed URL; the URL is quoted in the message with any password
// masked.
JdbcTranslation jdbc_to_conninfo(const std::string& url, const std::string& context);

}  // namespace tpcc
