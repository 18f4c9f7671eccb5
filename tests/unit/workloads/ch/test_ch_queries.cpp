// CH-benCHmark's 22 queries as the binary holds them
// (workloads/ch/queries/*.sql), each held to the characteristic parts of the
// published text it was taken from: the tables it joins, its GROUP BY and
// ORDER BY, and the join predicates CH adds to TPC-C's schema (a stock
// row's supplier mod(s_w_id * s_i_id, 10000), a customer's nation the ASCII
// code of c_state's first character); and the query streams' orders, TPC-H's
// permutation table.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "workloads/ch/ch_queries.hpp"

namespace {

// The published definition's characteristic parts.
struct Published {
  int number;
  const char* source;  // what the file's header must name
  std::set<std::string> tables;
  std::vector<std::string> group_by;  // each "group by ..." clause, outer last
  std::vector<std::string> order_by;
  std::vector<std::string> fragments;  // predicates and expressions it holds
};

const char* const kBenchBase = "BenchBase's chbenchmark";
const char* const kGoTpc = "go-tpc's ch";
const char* const kSupplierJoin = "mod((s_w_id * s_i_id), 10000) = su_suppkey";
// A customer's nation is the ASCII code itself (not go-tpc's code - 65).
const char* const kNation = "ascii(substring(c_state from 1 for 1))";

const std::vector<Published>& published() {
  static const std::vector<Published> queries = {
      {1, kBenchBase, {"order_line"}, {"ol_number"}, {"ol_number"}, {"count(*) as count_order"}},
      {2,
       kBenchBase,
       {"item", "supplier", "stock", "nation", "region"},
       {"s_i_id"},
       {"n_name, su_name, i_id"},
       {kSupplierJoin, "r_name like 'europ%'", "min(s_quantity)"}},
      {3,
       kBenchBase,
       {"customer", "new_order", "oorder", "order_line"},
       {"ol_o_id, ol_w_id, ol_d_id, o_entry_d"},
       {"revenue desc, o_entry_d"},
       {"c_state like 'a%'"}},
      {4,
       kBenchBase,
       {"oorder", "order_line"},
       {"o_ol_cnt"},
       {"o_ol_cnt"},
       {"exists (select *", "ol_delivery_d >= o_entry_d"}},
      {5,
       kBenchBase,
       {"customer", "oorder", "order_line", "stock", "supplier", "nation", "region"},
       {"n_name"},
       {"revenue desc"},
       {kSupplierJoin, std::string(kNation) + " = su_nationkey", "r_name = 'europe'"}},
      {6,
       kGoTpc,
       {"order_line"},
       {},
       {},
       {"sum(ol_amount) as revenue", "ol_quantity between 1 and 100000"}},
      {7,
       kBenchBase,
       {"supplier", "stock", "order_line", "oorder", "customer", "nation"},
       {"su_nationkey, cust_nation, l_year"},
       {"su_nationkey, cust_nation, l_year"},
       {kSupplierJoin, std::string(kNation) + " = n2.n_nationkey",
        "n1.n_name = 'germany' and n2.n_name = 'cambodia'"}},
      {8,
       kBenchBase,
       {"item", "supplier", "stock", "order_line", "oorder", "customer", "nation", "region"},
       {"l_year"},
       {"l_year"},
       {kSupplierJoin, "n1.n_nationkey = " + std::string(kNation), "ol_i_id < 1000",
        "i_data like '%b'"}},
      {9,
       kBenchBase,
       {"item", "stock", "supplier", "order_line", "oorder", "nation"},
       {"n_name, l_year"},
       {"n_name, l_year desc"},
       {kSupplierJoin, "i_data like '%bb'"}},
      {10,
       kBenchBase,
       {"customer", "oorder", "order_line", "nation"},
       {"c_id, c_last, c_city, c_phone, n_name"},
       {"revenue desc"},
       {"n_nationkey = " + std::string(kNation), "o_entry_d <= ol_delivery_d"}},
      {11,
       kBenchBase,
       {"stock", "supplier", "nation"},
       {"s_i_id"},
       {"ordercount desc"},
       {kSupplierJoin, "having sum(s_order_cnt) > (select sum(s_order_cnt) * .005"}},
      {12,
       kGoTpc,
       {"oorder", "order_line"},
       {"o_ol_cnt"},
       {"o_ol_cnt"},
       {"o_carrier_id = 1 or o_carrier_id = 2", "o_entry_d <= ol_delivery_d"}},
      {13,
       kBenchBase,
       {"customer", "oorder"},
       {"c_id", "c_count"},
       {"custdist desc, c_count desc"},
       {"left outer join bmsql_oorder", "o_carrier_id > 8"}},
      {14, kGoTpc, {"order_line", "item"}, {}, {}, {"i_data like 'pr%'", "(1 + sum(ol_amount))"}},
      {15,
       kBenchBase,
       {"order_line", "stock", "supplier"},
       {"supplier_no"},
       {"su_suppkey"},
       {"mod((s_w_id * s_i_id), 10000) as supplier_no",
        "total_revenue = (select max(total_revenue) from revenue0)"}},
      {16,
       kBenchBase,
       {"stock", "item", "supplier"},
       {"i_name, brand, i_price"},
       {"supplier_cnt desc"},
       {"count(distinct (mod((s_w_id * s_i_id), 10000)))", "su_comment like '%bad%'"}},
      {17,
       kBenchBase,
       {"order_line", "item"},
       {"i_id"},
       {},
       {"sum(ol_amount) / 2.0 as avg_yearly", "ol_quantity < t.a"}},
      {18,
       kBenchBase,
       {"customer", "oorder", "order_line"},
       {"o_id, o_w_id, o_d_id, c_id, c_last, o_entry_d, o_ol_cnt"},
       {"amount_sum desc, o_entry_d"},
       {"having sum(ol_amount) > 200"}},
      {19,
       kBenchBase,
       {"order_line", "item"},
       {},
       {},
       {"i_data like '%a'", "i_data like '%b'", "i_data like '%c'", "ol_w_id in (1, 5, 3)"}},
      {20,
       kBenchBase,
       {"supplier", "nation", "stock", "item", "order_line"},
       {"s_i_id, s_w_id, s_quantity"},
       {"su_name"},
       {"i_data like 'co%'", "having 2 * s_quantity > sum(ol_quantity)", "n_name = 'germany'"}},
      {21,
       kBenchBase,
       {"supplier", "order_line", "oorder", "stock", "nation"},
       {"su_name"},
       {"numwait desc, su_name"},
       {kSupplierJoin, "not exists (select *", "l2.ol_delivery_d > l1.ol_delivery_d"}},
      {22,
       kBenchBase,
       {"customer", "oorder"},
       {"substring(c_state from 1 for 1)"},
       {"substring(c_state, 1, 1)"},
       {"c_balance > (select avg(c_balance)", "not exists (select *"}},
  };
  return queries;
}

// The header's comment lines, as they are.
std::string header_of(const std::string& sql) {
  std::string header;
  std::size_t at = 0;
  while (at < sql.size() && sql.compare(at, 2, "--") == 0) {
    const std::size_t end = sql.find('\n', at);
    header += sql.substr(at, end - at) + " ";
    at = end == std::string::npos ? sql.size() : end + 1;
  }
  return header;
}

// The statement without comments, lowercase, its white space one space.
std::string normalized(const std::string& sql) {
  std::string out;
  std::size_t at = 0;
  while (at < sql.size()) {
    std::size_t end = sql.find('\n', at);
    if (end == std::string::npos) end = sql.size();
    std::string line = sql.substr(at, end - at);
    const std::size_t comment = line.find("--");
    if (comment != std::string::npos) line.erase(comment);
    out += line + " ";
    at = end + 1;
  }
  std::string squeezed;
  for (const char c : out) {
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!squeezed.empty() && squeezed.back() != ' ') squeezed += ' ';
    } else {
      squeezed += lower;
    }
  }
  // "( select" and "x )" as the published texts write them, without the space.
  squeezed = std::regex_replace(squeezed, std::regex(R"(\( )"), "(");
  return std::regex_replace(squeezed, std::regex(R"( \))"), ")");
}

