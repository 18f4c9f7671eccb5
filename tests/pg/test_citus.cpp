// --distribute citus on a throwaway coordinator and two workers
// (pgserver/citus_cluster.hpp). Skipped, with a message, when Citus is not
// installed for this PostgreSQL; .ci/run installs it first.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "db/session.hpp"
#include "pgserver/citus_cluster.hpp"
#include "pgserver/local_server.hpp"
#include "schema/schema.hpp"
#include "spec/text.hpp"
#include "tests/pg/mode_equivalence.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/terminal_context.hpp"
#include "workloads/tpcc/new_order.hpp"
#include "workloads/tpcc/payment.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"
#include "workloads/tpcc/transactions.hpp"

namespace tpcc::test {
namespace {

constexpr int kWarehouses = 4;
constexpr int kWorkers = 2;
constexpr const char* kRunSeconds = "20";
// Two terminals per warehouse: remote lines and payments meet the other
// warehouses' terminals on the other worker.
constexpr const char* kTerminals = "8";

// The warehouse-keyed tables and their distribution columns.
constexpr const char* kDistributedTablesSql = R"(
select count(*) from citus_tables t
 where t.citus_table_type = 'distributed'
   and t.colocation_id = (select colocation_id from citus_tables
                           where table_name = 'bmsql_warehouse'::regclass)
   and (t.table_name::text, t.distribution_column) in
       (('bmsql_warehouse', 'w_id'), ('bmsql_district', 'd_w_id'),
        ('bmsql_customer', 'c_w_id'), ('bmsql_history', 'h_w_id'),
        ('bmsql_new_order', 'no_w_id'), ('bmsql_oorder', 'o_w_id'),
        ('bmsql_order_line', 'ol_w_id'), ('bmsql_stock', 's_w_id'))
)";

constexpr const char* kReferenceTablesSql = R"(
select count(*) from citus_tables
 where citus_table_type = 'reference' and table_name::text in ('bmsql_item', 'bmsql_config')
)";

// The five functions distributed by their first argument (the warehouse)
// and colocated with bmsql_warehouse.
constexpr const char* kDistributedFunctionsSql = R"(
select count(*) from pg_dist_object o join pg_proc p on p.oid = o.objid
 where o.classid = 'pg_proc'::regclass and p.proname like 'tpcc\_%'
   and o.distribution_argument_index = 0
   and o.colocationid = (select colocationid from pg_dist_partition
                          where logicalrelid = 'bmsql_warehouse'::regclass)
)";

// Remote order lines (2.4.1.5) and remote payments (2.5.1.2) so far.
constexpr const char* kRemoteLinesSql =
    "select count(*) from bmsql_order_line where ol_supply_w_id <> ol_w_id";
constexpr const char* kRemotePaymentsSql =
    "select count(*) from bmsql_history where h_c_w_id <> h_w_id";
// History ids a worker handed out (Citus: each node from its own range,
// group id << 48): proof that Payment ran on a worker.
constexpr const char* kWorkerHistoryIdsSql =
    "select count(*) from bmsql_history where hist_id > (1::bigint << 48)";

// The kit's objects on one node, shards included (Citus hides them).
constexpr const char* kKitObjectsSql = R"(
select (select count(*) from pg_class where relname like 'bmsql\_%')
     + (select count(*) from pg_proc where proname like 'tpcc\_%')
)";

LocalServerOptions node_options() {
  LocalServerOptions options;
  options.quiet = true;
  // Three servers at once: the shared server's 512 MB each would be 1.5 GB.
  // Stat counters: how many of the coordinator's executions went to one
  // shard (multi_shard_new_order_executions).
  options.settings = {{"shared_buffers", "128MB"},
                      {"max_connections", "100"},
                      {"citus.enable_stat_counters", "on"}};
  return options;
}

std::string rows_on_node_sql(int port) {
  return "select coalesce(sum(result::bigint), 0) from run_command_on_placements("
         "'bmsql_stock', 'select count(*) from %s') where nodeport = " +
         std::to_string(port);
}

