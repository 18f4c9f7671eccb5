-- The start barrier of several drivers (tpcc run --driver I/N): one row per
-- driver of a run that has arrived, keyed by the run id all of them were
-- given. The last to arrive fixes start_at, on the server's clock, for all.
-- run_constants: what every driver of the run must use alike, offered by
-- the first to arrive and copied by the others (TPC-C: C-Run, 2.1.6).
-- Created by the first run with --driver, not by prepare; dropped by cleanup.
create table if not exists tpcc_driver_barrier (
  run_id text not null,
  driver int not null,
  drivers int not null,
  registered_at timestamptz not null default clock_timestamp(),
  start_at timestamptz,
  run_constants text not null default '',
  primary key (run_id, driver)
);
-- A table an earlier tpcc created has no run_constants yet.
alter table tpcc_driver_barrier add column if not exists run_constants text not null default '';
