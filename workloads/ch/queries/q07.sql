-- CH-benCHmark Q7 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q7.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select su_nationkey as supp_nation,
       substring(c_state from 1 for 1) as cust_nation,
       extract(year from o_entry_d) as l_year,
       sum(ol_amount) as revenue
from bmsql_supplier, bmsql_stock, bmsql_order_line, bmsql_oorder, bmsql_customer,
     bmsql_nation n1, bmsql_nation n2
where ol_supply_w_id = s_w_id
  and ol_i_id = s_i_id
  and mod((s_w_id * s_i_id), 10000) = su_suppkey
  and ol_w_id = o_w_id
  and ol_d_id = o_d_id
  and ol_o_id = o_id
  and c_id = o_c_id
  and c_w_id = o_w_id
  and c_d_id = o_d_id
  and su_nationkey = n1.n_nationkey
  and ascii(substring(c_state from 1 for 1)) = n2.n_nationkey
  and ((n1.n_name = 'Germany' and n2.n_name = 'Cambodia')
       or (n1.n_name = 'Cambodia' and n2.n_name = 'Germany'))
group by su_nationkey, cust_nation, l_year
order by su_nationkey, cust_nation, l_year
