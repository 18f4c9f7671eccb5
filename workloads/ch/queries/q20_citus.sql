-- CH-benCHmark Q20 on a load distributed by Citus: the question of q20.sql
-- (the published text, which runs everywhere else) with the subquery's
-- grouping as a common table expression that names the ordered quantity.
-- Why: Citus plans the published subquery as a repartition join of
-- bmsql_stock and bmsql_order_line (joined on the item, not the warehouse)
-- whose order-line side carries only ol_i_id: ol_quantity, which only the
-- HAVING clause reads, is left out, the sum it compares is NULL and the
-- query returns no rows where one server returns some. Naming the sum in
-- the grouping's select list carries the column through the repartition;
-- the answer is the published text's (tests/pg/test_citus_ch.cpp and
-- tests/pg/test_ch_queries.cpp check it).
with ordered as (
  select s_i_id, s_w_id, s_quantity, sum(ol_quantity) as ordered_quantity
  from bmsql_stock
  inner join bmsql_item on i_id = s_i_id
  inner join bmsql_order_line on ol_i_id = s_i_id
  where ol_delivery_d > '2010-05-23 12:00:00'
    and i_data like 'co%'
  group by s_i_id, s_w_id, s_quantity)
select su_name, su_address
from bmsql_supplier, bmsql_nation
where su_suppkey in (select mod(s_i_id * s_w_id, 10000)
                     from ordered
                     where 2 * s_quantity > ordered_quantity)
  and su_nationkey = n_nationkey
  and n_name = 'Germany'
order by su_name
