// The statements of sysbench 1.0's oltp tests (oltp_common.lua's stmt_defs
// and oltp_insert.lua's insert), one per kind and sbtest table, with
// PostgreSQL's $n parameters. Their names start with "sb_", which no
// statement of TPC-C's does, so that both can share a session.
#pragma once

#include <string>
#include <vector>

#include "config/workload_options.hpp"

namespace tpcc {

class Session;

enum class OltpStatement {
  Begin,           // BEGIN (not a registered statement)
  Commit,          // COMMIT (not a registered statement)
  PointSelect,     // SELECT c FROM sbtestN WHERE id=$1
  SimpleRange,     // SELECT c ... WHERE id BETWEEN $1 AND $2
  SumRange,        // SELECT SUM(k) ... BETWEEN
  OrderRange,      // SELECT c ... BETWEEN ... ORDER BY c
  DistinctRange,   // SELECT DISTINCT c ... BETWEEN ... ORDER BY c
  IndexUpdate,     // UPDATE sbtestN SET k=k+1 WHERE id=$1
  NonIndexUpdate,  // UPDATE sbtestN SET c=$1 WHERE id=$2
  Delete,          // DELETE FROM sbtestN WHERE id=$1
  Insert,          // INSERT INTO sbtestN (id, k, c, pad) VALUES ($1, $2, $3, $4)
  InsertAutoInc    // oltp_insert with --auto_inc: INSERT INTO sbtestN (k, c, pad) ...
};

// "sbtest3"
std::string sbtest_table_name(int table);

// "sb_point_select_3": the statement's name on a session.
std::string oltp_statement_name(OltpStatement statement, int table);

// Its text for sbtest<table>.
std::string oltp_statement_sql(OltpStatement statement, int table);

// The kinds a test's event uses (its prepare_statements()), BEGIN and
// COMMIT left out.
std::vector<OltpStatement> oltp_test_statements(const OltpOptions& options);

// Registers the test's statements for every sbtest table on the session.
void register_oltp_statements(Session& session, const OltpOptions& options);

}  // namespace tpcc
