// Running one seeded stream of transactions against a database in a given
// mode, and digests of the tables it changes, so that two ways of executing
// the transactions can be shown to leave identical tables.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "terminal/engine/transaction.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc::test {

struct Trace {
  std::vector<Outcome> outcomes;
  std::map<Outcome, int> per_outcome;
  int skipped_deliveries = 0;
};

// One terminal per warehouse (of `warehouses`) takes turns; the transaction
// types and every input come from one seeded stream, so every mode sees the
// same inputs. A transaction that ends in an error fails the test.
// `citus_statements`: statements mode with the statements for Citus
// (TpccTerminal::citus_statements).
Trace run_stream(const std::string& conninfo, Mode mode, int warehouses, int transactions,
                 bool citus_statements = false);

// Every row of a table, ordered, timestamps reduced to whether they are
// set (they differ between two runs), as one digest.
std::string table_digest(const std::string& conninfo, const std::string& table,
                         const std::string& columns, const std::string& order);

struct TableShape {
  const char* table;
  const char* columns;
  const char* order;
};

// The tables and columns the transactions change.
extern const std::vector<TableShape> kComparedTables;

// Checks that both databases hold the same rows in kComparedTables.
void check_same_tables(const std::string& a, const std::string& b);

}  // namespace tpcc::test
