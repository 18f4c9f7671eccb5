-- CH-benCHmark Q5 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q5.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select n_name, sum(ol_amount) as revenue
from bmsql_customer, bmsql_oorder, bmsql_order_line, bmsql_stock, bmsql_supplier,
     bmsql_nation, bmsql_region
where c_id = o_c_id
  and c_w_id = o_w_id
  and c_d_id = o_d_id
  and ol_o_id = o_id
  and ol_w_id = o_w_id
  and ol_d_id = o_d_id
  and ol_w_id = s_w_id
  and ol_i_id = s_i_id
  and mod((s_w_id * s_i_id), 10000) = su_suppkey
  and ascii(substring(c_state from 1 for 1)) = su_nationkey
  and su_nationkey = n_nationkey
  and n_regionkey = r_regionkey
  and r_name = 'Europe'
  and o_entry_d >= '2007-01-02 00:00:00.000000'
group by n_name
order by revenue desc
