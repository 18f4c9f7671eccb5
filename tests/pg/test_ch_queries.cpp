// CH-benCHmark's 22 queries on a W=1 load made with --ch: each runs, those
// CH's data give rows return rows (and those it gives none return none, for
// the reason said beside each), and Q1, Q4, Q6, Q13 and Q20 give the answer
// an independent computation of the same question gives.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "tests/pg/ch_fixture.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "workloads/ch/ch_queries.hpp"

namespace {

using tpcc::test::scalar;

// One W=1 load with CH's tables for the whole file, from a fixed seed.
const std::string& ch_database() { return tpcc::test::ch_database("tpcc_ch_queries", 1); }

// A fresh load's delivered lines all have an amount of 0.00 (4.3.3.1): give
// every seventh order's lines amounts, so that the sums compared below are
// not all zero. The same amounts each time: the cases may run in any order.
void give_delivered_lines_amounts(const std::string& conninfo) {
  tpcc::test::execute(conninfo,
                      "update bmsql_order_line set ol_amount = ol_i_id % 100 + 0.37 "
                      "where ol_delivery_d is not null and ol_o_id % 7 = 0");
}

pqxx::result run_query(const std::string& conninfo, const std::string& sql) {
  pqxx::connection conn(conninfo);
  pqxx::nontransaction tx(conn);
  return tx.exec(sql);
}

// Rows as text, a row's fields joined by '|', for comparing two answers.
std::vector<std::string> rows_text(const pqxx::result& result) {
  std::vector<std::string> rows;
  for (const auto& row : result) {
    std::string text;
    for (const auto& field : row) {
      text += (text.empty() ? "" : "|") + std::string(field.is_null() ? "null" : field.c_str());
    }
    rows.push_back(text);
  }
  return rows;
}

}  // namespace

TEST_CASE("CH-benCHmark: all 22 queries run on a W=1 load, those CH's data answer return rows",
          "[ch]") {
  const std::string& db = ch_database();
  // What a fresh load holds that leaves four queries without rows:
  // no stock row ordered yet (Q11 keeps items above 0.5% of the orders),
  CHECK(scalar(db, "select sum(s_order_cnt) from bmsql_stock") == 0);
  // no order line delivered after its order was entered (Q21 counts those),
  CHECK(scalar(db,
               "select count(*) from bmsql_order_line join bmsql_oorder on ol_w_id = o_w_id and "
               "ol_d_id = o_d_id and ol_o_id = o_id where ol_delivery_d > o_entry_d") == 0);
  // every customer has an order (Q22 counts customers without one);
  CHECK(scalar(db,
               "select count(*) from bmsql_customer where not exists (select 1 from bmsql_oorder "
               "where o_c_id = c_id and o_w_id = c_w_id and o_d_id = c_d_id)") == 0);
  // and every order line orders 5 (4.3.3.1), none below its item's average
  // (Q17's one row sums none of them: NULL);
  CHECK(scalar(db, "select count(distinct ol_quantity) from bmsql_order_line") == 1);
  // Q20's rows depend on the seed: checked against their own count below.
  const std::map<int, bool> without_rows = {{11, true}, {21, true}, {22, true}, {20, true}};
  for (int number = 1; number <= tpcc::kChQueryCount; ++number) {
    DYNAMIC_SECTION(tpcc::ch_query_name(number)) {
      const pqxx::result result = run_query(db, tpcc::ch_query_sql(number));
      if (number == 20) continue;
      if (without_rows.count(number) > 0) {
        CHECK(result.empty());
        continue;
      }
      REQUIRE_FALSE(result.empty());
      // A single aggregate row holds a value, not the NULL of no rows (but
      // Q17's, above).
      if (result.size() == 1) CHECK(result[0][0].is_null() == (number == 17));
    }
  }
}

TEST_CASE("CH-benCHmark Q1: its sums per ol_number are the order lines' own, grouped directly",
          "[ch]") {
  const std::string& db = ch_database();
  give_delivered_lines_amounts(db);
  const auto q1 = run_query(db, tpcc::ch_query_sql(1));
  REQUIRE(q1.size() >= 5);
  // Every delivered line of a fresh load is dated at the load, after 2007.
  const auto direct = run_query(
      db,
      "select ol_number, sum(ol_quantity), sum(ol_amount), count(*) from bmsql_order_line "
      "where ol_delivery_d is not null group by ol_number order by ol_number");
  REQUIRE(q1.size() == direct.size());
  for (pqxx::result::size_type i = 0; i < q1.size(); ++i) {
    CHECK(q1[i]["ol_number"].as<int>() == direct[i][0].as<int>());
    CHECK(q1[i]["sum_qty"].as<std::string>() == direct[i][1].as<std::string>());
    CHECK(q1[i]["sum_amount"].as<std::string>() == direct[i][2].as<std::string>());
    CHECK(q1[i]["count_order"].as<long long>() == direct[i][3].as<long long>());
  }
  // 2,100 delivered orders per district of 10 districts, each with lines 1..5 at least.
  CHECK(q1[0]["count_order"].as<long long>() == 21000);
}

