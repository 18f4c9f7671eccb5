-- CH-benCHmark Q8 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q8.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select extract(year from o_entry_d) as l_year,
       sum(case when n2.n_name = 'Germany' then ol_amount else 0 end) / sum(ol_amount)
         as mkt_share
from bmsql_item, bmsql_supplier, bmsql_stock, bmsql_order_line, bmsql_oorder,
     bmsql_customer, bmsql_nation n1, bmsql_nation n2, bmsql_region
where i_id = s_i_id
  and ol_i_id = s_i_id
  and ol_supply_w_id = s_w_id
  and mod((s_w_id * s_i_id), 10000) = su_suppkey
  and ol_w_id = o_w_id
  and ol_d_id = o_d_id
  and ol_o_id = o_id
  and c_id = o_c_id
  and c_w_id = o_w_id
  and c_d_id = o_d_id
  and n1.n_nationkey = ascii(substring(c_state from 1 for 1))
  and n1.n_regionkey = r_regionkey
  and ol_i_id < 1000
  and r_name = 'Europe'
  and su_nationkey = n2.n_nationkey
  and i_data like '%b'
  and i_id = ol_i_id
group by l_year
order by l_year
