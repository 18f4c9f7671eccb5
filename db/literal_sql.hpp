// The simple query mode's statements: a registered statement's text with its
// parameters ($1, $2, ...) replaced by the values as literals. The quoting
// is the caller's (libpq's PQescapeLiteral, which knows the connection's
// encoding and standard_conforming_strings); this only finds the places.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tpcc {

using QuoteLiteral = std::function<std::string(const std::string&)>;

// A statement's text cut once at its parameters, so that each execution
// appends the pieces and the values' literals without reading the text
// again. A $N outside string literals, quoted identifiers and comments is a
// parameter; a literal takes the parameter's type from its context exactly
// as an untyped parameter does, and the statement's casts ($1::int[])
// apply to it alike.
class LiteralTemplate {
 public:
  explicit LiteralTemplate(const std::string& sql);

  // Appends the statement with each $N replaced by quote(values[N-1]), or
  // by NULL where nulls[N-1]. Throws std::logic_error for a $0 or a $N
  // beyond the values.
  void append(std::string& out, const std::vector<std::string>& values,
              const std::vector<bool>& nulls, const QuoteLiteral& quote) const;

 private:
  std::string sql_;                  // for the error message
  std::vector<std::string> texts_;   // the text before each parameter, and the tail
  std::vector<std::size_t> params_;  // 1-based; past any count of values stays past it
  std::size_t needed_ = 0;           // the values a $N asks for; SIZE_MAX for a $0
  std::string needed_spelled_;       // that $N's digits, as written
};

// `sql` with its parameters replaced, as LiteralTemplate::append does.
std::string with_literals(const std::string& sql, const std::vector<std::string>& values,
                          const std::vector<bool>& nulls, const QuoteLiteral& quote);
// The same appended to `out` (a simple-protocol batch grows in place).
void append_with_literals(std::string& out, const std::string& sql,
                          const std::vector<std::string>& values, const std::vector<bool>& nulls,
                          const QuoteLiteral& quote);

}  // namespace tpcc
