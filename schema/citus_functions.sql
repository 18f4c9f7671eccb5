-- --distribute citus, --mode procedures: the five functions of
-- procedures.sql as distributed functions. The warehouse argument is the
-- distribution argument and the functions are colocated with
-- bmsql_warehouse, so that the coordinator sends a call (a lone
-- "select * from tpcc_x(...)" outside a transaction block) to the worker
-- that holds that warehouse's shards, where it runs as if on a single
-- server; the rows of other warehouses it touches (remote order lines,
-- remote customers) are reached from there. Run after procedures.sql on
-- every prepare; distributing an already distributed function again only
-- renews its metadata.

select create_distributed_function(
  'tpcc_new_order(int, int, int, int[], int[], int[])', 'p_w_id',
  colocate_with => 'bmsql_warehouse');

select create_distributed_function(
  'tpcc_payment(int, int, int, int, int, varchar, numeric)', 'p_w_id',
  colocate_with => 'bmsql_warehouse');

select create_distributed_function(
  'tpcc_order_status(int, int, int, varchar)', 'p_w_id',
  colocate_with => 'bmsql_warehouse');

select create_distributed_function(
  'tpcc_delivery(int, int)', 'p_w_id', colocate_with => 'bmsql_warehouse');

select create_distributed_function(
  'tpcc_stock_level(int, int, int)', 'p_w_id', colocate_with => 'bmsql_warehouse');
