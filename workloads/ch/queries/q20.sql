-- CH-benCHmark Q20 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q20.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select su_name, su_address
from bmsql_supplier, bmsql_nation
where su_suppkey in (select mod(s_i_id * s_w_id, 10000)
                     from bmsql_stock
                     inner join bmsql_item on i_id = s_i_id
                     inner join bmsql_order_line on ol_i_id = s_i_id
                     where ol_delivery_d > '2010-05-23 12:00:00'
                       and i_data like 'co%'
                     group by s_i_id, s_w_id, s_quantity
                     having 2 * s_quantity > sum(ol_quantity))
  and su_nationkey = n_nationkey
  and n_name = 'Germany'
order by su_name