std::set<std::string> tables_of(const std::string& text) {
  std::set<std::string> tables;
  const std::regex table(R"(\bbmsql_([a-z_]+))");
  for (std::sregex_iterator it(text.begin(), text.end(), table), end; it != end; ++it) {
    tables.insert((*it)[1].str());
  }
  return tables;
}

// Each "<clause> ..." up to the next clause, the end of its parentheses or
// the end, in order.
std::vector<std::string> clauses(const std::string& text, const std::string& clause) {
  static const std::vector<std::string> kNext = {" having ", " order by ", " group by ", " select ",
                                                 " limit "};
  std::vector<std::string> found;
  for (std::size_t at = text.find(clause + " "); at != std::string::npos;
       at = text.find(clause + " ", at + 1)) {
    const std::size_t start = at + clause.size() + 1;
    std::size_t end = start;
    int depth = 0;
    for (; end < text.size(); ++end) {
      if (text[end] == '(') ++depth;
      if (text[end] == ')' && --depth < 0) break;
      const bool next = depth == 0 && std::any_of(kNext.begin(), kNext.end(), [&](const auto& k) {
                          return text.compare(end, k.size(), k) == 0;
                        });
      if (next) break;
    }
    std::string body = text.substr(start, end - start);
    while (!body.empty() && body.back() == ' ') body.pop_back();
    found.push_back(body);
  }
  return found;
}

