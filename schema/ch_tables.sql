-- CH-benCHmark's three tables beside TPC-C's (tpcc prepare --ch), in the
-- BenchmarkSQL style of tables.sql: the bmsql_ prefix, and the column
-- prefixes su_, n_ and r_ that CH-benCHmark's published queries use (as
-- BenchBase's chbenchmark names them). Each is created, loaded and recorded
-- in one transaction (workloads/ch/ch_prepare.cpp), its primary key with it.
--
-- The keys are the ones the queries' join predicates compute:
-- su_suppkey = mod(s_w_id * s_i_id, 10000), so 0..9999, one supplier for
-- every stock row; n_nationkey = ascii(first character of c_state or of a
-- supplier's nation), the 62 codes of 0-9, A-Z and a-z.

create table bmsql_region (
  r_regionkey  integer      not null constraint bmsql_region_pkey primary key,
  r_name       varchar(25)  not null,
  r_comment    varchar(152)
);

create table bmsql_nation (
  n_nationkey  integer      not null constraint bmsql_nation_pkey primary key,
  n_name       varchar(25)  not null,
  n_regionkey  integer      not null,
  n_comment    varchar(152)
);

create table bmsql_supplier (
  su_suppkey    integer        not null constraint bmsql_supplier_pkey primary key,
  su_name       char(25)       not null,
  su_address    varchar(40)    not null,
  su_nationkey  integer        not null,
  su_phone      char(15)       not null,
  su_acctbal    decimal(12,2)  not null,
  su_comment    varchar(101)   not null
);
