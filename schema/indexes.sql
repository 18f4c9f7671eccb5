-- Primary keys and secondary indexes, built after the data is loaded.
-- Statements are independent of each other and run in parallel, one per
-- connection. {index_tablespace:TABLE} places the index beside its table.

alter table bmsql_warehouse add constraint bmsql_warehouse_pkey
  primary key (w_id) {index_tablespace:bmsql_warehouse};

alter table bmsql_district add constraint bmsql_district_pkey
  primary key (d_w_id, d_id) {index_tablespace:bmsql_district};

alter table bmsql_customer add constraint bmsql_customer_pkey
  primary key (c_w_id, c_d_id, c_id) {index_tablespace:bmsql_customer};

create index bmsql_customer_idx1
  on bmsql_customer (c_w_id, c_d_id, c_last, c_first) {index_tablespace_bare:bmsql_customer};

alter table bmsql_oorder add constraint bmsql_oorder_pkey
  primary key (o_w_id, o_d_id, o_id) {index_tablespace:bmsql_oorder};

-- 2.6.2.2 Order-Status finds the customer's last order with this index
-- rather than by reading every order of the district. (BenchmarkSQL's index
-- on O_CARRIER_ID serves none of the five transactions and made every
-- Delivery's carrier update a non-HOT update with two index insertions.)
create index bmsql_oorder_idx1
  on bmsql_oorder (o_w_id, o_d_id, o_c_id, o_id) {index_tablespace_bare:bmsql_oorder};

-- HISTORY needs no key (1.3: its rows have no primary key); BenchmarkSQL
-- gives it a surrogate one on hist_id, and so does tpcc, so that tools
-- written for BenchmarkSQL's tables find it.
alter table bmsql_history add constraint bmsql_history_pkey
  primary key (hist_id) {index_tablespace:bmsql_history};

alter table bmsql_new_order add constraint bmsql_new_order_pkey
  primary key (no_w_id, no_d_id, no_o_id) {index_tablespace:bmsql_new_order};

alter table bmsql_order_line add constraint bmsql_order_line_pkey
  primary key (ol_w_id, ol_d_id, ol_o_id, ol_number) {index_tablespace:bmsql_order_line};

alter table bmsql_stock add constraint bmsql_stock_pkey
  primary key (s_w_id, s_i_id) {index_tablespace:bmsql_stock};

alter table bmsql_item add constraint bmsql_item_pkey
  primary key (i_id) {index_tablespace:bmsql_item};