long long on_shards(const std::string& conninfo, const std::string& sql) {
  return scalar(conninfo, "set citus.override_table_visibility = off; " + sql);
}

// Runs `run(session, terminal)` on a session with statements mode's
// statements prepared, for the terminal of warehouse 1 (of `warehouses`),
// district 1, with or without the statements for Citus.
template <typename Run>
auto with_statements(const std::string& db, int warehouses, bool citus_statements, Run run) {
  Session session(db);
  prepare_transaction_statements(session, Mode::Statements);
  TpccTerminal terminal = terminal_context(1, 1, warehouses, {157, 223, 7911});
  terminal.citus_statements = citus_statements;
  return run(session, terminal);
}

constexpr const char* kMultiShardExecutionsSql =
    "select query_execution_multi_shard from citus_stat_counters "
    "where name = current_database()";
constexpr const char* kSingleShardExecutionsSql =
    "select query_execution_single_shard from citus_stat_counters "
    "where name = current_database()";

struct Executions {
  long long single_shard = 0;
  long long multi_shard = 0;
};

// What the coordinator executed for `orders` committed New-Orders of
// warehouse 1 with every line from warehouse 1 (a one-warehouse terminal:
// 2.4.1.5.2 has no other warehouse to draw), in statements mode with or
// without the statements for Citus.
Executions new_order_executions(const std::string& db, bool citus_statements, int orders) {
  const long long single_before = scalar(db, kSingleShardExecutionsSql);
  const long long multi_before = scalar(db, kMultiShardExecutionsSql);
  with_statements(db, 1, citus_statements, [orders](Session& session, TpccTerminal terminal) {
    terminal.rollback_percent = 0;
    Random rng(20261201);
    for (int i = 0; i < orders; ++i) {
      const TxnResult result = run_transaction(kNewOrder, session, rng, terminal);
      INFO(result.error);
      REQUIRE(result.outcome == Outcome::Committed);
    }
    return 0;
  });
  return {scalar(db, kSingleShardExecutionsSql) - single_before,
          scalar(db, kMultiShardExecutionsSql) - multi_before};
}

void run_and_check(const std::string& db, const char* mode) {
  const long long lines_before = scalar(db, kRemoteLinesSql);
  const long long payments_before = scalar(db, kRemotePaymentsSql);
  std::string output;
  const int status = run_tpcc(
      {"run", "--conn", db, "--mode", mode, "--terminals", kTerminals, "--duration", kRunSeconds,
       "--report-interval", "10", "--result-dir", local_server().directory() + "/citus-" + mode},
      &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("distribution: citus, 8 shards per table") != std::string::npos);
  CHECK(scalar(db, kRemoteLinesSql) > lines_before);
  CHECK(scalar(db, kRemotePaymentsSql) > payments_before);
  REQUIRE(run_tpcc({"check", "--conn", db}, &output) == 0);
  CHECK(output.find("11 of 12 conditions hold (1 skipped)") != std::string::npos);
}

}  // namespace

TEST_CASE("citus: prepare --distribute citus is refused without the citus extension", "[citus]") {
  const std::string db = create_database("citus_refused");
  std::string output;
  CHECK(run_tpcc({"prepare", "--conn", db, "--warehouses", "1", "--distribute", "citus"},
                 &output) == 2);
  CHECK(output.find("--distribute citus: the database has no citus extension") !=
        std::string::npos);
  // Nothing was created.
  CHECK(scalar(db, "select count(*) from pg_class where relname like 'bmsql\\_%'") == 0);
}

// The functions of citus_procedures.sql are plain PL/pgSQL: on one server
// they must leave exactly the tables the statements leave.
TEST_CASE("citus: the New-Order and Payment functions for Citus have the statements' effects",
          "[citus]") {
  constexpr int kStreamWarehouses = 2;
  constexpr int kTransactions = 1200;
  const std::string statements_db = prepared_database("citus_fn_statements", kStreamWarehouses);
  const std::string functions_db = prepared_database("citus_fn_procedures", kStreamWarehouses);
  execute(functions_db, embedded_sql_file("citus_procedures.sql"));
  const Trace by_statements =
      run_stream(statements_db, Mode::Statements, kStreamWarehouses, kTransactions);
  const Trace by_functions =
      run_stream(functions_db, Mode::Procedures, kStreamWarehouses, kTransactions);
  // Rollbacks (2.4.2.3), remote lines and remote payments all happened.
  CHECK(by_statements.per_outcome.at(Outcome::RolledBack) > 5);
  CHECK(scalar(functions_db, kRemoteLinesSql) > 0);
  CHECK(scalar(functions_db, kRemotePaymentsSql) > 0);
  CHECK(by_statements.outcomes == by_functions.outcomes);
  check_same_tables(statements_db, functions_db);
}

