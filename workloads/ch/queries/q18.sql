-- CH-benCHmark Q18 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q18.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select c_last, c_id, o_id, o_entry_d, o_ol_cnt, sum(ol_amount) as amount_sum
from bmsql_customer, bmsql_oorder, bmsql_order_line
where c_id = o_c_id
  and c_w_id = o_w_id
  and c_d_id = o_d_id
  and ol_w_id = o_w_id
  and ol_d_id = o_d_id
  and ol_o_id = o_id
group by o_id, o_w_id, o_d_id, c_id, c_last, o_entry_d, o_ol_cnt
having sum(ol_amount) > 200
order by amount_sum desc, o_entry_d
