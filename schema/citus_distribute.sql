-- --distribute citus: run by prepare right after tables.sql, in the same
-- transaction, while the tables are empty (distributing an empty table only
-- creates its shards; the loader's COPY then goes through the coordinator,
-- which routes each row to the shard of its warehouse).
--
-- Every table keyed by warehouse is hash-distributed by its warehouse
-- column and colocated with bmsql_warehouse: the rows of one warehouse, in
-- every table, are on the same worker, so a transaction that touches one
-- warehouse runs on one worker. $1 is the shard count (--shards).
-- bmsql_item and bmsql_config are read by every warehouse: reference
-- tables, a full copy on every node.

-- HISTORY's surrogate key: a bigint here, because Citus hands out sequence
-- values on the workers (where --mode procedures runs Payment) only for a
-- bigint sequence, each node from its own range; for an integer column it
-- makes nextval() fail on the workers. bmsql_hist_id_seq is a bigint
-- sequence already (create sequence's default type).
alter table bmsql_history alter column hist_id type bigint;

select create_reference_table('bmsql_config');

select create_reference_table('bmsql_item');

select create_distributed_table('bmsql_warehouse', 'w_id', shard_count => $1::int,
                                colocate_with => 'none');

select create_distributed_table('bmsql_district', 'd_w_id', colocate_with => 'bmsql_warehouse');

select create_distributed_table('bmsql_customer', 'c_w_id', colocate_with => 'bmsql_warehouse');

select create_distributed_table('bmsql_history', 'h_w_id', colocate_with => 'bmsql_warehouse');

select create_distributed_table('bmsql_new_order', 'no_w_id', colocate_with => 'bmsql_warehouse');

select create_distributed_table('bmsql_oorder', 'o_w_id', colocate_with => 'bmsql_warehouse');

select create_distributed_table('bmsql_order_line', 'ol_w_id', colocate_with => 'bmsql_warehouse');

select create_distributed_table('bmsql_stock', 's_w_id', colocate_with => 'bmsql_warehouse');