// The New-Order and Payment statements for Citus (citus_new_order.hpp,
// citus_payment.hpp) are plain SQL: on one server they must leave exactly
// the tables the single-server statements leave, remote lines, remote
// payments and 2.4.2.3 rollbacks included.
TEST_CASE(
    "citus: the New-Order and Payment statements for Citus have the single-server statements' "
    "effects",
    "[citus]") {
  constexpr int kStreamWarehouses = 2;
  constexpr int kTransactions = 1200;
  const std::string single_db = prepared_database("citus_st_single", kStreamWarehouses);
  const std::string citus_db = prepared_database("citus_st_citus", kStreamWarehouses);
  const Trace single =
      run_stream(single_db, Mode::Statements, kStreamWarehouses, kTransactions, false);
  const Trace citus =
      run_stream(citus_db, Mode::Statements, kStreamWarehouses, kTransactions, true);
  CHECK(single.per_outcome.at(Outcome::RolledBack) > 5);
  CHECK(scalar(citus_db, kRemoteLinesSql) > 0);
  CHECK(single.outcomes == citus.outcomes);
  check_same_tables(single_db, citus_db);

  // 2.4.3 the display: S_QUANTITY and brand-generic per line come from
  // each supply warehouse's statement; a repeated item and a remote one.
  NewOrderInput input;
  input.w_id = 1;
  input.d_id = 4;
  input.c_id = 17;
  input.lines = {{11, 1, 3}, {12, 2, 5}, {11, 1, 4}, {13, 1, 9}, {12, 1, 2}};
  const auto place = [&input](Session& session, const TpccTerminal& terminal) {
    return place_new_order(session, input, terminal);
  };
  const NewOrderOutput by_single = with_statements(single_db, kStreamWarehouses, false, place);
  const NewOrderOutput by_citus = with_statements(citus_db, kStreamWarehouses, true, place);
  REQUIRE(by_citus.lines.size() == input.lines.size());
  REQUIRE(by_single.lines.size() == input.lines.size());
  for (std::size_t n = 0; n < input.lines.size(); ++n) {
    INFO("line " << n + 1);
    CHECK(by_citus.lines[n].s_quantity == by_single.lines[n].s_quantity);
    CHECK(by_citus.lines[n].s_quantity >= 10);
    CHECK(by_citus.lines[n].brand_generic == by_single.lines[n].brand_generic);
  }
  CHECK(by_citus.total == by_single.total);

  // 2.5.3 Payment's display, a remote customer chosen by last name.
  PaymentInput payment;
  payment.w_id = 1;
  payment.d_id = 2;
  payment.c_w_id = 2;
  payment.c_d_id = 7;
  payment.by_last_name = true;
  payment.c_last = last_name(0);
  payment.amount_cents = 123456;
  const auto pay_with = [&payment](Session& session, const TpccTerminal& terminal) {
    return pay(session, payment, terminal);
  };
  const PaymentOutput paid_single = with_statements(single_db, kStreamWarehouses, false, pay_with);
  const PaymentOutput paid_citus = with_statements(citus_db, kStreamWarehouses, true, pay_with);
  CHECK(paid_citus.c_id == paid_single.c_id);
  CHECK(paid_citus.c_balance_cents == paid_single.c_balance_cents);
  CHECK(paid_citus.c_data == paid_single.c_data);
  CHECK(paid_citus.w_name == paid_single.w_name);
  CHECK(paid_citus.d_name == paid_single.d_name);
  CHECK_FALSE(paid_citus.d_name.empty());
  check_same_tables(single_db, citus_db);
}

