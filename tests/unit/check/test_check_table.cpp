#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "check/conditions.hpp"
#include "check/runner.hpp"

namespace {

std::string trimmed_lower(const std::string& text) {
  const auto not_space = [](unsigned char c) { return !std::isspace(c); };
  const auto begin = std::find_if(text.begin(), text.end(), not_space);
  const auto end = std::find_if(text.rbegin(), text.rend(), not_space).base();
  std::string out = begin < end ? std::string(begin, end) : std::string();
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

const tpcc::ConsistencyCondition& condition(int number) {
  return tpcc::consistency_conditions().at(static_cast<std::size_t>(number - 1));
}

}  // namespace

TEST_CASE("3.3.2 the table lists twelve conditions in clause order") {
  const auto& conditions = tpcc::consistency_conditions();
  REQUIRE(conditions.size() == 12);
  for (std::size_t i = 0; i < conditions.size(); ++i) {
    const int number = static_cast<int>(i) + 1;
    CHECK(conditions[i].number == number);
    CHECK(std::string(conditions[i].clause) == "3.3.2." + std::to_string(number));
    CHECK(std::string(conditions[i].description).size() > 5);
  }
}

TEST_CASE("3.3.2.11 is the only condition limited to a freshly loaded database") {
  for (const auto& c : tpcc::consistency_conditions()) {
    INFO(c.clause);
    CHECK(c.after_load_only == (c.number == 11));
  }
}

TEST_CASE("3.3.2 each condition is one SELECT counting violating rows") {
  for (const auto& c : tpcc::consistency_conditions()) {
    INFO(c.clause);
    REQUIRE(c.violations_sql != nullptr);
    const std::string sql = trimmed_lower(c.violations_sql);
    CHECK(sql.rfind("select count(*)", 0) == 0);
    // One statement: no separator anywhere, not even a trailing one, so the
    // text can be embedded in other statements (EXPLAIN, subqueries).
    CHECK(sql.find(';') == std::string::npos);
    CHECK(sql.find("bmsql_") != std::string::npos);
  }
}

TEST_CASE("3.3.2 each condition reads the tables its clause names") {
  const auto reads = [](int number, const char* table) {
    return std::string(condition(number).violations_sql).find(table) != std::string::npos;
  };
  CHECK((reads(1, "bmsql_warehouse") && reads(1, "bmsql_district")));
  CHECK((reads(2, "bmsql_district") && reads(2, "bmsql_oorder") && reads(2, "bmsql_new_order")));
  CHECK(reads(3, "bmsql_new_order"));
  CHECK((reads(4, "bmsql_oorder") && reads(4, "bmsql_order_line")));
  CHECK((reads(5, "bmsql_oorder") && reads(5, "bmsql_new_order")));
  CHECK((reads(6, "bmsql_oorder") && reads(6, "bmsql_order_line")));
  CHECK((reads(7, "bmsql_oorder") && reads(7, "bmsql_order_line")));
  CHECK((reads(8, "bmsql_warehouse") && reads(8, "bmsql_history")));
  CHECK((reads(9, "bmsql_district") && reads(9, "bmsql_history")));
  CHECK((reads(10, "bmsql_customer") && reads(10, "bmsql_order_line") &&
         reads(10, "bmsql_history") && reads(10, "ol_delivery_d is not null")));
  CHECK((reads(11, "bmsql_oorder") && reads(11, "bmsql_new_order") && reads(11, "2100")));
  CHECK((reads(12, "bmsql_customer") && reads(12, "c_ytd_payment") &&
         reads(12, "ol_delivery_d is not null")));
}

TEST_CASE("3.3.2 result lines name the clause, the verdict and the violations") {
  const tpcc::ConditionResult pass{&condition(1), 0, 0.25};
  CHECK(tpcc::format_result_line(pass) == "3.3.2.1   PASS        0  W_YTD = sum(D_YTD)  (0.25 s)");

  const tpcc::ConditionResult fail{&condition(10), 3, 1.0};
  const std::string fail_line = tpcc::format_result_line(fail);
  CHECK(fail_line.rfind("3.3.2.10  FAIL        3  C_BALANCE = ", 0) == 0);

  tpcc::ConditionResult skip{&condition(11), 0, 0.0};
  skip.skipped = true;
  const std::string skip_line = tpcc::format_result_line(skip);
  CHECK(skip_line.rfind("3.3.2.11  SKIP ", 0) == 0);
  CHECK(skip_line.find("after load only; pass --after-load") != std::string::npos);
}

TEST_CASE("3.3.2 the summary counts held conditions, skipped ones neither hold nor fail") {
  std::vector<tpcc::ConditionResult> results;
  for (const auto& c : tpcc::consistency_conditions()) results.push_back({&c, 0, 0.0});
  CHECK(tpcc::all_passed(results));
  CHECK(tpcc::format_summary_line(results) == "12 of 12 conditions hold");

  results[10].skipped = true;
  results[10].violations = 5;  // ignored: the query did not run
  CHECK(tpcc::all_passed(results));
  CHECK(tpcc::format_summary_line(results) == "11 of 12 conditions hold (1 skipped)");

  results[0].violations = 1;
  CHECK_FALSE(tpcc::all_passed(results));
  CHECK(tpcc::format_summary_line(results) == "10 of 12 conditions hold (1 skipped)");
}
