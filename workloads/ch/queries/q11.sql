-- CH-benCHmark Q11 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q11.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select s_i_id, sum(s_order_cnt) as ordercount
from bmsql_stock, bmsql_supplier, bmsql_nation
where mod((s_w_id * s_i_id), 10000) = su_suppkey
  and su_nationkey = n_nationkey
  and n_name = 'Germany'
group by s_i_id
having sum(s_order_cnt) > (select sum(s_order_cnt) * .005
                           from bmsql_stock, bmsql_supplier, bmsql_nation
                           where mod((s_w_id * s_i_id), 10000) = su_suppkey
                             and su_nationkey = n_nationkey
                             and n_name = 'Germany')
order by ordercount desc
