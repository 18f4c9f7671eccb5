// Keeping passwords out of messages, logs and saved configurations.
#pragma once

#include <string>

namespace tpcc {

inline constexpr const char* kMaskedPassword = "*****";

// Replaces every password in a connection string with *****: conninfo
// password=... (quoted or not), URI user:secret@host, and URI or JDBC
// ?password=... (also sslpassword). The value of a keyword libpq does not
// know is masked too: a misspelt "passwd=secret" likely holds a password.
// Other text is kept as it is.
std::string mask_password(const std::string& conninfo_or_uri);

// A server setting's value as results and pages may show it: that of
// primary_conninfo (which pg_basebackup -R writes with the replication
// password), and any value that reads as a connection string holding a
// password, masked as mask_password does; any other value as it is.
std::string mask_setting(const std::string& name, const std::string& value);

// The same string, the same length, with every character of every password
// mask_password would mask replaced by 'x': for overwriting a command-line
// argument in place, where the text cannot grow (config/command_line/scrub_argv.hpp).
// A value mask_password rewrites as a whole (a dbname that is itself a URI
// holding a password) is blanked as a whole.
std::string blank_passwords(const std::string& conninfo_or_uri);

// A props key or URL parameter name as a message may show it. A name that
// runs "password" together with more text ("passwordtpcc@123", the '=' lost)
// may hold the password itself: it is cut after "password" and masked.
std::string mask_key(const std::string& key);

// A short description of a connection target for messages, password masked:
// "host=db1 port=5432 dbname=tpcc user=bench". An empty conninfo says that
// libpq takes the target from the environment and lists the PGHOST, PGPORT,
// PGUSER and PGDATABASE values that are set (never PGPASSWORD).
std::string describe_target(const std::string& conninfo);

}  // namespace tpcc
