// 3.3.2: the twelve TPC-C consistency conditions, as one ordered table of
// data. Each entry carries a query that counts the rows (warehouses,
// districts, orders, order lines or customers) violating the condition, so
// a condition holds exactly when its query returns 0.
#pragma once

#include <vector>

namespace tpcc {

struct ConsistencyCondition {
  int number;                  // 1..12
  const char* clause;          // "3.3.2.1"
  const char* description;     // the relationship, in the spec's column names
  const char* violations_sql;  // one SELECT returning a single bigint
  bool after_load_only;        // 3.3.2.11 holds only on a freshly loaded database
};

// The twelve conditions in clause order.
const std::vector<ConsistencyCondition>& consistency_conditions();

}  // namespace tpcc
