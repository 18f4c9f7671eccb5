-- The objects of a database that tpcc did not create, so that run --restore,
-- which drops the whole database and creates it again from its snapshot,
-- can name them and refuse rather than drop them without a word. One row
-- per object: its kind and its schema-qualified name (pg_identify_object).
--
-- The kit's objects, as in kit_dependents.sql, all in the current schema:
-- the tables named in $1 and every partition under them, the sequences
-- named in $2 and those owned by a column of a kit table, the functions
-- named in $3. What belongs to an object goes with it and is not listed:
-- indexes, constraints, triggers, rules, a table's row type, array types,
-- TOAST tables, a range type's multirange and constructors. Members of an
-- extension are the extension's, and extensions are not listed: the
-- snapshot has those it had, and one created since (--condition prewarm's
-- pg_prewarm) can be created again. Listed: tables, partitioned tables, views, materialized
-- views, sequences, foreign tables, composite types, functions and
-- procedures, domains, enum and range types, and schemas but public.
with recursive kit_relation (oid) as (
  select c.oid
    from pg_class c
   where c.relnamespace = to_regnamespace(current_schema())::oid
     and c.relkind in ('r', 'p') and c.relname = any($1::text[])
  union
  select i.inhrelid from pg_inherits i join kit_relation k on k.oid = i.inhparent
), kit_sequence (oid) as (
  select c.oid
    from pg_class c
   where c.relnamespace = to_regnamespace(current_schema())::oid
     and c.relkind = 'S' and c.relname = any($2::text[])
  union
  select d.objid
    from pg_depend d
    join kit_relation k on k.oid = d.refobjid
   where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
     and d.refobjsubid > 0 and d.deptype in ('a', 'i')
), part (classid, objid) as (
  -- An extension's members, and the parts of another object (a range
  -- type's constructor functions and multirange).
  select classid, objid from pg_depend where deptype in ('e', 'i')
), user_schema (oid) as (
  select n.oid
    from pg_namespace n
   where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
     and n.nspname !~ '^pg_(toast_)?temp_'
), other (classid, objid) as (
  select 'pg_class'::regclass::oid, c.oid
    from pg_class c
   where c.relnamespace in (select oid from user_schema)
     and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
     and c.oid not in (select oid from kit_relation)
     and c.oid not in (select oid from kit_sequence)
  union all
  select 'pg_proc'::regclass::oid, p.oid
    from pg_proc p
   where p.pronamespace in (select oid from user_schema)
     and not (p.pronamespace = to_regnamespace(current_schema())::oid
              and p.proname = any($3::text[]))
  union all
  select 'pg_type'::regclass::oid, t.oid
    from pg_type t
   where t.typnamespace in (select oid from user_schema)
     and (t.typtype in ('d', 'e', 'r')
          or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
  union all
  select 'pg_namespace'::regclass::oid, n.oid
    from pg_namespace n
   where n.oid in (select oid from user_schema) and n.nspname <> 'public'
)
select o.type, o.identity
  from other x
  cross join lateral pg_identify_object(x.classid, x.objid, 0) o
 where not exists (select 1 from part p where p.classid = x.classid and p.objid = x.objid)
 order by o.type, o.identity
