// The simple query mode's statement text (db/literal_sql.hpp): each $N
// becomes its value's literal, and nothing else in the text changes.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "db/literal_sql.hpp"

namespace {

// Stands in for PQescapeLiteral's shape only: the substitution is what is
// tested here; the database test runs libpq's quoting through a server.
std::string bracketed(const std::string& value) { return "[" + value + "]"; }

std::string substituted(const std::string& sql, const std::vector<std::string>& values,
                        std::vector<bool> nulls = {}) {
  nulls.resize(values.size(), false);
  return tpcc::with_literals(sql, values, nulls, bracketed);
}

}  // namespace

TEST_CASE("simple query mode: $N becomes its value, $10 is not $1 followed by 0",
          "[db][query-mode]") {
  CHECK(substituted("select $1::int + $2", {"1", "2"}) == "select [1]::int + [2]");
  const std::vector<std::string> ten = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"};
  CHECK(substituted("select $10, $1", ten) == "select [j], [a]");
  CHECK(substituted("select $2, $2", {"x", "y"}) == "select [y], [y]");
}

TEST_CASE("simple query mode: a null is NULL, with the statement's cast", "[db][query-mode]") {
  CHECK(substituted("insert into t values ($1::int, $2)", {"", "v"}, {true, false}) ==
        "insert into t values (NULL::int, [v])");
}

TEST_CASE("simple query mode: $N inside literals, quoted names and comments stays",
          "[db][query-mode]") {
  CHECK(substituted("select '$1', \"a$1\", $1 -- $1\n, $1 /* $1 */", {"v"}) ==
        "select '$1', \"a$1\", [v] -- $1\n, [v] /* $1 */");
  CHECK(substituted("select 'it''s $1', $1", {"v"}) == "select 'it''s $1', [v]");
  // A $ inside a name is part of the name.
  CHECK(substituted("select x$1 from t where y = $1", {"v"}) == "select x$1 from t where y = [v]");
}

TEST_CASE("simple query mode: a parameter beyond the values is the kit's bug, not a query",
          "[db][query-mode]") {
  CHECK_THROWS_AS(substituted("select $2", {"v"}), std::logic_error);
  CHECK_THROWS_AS(substituted("select $0", {"v"}), std::logic_error);
  CHECK_THROWS_WITH(substituted("select $123456789012345678901234567890", {"v"}),
                    Catch::Contains("$123456789012345678901234567890 but 1 values"));
}

TEST_CASE("simple query mode: the text between the parameters is kept whole, to its last character",
          "[db][query-mode]") {
  CHECK(substituted("update t set a = a - $1 where b = $2/2 and c = '-' || $1", {"1", "2"}) ==
        "update t set a = a - [1] where b = [2]/2 and c = '-' || [1]");
  CHECK(substituted("select 1", {}) == "select 1");
  CHECK(substituted("select $1 ", {"v"}) == "select [v] ");
  CHECK(substituted("select 'open", {}) == "select 'open");
  CHECK(substituted("-", {}) == "-");
}

TEST_CASE("simple query mode: a statement appended to a batch leaves the batch before it",
          "[db][query-mode]") {
  std::string batch = "begin;\n";
  tpcc::append_with_literals(batch, "select $2, $1", {"a", "b"}, {false, true}, bracketed);
  CHECK(batch == "begin;\nselect NULL, [a]");
  CHECK(batch.substr(7) == substituted("select $2, $1", {"a", "b"}, {false, true}));
}

TEST_CASE("simple query mode: a statement cut once serves every execution with its own values",
          "[db][query-mode]") {
  const tpcc::LiteralTemplate statement{"update t set a = $2 where k = $1 -- $3\n"};
  std::string batch;
  statement.append(batch, {"1", "x"}, {false, false}, bracketed);
  statement.append(batch, {"2", "y"}, {false, true}, bracketed);
  CHECK(batch ==
        "update t set a = [x] where k = [1] -- $3\n"
        "update t set a = NULL where k = [2] -- $3\n");
  // What the text asks for is known from the cut; too few values is the kit's bug.
  CHECK_THROWS_WITH(statement.append(batch, {"1"}, {false}, bracketed),
                    Catch::Contains("$2 but 1 values"));
  const tpcc::LiteralTemplate zero{"select $1, $0"};
  CHECK_THROWS_WITH(zero.append(batch, {"1"}, {false}, bracketed), Catch::Contains("$0 but"));
}
