#include "workloads/sysbench/oltp_statements.hpp"

#include <stdexcept>

#include "db/session.hpp"

namespace tpcc {
namespace {

struct StatementDef {
  OltpStatement statement;
  const char* name;  // after "sb_", before "_<table>"
  const char* sql;   // "%T" stands for the table's name
};

// oltp_common.lua's stmt_defs, and oltp_insert.lua's insert of PostgreSQL
// with --auto_inc (the serial id left to the server).
constexpr StatementDef kStatements[] = {
    {OltpStatement::PointSelect, "point_select", "SELECT c FROM %T WHERE id=$1"},
    {OltpStatement::SimpleRange, "simple_range", "SELECT c FROM %T WHERE id BETWEEN $1 AND $2"},
    {OltpStatement::SumRange, "sum_range", "SELECT SUM(k) FROM %T WHERE id BETWEEN $1 AND $2"},
    {OltpStatement::OrderRange, "order_range",
     "SELECT c FROM %T WHERE id BETWEEN $1 AND $2 ORDER BY c"},
    {OltpStatement::DistinctRange, "distinct_range",
     "SELECT DISTINCT c FROM %T WHERE id BETWEEN $1 AND $2 ORDER BY c"},
    {OltpStatement::IndexUpdate, "index_update", "UPDATE %T SET k=k+1 WHERE id=$1"},
    {OltpStatement::NonIndexUpdate, "non_index_update", "UPDATE %T SET c=$1 WHERE id=$2"},
    {OltpStatement::Delete, "delete", "DELETE FROM %T WHERE id=$1"},
    {OltpStatement::Insert, "insert", "INSERT INTO %T (id, k, c, pad) VALUES ($1, $2, $3, $4)"},
    {OltpStatement::InsertAutoInc, "insert_auto_inc",
     "INSERT INTO %T (k, c, pad) VALUES ($1, $2, $3)"},
};

const StatementDef& definition(OltpStatement statement) {
  for (const StatementDef& def : kStatements) {
    if (def.statement == statement) return def;
  }
  throw std::logic_error("not a registered oltp statement");
}

}  // namespace

std::string sbtest_table_name(int table) { return "sbtest" + std::to_string(table); }

std::string oltp_statement_name(OltpStatement statement, int table) {
  return std::string("sb_") + definition(statement).name + "_" + std::to_string(table);
}

std::string oltp_statement_sql(OltpStatement statement, int table) {
  std::string sql = definition(statement).sql;
  const std::string name = sbtest_table_name(table);
  const auto at = sql.find("%T");
  sql.replace(at, 2, name);
  return sql;
}

std::vector<OltpStatement> oltp_test_statements(const OltpOptions& options) {
  const std::vector<OltpStatement> ranges = {OltpStatement::SimpleRange, OltpStatement::SumRange,
                                             OltpStatement::OrderRange,
                                             OltpStatement::DistinctRange};
  std::vector<OltpStatement> kinds;
  auto add_reads = [&] {
    kinds.push_back(OltpStatement::PointSelect);
    if (options.range_selects) kinds.insert(kinds.end(), ranges.begin(), ranges.end());
  };
  auto add_writes = [&] {
    kinds.insert(kinds.end(), {OltpStatement::IndexUpdate, OltpStatement::NonIndexUpdate,
                               OltpStatement::Delete, OltpStatement::Insert});
  };
  switch (options.test) {
    case OltpTest::ReadWrite:
      add_reads();
      add_writes();
      break;
    case OltpTest::ReadOnly: add_reads(); break;
    case OltpTest::WriteOnly: add_writes(); break;
    case OltpTest::PointSelect: kinds.push_back(OltpStatement::PointSelect); break;
    case OltpTest::UpdateIndex: kinds.push_back(OltpStatement::IndexUpdate); break;
    case OltpTest::UpdateNonIndex: kinds.push_back(OltpStatement::NonIndexUpdate); break;
    case OltpTest::Insert:
      kinds.push_back(options.auto_inc ? OltpStatement::InsertAutoInc : OltpStatement::Insert);
      break;
    case OltpTest::Delete: kinds.push_back(OltpStatement::Delete); break;
  }
  return kinds;
}

void register_oltp_statements(Session& session, const OltpOptions& options) {
  const std::vector<OltpStatement> kinds = oltp_test_statements(options);
  for (int table = 1; table <= options.tables; ++table) {
    for (const OltpStatement kind : kinds) {
      session.prepare(oltp_statement_name(kind, table), oltp_statement_sql(kind, table));
    }
  }
}

}  // namespace tpcc
