// pgbench's tables (workloads/pgbench/pgbench_tables.cpp): the DDL pgbench
// 15 writes and the rows of its client-side generation.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "workloads/pgbench/pgbench_tables.hpp"

using tpcc::PgbenchOptions;
using tpcc::PgbenchPartitionMethod;
using tpcc::PgbenchTable;

namespace {

PgbenchOptions layout(int scale, int fillfactor, int partitions = 0,
                      PgbenchPartitionMethod method = PgbenchPartitionMethod::None) {
  PgbenchOptions options;
  options.scale = scale;
  options.fillfactor = fillfactor;
  options.partitions = partitions;
  options.partition_method = method;
  return options;
}

}  // namespace

TEST_CASE("pgbench tables: pgbench 15's DDL, bigint aid from scale 20000", "[pgbench]") {
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::Accounts, layout(1, 90)) ==
        "create table pgbench_accounts(aid int not null,bid int,abalance int,filler char(84)) "
        "with (fillfactor=90)");
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::Accounts, layout(20000, 100)) ==
        "create table pgbench_accounts(aid bigint not null,bid int,abalance int,filler "
        "char(84)) with (fillfactor=100)");
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::History, layout(1, 90)) ==
        "create table pgbench_history(tid int,bid int,aid int,delta int,mtime timestamp,filler "
        "char(22))");
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::Branches, layout(1, 100)) ==
        "create table pgbench_branches(bid int not null,bbalance int,filler char(88)) with "
        "(fillfactor=100)");
}

TEST_CASE("pgbench tables: rows as pgbench -i writes them", "[pgbench]") {
  CHECK(tpcc::pgbench_copy_rows(PgbenchTable::Branches, 1, 2) == "1\t0\t\\N\n2\t0\t\\N\n");
  CHECK(tpcc::pgbench_copy_rows(PgbenchTable::Tellers, 10, 11) == "10\t1\t0\t\\N\n11\t2\t0\t\\N\n");
  CHECK(tpcc::pgbench_copy_rows(PgbenchTable::Accounts, 100000, 100001) ==
        "100000\t1\t0\t\n100001\t2\t0\t\n");
  CHECK(tpcc::pgbench_table_rows(PgbenchTable::Accounts, 3) == 300000);
  CHECK(tpcc::pgbench_table_rows(PgbenchTable::Tellers, 3) == 30);
  CHECK(tpcc::pgbench_table_rows(PgbenchTable::History, 3) == 0);
}

TEST_CASE("pgbench tables: partitions as pgbench 15's createPartitions makes them", "[pgbench]") {
  const PgbenchOptions range = layout(1, 90, 3, PgbenchPartitionMethod::Range);
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::Accounts, range) ==
        "create table pgbench_accounts(aid int not null,bid int,abalance int,filler char(84)) "
        "partition by range (aid)");
  // 100000 accounts in 3: ranges of 33334, the ends open.
  CHECK(tpcc::create_pgbench_partitions_sql(range) ==
        std::vector<std::string>{
            "create table pgbench_accounts_1 partition of pgbench_accounts FOR VALUES FROM "
            "(MINVALUE) TO (33335) with (fillfactor=90)",
            "create table pgbench_accounts_2 partition of pgbench_accounts FOR VALUES FROM "
            "(33335) TO (66669) with (fillfactor=90)",
            "create table pgbench_accounts_3 partition of pgbench_accounts FOR VALUES FROM "
            "(66669) TO (MAXVALUE) with (fillfactor=90)"});
  CHECK(tpcc::pgbench_range_partition_rows(range, 1) == 33334);
  CHECK(tpcc::pgbench_range_partition_rows(range, 2) == 33334);
  CHECK(tpcc::pgbench_range_partition_rows(range, 3) == 33332);
  // Seven ranges of 14286, the last shorter: every account in one.
  const PgbenchOptions thin = layout(1, 100, 7, PgbenchPartitionMethod::Range);
  long long total = 0;
  for (int p = 1; p <= 7; ++p) total += tpcc::pgbench_range_partition_rows(thin, p);
  CHECK(total == 100000);

  const PgbenchOptions hash = layout(2, 100, 4, PgbenchPartitionMethod::Hash);
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::Accounts, hash)
            .find("partition by hash (aid)") != std::string::npos);
  CHECK(tpcc::pgbench_partition_bound(hash, 1) == "FOR VALUES WITH (modulus 4, remainder 0)");
  CHECK(tpcc::pgbench_partition_bound(hash, 4) == "FOR VALUES WITH (modulus 4, remainder 3)");
  CHECK(tpcc::create_pgbench_partitions_sql(layout(1, 100)).empty());
}
