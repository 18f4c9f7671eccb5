-- CH-benCHmark Q9 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q9.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select n_name, extract(year from o_entry_d) as l_year, sum(ol_amount) as sum_profit
from bmsql_item, bmsql_stock, bmsql_supplier, bmsql_order_line, bmsql_oorder, bmsql_nation
where ol_i_id = s_i_id
  and ol_supply_w_id = s_w_id
  and mod((s_w_id * s_i_id), 10000) = su_suppkey
  and ol_w_id = o_w_id
  and ol_d_id = o_d_id
  and ol_o_id = o_id
  and ol_i_id = i_id
  and su_nationkey = n_nationkey
  and i_data like '%bb'
group by n_name, l_year
order by n_name, l_year desc
