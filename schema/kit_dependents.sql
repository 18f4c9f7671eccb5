-- The objects tpcc did not create that depend on what it did, so that a
-- cleanup (TPC-C's, sysbench's, pgbench's, the ingest workload's) can name
-- them and refuse (its drops use no CASCADE), or, with --cascade, say what
-- went with the kit's objects. One row per object: its kind, its
-- schema-qualified name and what it depends on.
--
-- The kit's objects, all in the current schema (schema/kit_dependents.hpp
-- KitObjects): the tables named in $1; their partitions named <table><$2>
-- ($2 a regular expression, as '_p[0-9]+'; '': none are the kit's); the
-- sequences named in $3 and the sequence of each serial column of a kit
-- table (<table>_<column>_seq, owned by the column); the functions named in
-- $4; every index on those tables. What belongs to a kit table goes with it
-- and is not listed: its constraints (the kit's foreign keys included),
-- column defaults and internal triggers (those of a foreign key from
-- another table stand for that foreign key, which is listed).
--
-- A dependent's own dependents are followed too (a view on a view), as
-- CASCADE would drop them. A view's or materialized view's rewrite rule
-- "_RETURN" stands for the view. Only normal and automatic dependencies
-- count: internal ones tie parts of one object together.
with recursive kit_table as (
  select c.oid, c.relname
    from pg_class c
   where c.relnamespace = to_regnamespace(current_schema())::oid
     and c.relkind in ('r', 'p') and c.relname = any($1::text[])
), kit_relation as (
  select oid from kit_table
  union
  select p.oid
    from kit_table t
    join pg_inherits i on i.inhparent = t.oid
    join pg_class p on p.oid = i.inhrelid
   where p.relname ~ ('^' || t.relname || nullif($2::text, '') || '$')
  union
  select c.oid
    from pg_class c
   where c.relnamespace = to_regnamespace(current_schema())::oid
     and c.relkind = 'S' and c.relname = any($3::text[])
  union
  select s.oid
    from kit_table t
    join pg_depend d on d.refclassid = 'pg_class'::regclass and d.refobjid = t.oid
                    and d.refobjsubid > 0 and d.deptype = 'a' and d.classid = 'pg_class'::regclass
    join pg_class s on s.oid = d.objid and s.relkind = 'S'
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
   where s.relname = t.relname || '_' || a.attname || '_seq'
), kit_object (classid, objid) as (
  select 'pg_class'::regclass::oid, oid from kit_relation
  union all
  select 'pg_class'::regclass::oid, x.indexrelid from pg_index x join kit_relation r on r.oid = x.indrelid
  union all
  select 'pg_proc'::regclass::oid, p.oid
    from pg_proc p
   where p.pronamespace = to_regnamespace(current_schema())::oid
     and p.proname = any($4::text[])
  union all
  select 'pg_type'::regclass::oid, t.oid from pg_type t join kit_relation r on r.oid = t.typrelid
  union all
  select 'pg_type'::regclass::oid, t.typarray from pg_type t join kit_relation r on r.oid = t.typrelid
), dependency as (
  select case when rw.rulename = '_RETURN' then 'pg_class'::regclass::oid else d.classid end as classid,
         case when rw.rulename = '_RETURN' then rw.ev_class else d.objid end as objid,
         case when rw.rulename = '_RETURN' then 0 else d.objsubid end as objsubid,
         d.refclassid, d.refobjid
    from pg_depend d
    left join pg_rewrite rw on d.classid = 'pg_rewrite'::regclass and rw.oid = d.objid
   where d.deptype in ('n', 'a')
), dependent (classid, objid, objsubid, on_classid, on_objid) as (
  select d.classid, d.objid, d.objsubid, d.refclassid, d.refobjid
    from dependency d
    join kit_object k on k.classid = d.refclassid and k.objid = d.refobjid
  union
  select d.classid, d.objid, d.objsubid, d.refclassid, d.refobjid
    from dependency d
    join dependent o on o.classid = d.refclassid and o.objid = d.refobjid
   where (d.classid, d.objid) <> (o.classid, o.objid)
)
select o.type, o.identity,
       string_agg(distinct r.type || ' ' || r.identity, ', ') as depends_on
  from dependent d
  cross join lateral pg_identify_object(d.classid, d.objid, d.objsubid) o
  cross join lateral pg_identify_object(d.on_classid, d.on_objid, 0) r
 where not exists (select 1 from kit_object k where k.classid = d.classid and k.objid = d.objid)
   and not (d.classid = 'pg_constraint'::regclass and exists (
             select 1 from pg_constraint c join kit_relation r on r.oid = c.conrelid
              where c.oid = d.objid))
   and not (d.classid = 'pg_attrdef'::regclass and exists (
             select 1 from pg_attrdef a join kit_relation r on r.oid = a.adrelid
              where a.oid = d.objid))
   and not (d.classid = 'pg_trigger'::regclass and exists (
             select 1 from pg_trigger t where t.oid = d.objid and t.tgisinternal))
 group by o.type, o.identity
 order by o.type, o.identity
