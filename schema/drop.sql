-- Everything tpcc prepare creates, and nothing else. "if exists" so that
-- cleanup also tidies up after a prepare that stopped half-way.
drop table if exists bmsql_config cascade;
drop table if exists bmsql_new_order cascade;
drop table if exists bmsql_order_line cascade;
drop table if exists bmsql_oorder cascade;
drop table if exists bmsql_history cascade;
drop table if exists bmsql_customer cascade;
drop table if exists bmsql_stock cascade;
drop table if exists bmsql_item cascade;
drop table if exists bmsql_district cascade;
drop table if exists bmsql_warehouse cascade;
drop sequence if exists bmsql_hist_id_seq;
drop function if exists tpcc_new_order;
drop function if exists tpcc_payment;
drop function if exists tpcc_order_status;
drop function if exists tpcc_delivery;
drop function if exists tpcc_stock_level;