TEST_CASE("citus: W=4 on a coordinator and two workers in both modes with check and cleanup",
          "[citus]") {
  if (!CitusCluster::installed()) {
    WARN("Citus tests skipped: " << CitusCluster::install_hint());
    return;
  }
  const auto cluster = CitusCluster::start(kWorkers, node_options());
  const std::string db = cluster->create_database("citus_tpcc");
  std::string output;
  const int prepared =
      run_tpcc({"prepare", "--conn", db, "--warehouses", std::to_string(kWarehouses),
                "--distribute", "citus", "--shards", "8", "--no-check"},
               &output);
  INFO(output);
  REQUIRE(prepared == 0);
  CHECK(output.find("distributed by Citus over 2 worker(s): 8 shards per table") !=
        std::string::npos);
  CHECK(scalar(db, kDistributedTablesSql) == 8);
  CHECK(scalar(db, kReferenceTablesSql) == 2);
  CHECK(scalar_text(db,
                    "select cfg_value from bmsql_config where cfg_name = "
                    "'tpcc_distribution'") == "citus");
  for (const auto& worker : cluster->workers()) {
    INFO("worker on port " << worker->port());
    CHECK(scalar(db, rows_on_node_sql(worker->port())) > 0);
  }
  REQUIRE(run_tpcc({"check", "--conn", db, "--after-load"}, &output) == 0);
  CHECK(output.find("12 of 12 conditions hold") != std::string::npos);
  CHECK(scalar(db, kDistributedFunctionsSql) == 5);

  // Statements mode routes each statement of a local New-Order to the
  // warehouse's shard; the single-server statements do not (the check
  // fails for them).
  constexpr int kOrders = 20;
  const Executions routed = new_order_executions(db, true, kOrders);
  CHECK(routed.multi_shard == 0);
  CHECK(routed.single_shard >= kOrders);
  const Executions unrouted = new_order_executions(db, false, kOrders);
  CHECK(unrouted.multi_shard >= kOrders);

  run_and_check(db, "statements");
  run_and_check(db, "procedures");
  CHECK(scalar(db, kWorkerHistoryIdsSql) > 0);

  // Citus gives no snapshot across workers: refused before anything runs.
  CHECK(run_tpcc({"run", "--conn", db, "--isolation", "serializable", "--duration", "5"},
                 &output) == 2);
  CHECK(output.find("--isolation serializable: not on a database distributed by Citus") !=
        std::string::npos);

  REQUIRE(run_tpcc({"cleanup", "--conn", db}, &output) == 0);
  CHECK(on_shards(db, kKitObjectsSql) == 0);
  for (const auto& worker : cluster->workers()) {
    INFO("worker on port " << worker->port());
    CHECK(on_shards(worker->conninfo_for("citus_tpcc"), kKitObjectsSql) == 0);
  }

  // Partitions and fillfactor reach the shards; the foreign keys that link
  // two warehouses are left out, saying so.
  const std::string layout_db = cluster->create_database("citus_layout");
  REQUIRE(run_tpcc({"prepare", "--conn", layout_db, "--warehouses", "1", "--distribute", "citus",
                    "--shards", "4", "--partitions", "2", "--fillfactor", "80", "--foreign-keys"},
                   &output) == 0);
  CHECK(output.find("foreign keys: 8 added") != std::string::npos);
  CHECK(output.find("foreign keys: 2 left out (history to customer, order line to stock)") !=
        std::string::npos);
  CHECK(output.find("12 of 12 conditions hold") != std::string::npos);
  for (const auto& worker : cluster->workers()) {
    INFO("worker on port " << worker->port());
    CHECK(on_shards(worker->conninfo_for("citus_layout"),
                    "select count(*) from pg_class where relname like 'bmsql\\_stock\\_p1\\_%' "
                    "and relkind = 'r' and reloptions @> '{fillfactor=80}'") > 0);
  }
  REQUIRE(run_tpcc({"cleanup", "--conn", layout_db}, &output) == 0);
}

}  // namespace tpcc::test
