-- Everything tpcc prepare creates (and the start barrier of tpcc run
-- --driver, schema/driver_barrier.sql), and nothing else. "if exists" so that
-- cleanup also tidies up after a prepare that stopped half-way. No CASCADE:
-- an object of someone else's that depends on these (a view, a foreign key
-- from their table) makes the drop fail rather than vanish with them; cleanup
-- names such objects first (kit_dependents.sql) and appends CASCADE only
-- when asked to (--cascade). The tables go in one statement so that the
-- foreign keys between them (--foreign-keys) need no CASCADE either; their
-- partitions and indexes go with them.
drop table if exists bmsql_config, bmsql_new_order, bmsql_order_line, bmsql_oorder,
  bmsql_history, bmsql_customer, bmsql_stock, bmsql_item, bmsql_district, bmsql_warehouse;
drop sequence if exists bmsql_hist_id_seq;
drop table if exists tpcc_driver_barrier;
drop function if exists tpcc_new_order;
drop function if exists tpcc_payment;
drop function if exists tpcc_order_status;
drop function if exists tpcc_delivery;
drop function if exists tpcc_stock_level;
