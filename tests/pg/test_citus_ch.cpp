// CH-benCHmark's 22 queries on a W=1 load distributed by Citus over a
// throwaway coordinator and two workers (pgserver/citus_cluster.hpp): the
// kit's stream runs each query once without an error, with the session
// setting it makes on Citus recorded, and each query's answer there (the
// variant for Citus where there is one) is the answer of the published
// query on a single-server load of the same seed, as is the variant's there.
// Skipped, with a message, when Citus is not installed for this
// PostgreSQL; .ci/run installs it first.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "pgserver/citus_cluster.hpp"
#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "workloads/ch/ch_citus.hpp"
#include "workloads/ch/ch_queries.hpp"

namespace tpcc::test {
namespace {

constexpr const char* kSeed = "11";

// A fresh load's dates are the load's clock and its delivered lines'
// amounts 0.00 (4.3.3.1), its stock never ordered: the same dates on both
// loads (each line delivered a second after its order was entered), amounts
// and order counts from the keys, so that the queries that compare dates
// (Q4, Q10, Q12, Q21), sum amounts or keep ordered stock (Q11) answer with
// rows that can differ.
constexpr const char* kSameDatesSql = R"(
update bmsql_oorder set o_entry_d = timestamp '2026-01-01 00:00:00';
update bmsql_order_line set ol_delivery_d = timestamp '2026-01-01 00:00:01',
                            ol_amount = ol_i_id % 100 + 0.37
 where ol_delivery_d is not null;
update bmsql_stock set s_order_cnt = s_i_id % 7;
)";

LocalServerOptions node_options() {
  LocalServerOptions options;
  options.quiet = true;
  // Three servers at once: the shared server's 512 MB each would be 1.5 GB.
  options.settings = {{"shared_buffers", "128MB"}, {"max_connections", "100"}};
  return options;
}

void load(const std::string& db, std::vector<std::string> extra) {
  std::vector<std::string> args = {"prepare", "--conn", db,    "--warehouses", "1",
                                   "--ch",    "--seed", kSeed, "--no-check"};
  args.insert(args.end(), extra.begin(), extra.end());
  std::string output;
  const int status = run_tpcc(args, &output);
  INFO(output);
  REQUIRE(status == 0);
  execute(db, kSameDatesSql);
}

// A field for comparing answers: numbers to 10 significant digits (a
// distributed avg may carry another scale), the rest as the server wrote it.
std::string field_text(const pqxx::field& field) {
  if (field.is_null()) return "null";
  const std::string text = field.c_str();
  char* end = nullptr;
  const double number = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0') return text;
  char rounded[40];
  std::snprintf(rounded, sizeof rounded, "%.10g", number);
  return rounded;
}

// A query's rows as text, sorted (the published ORDER BYs leave ties,
// which two plans may return in either order), with the setting the kit
// makes on Citus first when `citus`.
std::vector<std::string> answer(const std::string& db, const std::string& sql, bool citus) {
  pqxx::connection conn(db);
  pqxx::nontransaction tx(conn);
  if (citus) tx.exec(kChCitusSessionSql);
  std::vector<std::string> rows;
  for (const auto& row : tx.exec(sql)) {
    std::string text;
    for (const auto& field : row) text += (text.empty() ? "" : "|") + field_text(field);
    rows.push_back(text);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

}  // namespace

TEST_CASE(
    "citus ch: the 22 queries run on a coordinator and two workers and answer as on one "
    "server",
    "[citus][ch]") {
  if (!CitusCluster::installed()) {
    WARN("Citus tests skipped: " << CitusCluster::install_hint());
    return;
  }
  const auto cluster = CitusCluster::start(2, node_options());
  const std::string citus_db = cluster->create_database("citus_ch");
  const std::string single_db = create_database("citus_ch_single");
  load(citus_db, {"--distribute", "citus", "--shards", "4"});
  load(single_db, {});

  // The kit's stream, once through its 22 queries on the coordinator.
  const std::string dir = scratch_dir("citus-ch");
  std::string output;
  const int status = run_tpcc(
      {"run", "--conn", citus_db, "--workload", "ch", "--terminals", "1", "--txns-per-terminal",
       std::to_string(kChQueryCount), "--warmup", "0", "--result-dir", dir},
      &output);
  INFO(output);
  CHECK(status == 0);
  CHECK(output.find("ch on Citus:  citus.enable_repartition_joins = on") != std::string::npos);
  const nlohmann::json ch = read_result(dir).at("ch");
  CHECK(ch.at("session_settings") == nlohmann::json(ch_citus_session_settings()));
  const nlohmann::json& per_query = ch.at("per_query");
  REQUIRE(per_query.size() == static_cast<std::size_t>(kChQueryCount));

  int answered = 0;
  int variants = 0;
  for (int number = 1; number <= kChQueryCount; ++number) {
    const nlohmann::json& q = per_query.at(static_cast<std::size_t>(number - 1));
    INFO(ch_query_name(number));
    REQUIRE(q.at("query") == ch_query_name(number));
    CHECK(q.at("errors").get<long long>() == 0);
    CHECK(q.at("count").get<long long>() == 1);
    const std::vector<std::string> on_one_server = answer(single_db, ch_query_sql(number), false);
    CHECK(q.at("rows").get<long long>() == static_cast<long long>(on_one_server.size()));
    // What the kit's stream runs there: the variant for Citus, if any.
    const std::vector<std::string> on_citus = answer(citus_db, ch_citus_query_sql(number), true);
    CHECK(on_citus == on_one_server);
    // A variant asks the published text's question: the same answer on
    // one server too.
    if (ch_query_has_citus_variant(number)) {
      CHECK(answer(single_db, ch_citus_query_sql(number), false) == on_one_server);
      ++variants;
    }
    if (!on_one_server.empty()) ++answered;
  }
  CHECK(variants > 0);
  // Answers to compare: all but Q22's (every customer of a load has an
  // order) and those the seed leaves empty.
  CHECK(answered > kChQueryCount / 2);
}

}  // namespace tpcc::test
