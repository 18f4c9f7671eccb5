// pgbench's tables (workloads/pgbench/pgbench_tables.cpp): the DDL pgbench
// 15 writes and the rows of its client-side generation.
#include <catch2/catch.hpp>

#include <string>

#include "workloads/pgbench/pgbench_tables.hpp"

using tpcc::PgbenchTable;

TEST_CASE("pgbench tables: pgbench 15's DDL, bigint aid from scale 20000", "[pgbench]") {
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::Accounts, 1, 90) ==
        "create table pgbench_accounts(aid int not null,bid int,abalance int,filler char(84)) "
        "with (fillfactor=90)");
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::Accounts, 20000, 100) ==
        "create table pgbench_accounts(aid bigint not null,bid int,abalance int,filler "
        "char(84)) with (fillfactor=100)");
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::History, 1, 90) ==
        "create table pgbench_history(tid int,bid int,aid int,delta int,mtime timestamp,filler "
        "char(22))");
  CHECK(tpcc::create_pgbench_table_sql(PgbenchTable::Branches, 1, 100) ==
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
