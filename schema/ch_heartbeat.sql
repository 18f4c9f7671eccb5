-- The heartbeat of a mixed run (tpcc run --ch-streams): one row, which a
-- connection of the run's own sets every 100 ms on the primary to the
-- primary's clock as it writes (clock_timestamp()). An analytic query reads
-- it first in its own snapshot: how old the data the query sees is, on the
-- primary and, by replay, on a standby. One row updated in place: each beat
-- is a HOT update on the table's one page (no index entry, the old version
-- pruned), a WAL record of a few dozen bytes, ten a second.
-- Created by the first mixed run, not by prepare; recorded in
-- tpcc_ch_tables, so that cleanup drops it with CH's tables.
create table if not exists tpcc_ch_heartbeat (
  id int primary key check (id = 1),
  beat_at timestamptz not null
);
insert into tpcc_ch_heartbeat (id, beat_at) values (1, clock_timestamp())
  on conflict (id) do nothing;
insert into tpcc_ch_tables (table_name, row_count) values ('tpcc_ch_heartbeat', 1)
  on conflict (table_name) do nothing;