void check_against(const Published& query) {
  const std::string& sql = tpcc::ch_query_sql(query.number);
  INFO(sql);
  const std::string header = header_of(sql);
  CHECK(header.find("CH-benCHmark Q" + std::to_string(query.number) + " ") != std::string::npos);
  CHECK(header.find(query.source) != std::string::npos);
  const std::string text = normalized(sql);
  CHECK(tables_of(text) == query.tables);
  CHECK(clauses(text, "group by") == query.group_by);
  CHECK(clauses(text, "order by") == query.order_by);
  for (const std::string& fragment : query.fragments) {
    INFO(fragment);
    CHECK(text.find(fragment) != std::string::npos);
  }
}

}  // namespace

TEST_CASE(
    "CH-benCHmark's queries as BenchBase's chbenchmark publishes them (Q1..Q5, Q7..Q11, "
    "Q13, Q15..Q22): tables joined, grouping, ordering, CH's join predicates",
    "[ch]") {
  int checked = 0;
  for (const Published& query : published()) {
    if (std::string(query.source) != kBenchBase) continue;
    DYNAMIC_SECTION(tpcc::ch_query_name(query.number)) { check_against(query); }
    ++checked;
  }
  CHECK(checked == 19);
}

TEST_CASE(
    "CH-benCHmark's Q6, Q12 and Q14 as go-tpc's ch publishes them (BenchBase's bound the order "
    "lines' dates below 2020): tables joined, grouping, ordering",
    "[ch]") {
  for (const Published& query : published()) {
    if (std::string(query.source) != kGoTpc) continue;
    DYNAMIC_SECTION(tpcc::ch_query_name(query.number)) { check_against(query); }
  }
  for (const int number : {6, 12, 14}) {
    const std::string text = normalized(tpcc::ch_query_sql(number));
    CHECK(text.find("< '2030-01-0") != std::string::npos);
  }
}

TEST_CASE("CH-benCHmark's 22 queries are all in the binary, Q1..Q22, and no more", "[ch]") {
  CHECK(published().size() == static_cast<std::size_t>(tpcc::kChQueryCount));
  for (int number = 1; number <= tpcc::kChQueryCount; ++number) {
    CHECK_FALSE(tpcc::ch_query_sql(number).empty());
  }
  CHECK_THROWS(tpcc::ch_query_sql(23));
  CHECK(tpcc::ch_query_name(7) == "Q7");
}

TEST_CASE(
    "TPC-H Appendix A: each of the 41 query-stream orders runs each of the 22 queries once, "
    "stream 0 is the power test's order and stream 41 takes it again",
    "[ch]") {
  std::set<std::vector<int>> distinct;
  for (int stream = 0; stream < tpcc::kChStreamOrders; ++stream) {
    const auto& order = tpcc::ch_stream_order(stream);
    std::vector<int> sorted(order.begin(), order.end());
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> all(tpcc::kChQueryCount);
    for (int i = 0; i < tpcc::kChQueryCount; ++i) all[static_cast<std::size_t>(i)] = i + 1;
    CHECK(sorted == all);
    distinct.insert(std::vector<int>(order.begin(), order.end()));
  }
  CHECK(distinct.size() == static_cast<std::size_t>(tpcc::kChStreamOrders));
  const std::array<int, tpcc::kChQueryCount> power = {14, 2,  9, 20, 6,  17, 18, 8,  21, 13, 3,
                                                      22, 16, 4, 11, 15, 1,  10, 19, 5,  7,  12};
  CHECK(tpcc::ch_stream_order(0) == power);
  CHECK(tpcc::ch_stream_order(41) == power);
  CHECK(tpcc::ch_stream_order(1)[0] == 21);
  CHECK(tpcc::ch_stream_order(40)[21] == 19);
}