TEST_CASE(
    "CH-benCHmark Q6: its revenue is the sum of the amounts of the lines it names, added up "
    "here",
    "[ch]") {
  const std::string& db = ch_database();
  give_delivered_lines_amounts(db);
  const auto q6 = run_query(db, tpcc::ch_query_sql(6));
  REQUIRE(q6.size() == 1);
  REQUIRE_FALSE(q6[0][0].is_null());
  // Added up client-side over the lines with a delivery date.
  const auto lines =
      run_query(db,
                "select ol_amount from bmsql_order_line where ol_delivery_d is not null "
                "and ol_quantity between 1 and 100000");
  long long cents = 0;
  for (const auto& row : lines) cents += std::llround(row[0].as<double>() * 100);
  CHECK(std::llround(q6[0][0].as<double>() * 100) == cents);
  CHECK(cents > 0);
}

TEST_CASE(
    "CH-benCHmark Q4 and Q13: their counts match a join done differently and every "
    "customer number",
    "[ch]") {
  const std::string& db = ch_database();
  const auto q4 = rows_text(run_query(db, tpcc::ch_query_sql(4)));
  const auto joined = rows_text(
      run_query(db,
                "select o_ol_cnt, count(distinct (o_w_id, o_d_id, o_id)) from bmsql_oorder join "
                "bmsql_order_line on ol_w_id = o_w_id and ol_d_id = o_d_id and ol_o_id = o_id "
                "where ol_delivery_d >= o_entry_d group by o_ol_cnt order by o_ol_cnt"));
  CHECK(q4 == joined);
  CHECK_FALSE(q4.empty());
  // Q13 groups by c_id alone (as published): each customer number falls in
  // one c_count, so the custdist add up to the distinct c_id, 3,000.
  long long customers = 0;
  for (const auto& row : run_query(db, tpcc::ch_query_sql(13))) customers += row[1].as<long long>();
  CHECK(customers == scalar(db, "select count(distinct c_id) from bmsql_customer"));
  CHECK(customers == 3000);
}

TEST_CASE("CH-benCHmark Q20: its suppliers are those a step-by-step computation finds", "[ch]") {
  const std::string& db = ch_database();
  const auto q20 = run_query(db, tpcc::ch_query_sql(20));
  // Step by step: the stock rows of 'co' items ordered less than twice
  // their quantity, their suppliers, those in Germany.
  const long long expected =
      scalar(db,
             "with ordered as (select s_w_id, s_i_id, s_quantity, sum(ol_quantity) as q "
             "from bmsql_stock join bmsql_item on i_id = s_i_id join bmsql_order_line on "
             "ol_i_id = s_i_id where i_data like 'co%' and ol_delivery_d > '2010-05-23 12:00:00' "
             "group by s_w_id, s_i_id, s_quantity), "
             "keys as (select distinct mod(s_i_id * s_w_id, 10000) as k from ordered "
             "where 2 * s_quantity > q) "
             "select count(*) from keys join bmsql_supplier on su_suppkey = k "
             "join bmsql_nation on n_nationkey = su_nationkey where n_name = 'Germany'");
  CHECK(static_cast<long long>(q20.size()) == expected);
}

// A variant for Citus (workloads/ch/queries/q<nn>_citus.sql) asks its
// published query's question: on one server, the same rows.
TEST_CASE("CH-benCHmark: each query's variant for Citus answers as the published text", "[ch]") {
  const std::string& db = ch_database();
  give_delivered_lines_amounts(db);
  int variants = 0;
  int answered = 0;
  for (int number = 1; number <= tpcc::kChQueryCount; ++number) {
    if (!tpcc::ch_query_has_citus_variant(number)) continue;
    INFO(tpcc::ch_query_name(number));
    const auto published = rows_text(run_query(db, tpcc::ch_query_sql(number)));
    CHECK(rows_text(run_query(db, tpcc::ch_citus_query_sql(number))) == published);
    CHECK(tpcc::ch_citus_query_sql(number) != tpcc::ch_query_sql(number));
    ++variants;
    if (!published.empty()) ++answered;
  }
  CHECK(variants > 0);
  // Rows to compare: this seed's Q20 has German suppliers.
  CHECK(answered > 0);
}
