-- The start barrier of several drivers (tpcc run --driver I/N): one row per
-- driver of a run that has arrived, keyed by the run id all of them were
-- given. The last to arrive fixes start_at, on the server's clock, for all.
-- Created by the first run with --driver, not by prepare; dropped by cleanup.
create table if not exists tpcc_driver_barrier (
  run_id text not null,
  driver int not null,
  drivers int not null,
  registered_at timestamptz not null default clock_timestamp(),
  start_at timestamptz,
  primary key (run_id, driver)
);
