-- --distribute citus: the keys of indexes.sql that Citus cannot take as
-- they are, by constraint name; each replaces the statement of
-- indexes.sql that creates the constraint of the same name. Citus enforces
-- a unique key shard by shard, so every unique key of a distributed table
-- must contain its distribution column.

-- HISTORY is distributed by H_W_ID: its surrogate key gets the warehouse
-- in front (hist_id alone stays unique: one sequence hands out all values).
alter table bmsql_history add constraint bmsql_history_pkey
  primary key (h_w_id, hist_id) {index_tablespace:bmsql_history};
