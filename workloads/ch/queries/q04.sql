-- CH-benCHmark Q4 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q4.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select o_ol_cnt, count(*) as order_count
from bmsql_oorder
where exists (select *
              from bmsql_order_line
              where o_id = ol_o_id
                and o_w_id = ol_w_id
                and o_d_id = ol_d_id
                and ol_delivery_d >= o_entry_d)
group by o_ol_cnt
order by o_ol_cnt
