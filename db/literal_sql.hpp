// The simple query mode's statements: a registered statement's text with its
// parameters ($1, $2, ...) replaced by the values as literals. The quoting
// is the caller's (libpq's PQescapeLiteral, which knows the connection's
// encoding and standard_conforming_strings); this only finds the places.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tpcc {

// `sql` with each $N outside string literals, quoted identifiers and
// comments replaced by quote(values[N-1]), or by NULL where nulls[N-1].
// A literal takes the parameter's type from its context exactly as an
// untyped parameter does, and the statements' casts ($1::int[]) apply to it
// alike. Throws std::logic_error for a $N beyond the values.
std::string with_literals(const std::string& sql, const std::vector<std::string>& values,
                          const std::vector<bool>& nulls,
                          const std::function<std::string(const std::string&)>& quote);
// The same appended to `out` (a simple-protocol batch grows in place).
void append_with_literals(std::string& out, const std::string& sql,
                          const std::vector<std::string>& values, const std::vector<bool>& nulls,
                          const std::function<std::string(const std::string&)>& quote);

}  // namespace tpcc
