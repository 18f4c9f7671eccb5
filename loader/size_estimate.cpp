#include "loader/size_estimate.hpp"

#include <cstdio>

#include "schema/schema.hpp"

namespace tpcc {
namespace {

struct TableSize {
  const char* table;
  double heap_mb;   // pg_table_size: heap, TOAST, free space and visibility maps
  double index_mb;  // pg_indexes_size
};

// Measured: tpcc 0.1.0 `prepare --warehouses 4` (COPY, fillfactor 100, no
// partitions) on PostgreSQL 15, right after the load, pg_table_size and
// pg_indexes_size of each table divided by 4 (2026-11-30). The database grew
// by 106.1 MB per warehouse between a 1- and a 4-warehouse load.
// bmsql_warehouse and bmsql_district take a few pages whatever W is.
constexpr TableSize kPerWarehouse[] = {
    {"bmsql_stock", 35.62, 2.25},    {"bmsql_order_line", 30.39, 9.48},
    {"bmsql_customer", 18.60, 2.63}, {"bmsql_history", 2.66, 0.0},
    {"bmsql_oorder", 1.99, 1.90},    {"bmsql_new_order", 0.41, 0.29},
};
// The item table, the same for any W (100,000 rows).
constexpr TableSize kItemTable = {"bmsql_item", 10.68, 2.26};

// A fillfactor below 100 leaves that share of each heap page free.
double heap_with_fillfactor(const Config& config, const TableSize& size) {
  const auto ff = fillfactor_for(config, size.table);
  return size.heap_mb * 100.0 / ff.value_or(100);
}

// Measured on PostgreSQL 15 after a load of 10^6 sbtest rows (sysbench's
// c and pad, keys built after the rows, VACUUM ANALYZE): pg_table_size
// 221.5 MB, the key on id 22.49 MB, the k index 19.73 MB (2026-12-04).
constexpr double kSbtestHeapBytesPerRow = 221.5;
constexpr double kSbtestIdIndexBytesPerRow = 22.49;
constexpr double kSbtestKIndexBytesPerRow = 19.73;

// Measured on PostgreSQL 15 after pgbench 15's -i -s 10 (fillfactor 100):
// pgbench_accounts' 10^6 rows 134.37 MB of heap and 22.49 MB of key;
// pgbench_tellers' and pgbench_branches' rows, measured on 10^6 rows each,
// 44.3 and 36.3 bytes of heap and 22.5 of key (2026-12-04).
// pgbench_accounts' rows take as much with a bigint aid (from scale
// 20000): the 4 more bytes fill its tuples' alignment padding.
constexpr double kAccountHeapBytes = 134.365;
constexpr double kTellerHeapBytes = 44.3;
constexpr double kBranchHeapBytes = 36.3;
constexpr double kPgbenchKeyBytes = 22.49;

}  // namespace

double estimated_sbtest_megabytes(long long rows, bool k_index) {
  const double per_row = kSbtestHeapBytesPerRow + kSbtestIdIndexBytesPerRow +
                         (k_index ? kSbtestKIndexBytesPerRow : 0.0);
  return static_cast<double>(rows) * per_row / 1e6;
}

double estimated_pgbench_megabytes(const PgbenchRows& rows, int fillfactor) {
  const auto bytes = [&](long long count, double heap) {
    return static_cast<double>(count) * (heap * 100.0 / fillfactor + kPgbenchKeyBytes);
  };
  return (bytes(rows.accounts, kAccountHeapBytes) + bytes(rows.tellers, kTellerHeapBytes) +
          bytes(rows.branches, kBranchHeapBytes)) /
         1e6;
}

double estimated_load_megabytes(const Config& config, int warehouses, bool items) {
  double per_warehouse = 0;
  for (const TableSize& size : kPerWarehouse) {
    per_warehouse += heap_with_fillfactor(config, size) + size.index_mb;
  }
  return per_warehouse * warehouses +
         (items ? heap_with_fillfactor(config, kItemTable) + kItemTable.index_mb : 0.0);
}

std::string format_megabytes(double megabytes) {
  static const char* const kUnits[] = {"MB", "GB", "TB", "PB"};
  int unit = 0;
  while (megabytes >= 999.5 && unit < 3) {
    megabytes /= 1000;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, megabytes < 9.95 && unit > 0 ? "%.1f %s" : "%.0f %s", megabytes,
                kUnits[unit]);
  return text;
}

}  // namespace tpcc
