-- CH-benCHmark Q12 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text go-tpc's ch publishes (ch/query.go, q12),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
-- BenchBase's Q12 is the same query with ol_delivery_d below 2020-01-01,
-- which leaves out every order line of a load made since.
select o_ol_cnt,
       sum(case when o_carrier_id = 1 or o_carrier_id = 2 then 1 else 0 end)
         as high_line_count,
       sum(case when o_carrier_id <> 1 and o_carrier_id <> 2 then 1 else 0 end)
         as low_line_count
from bmsql_oorder, bmsql_order_line
where ol_w_id = o_w_id
  and ol_d_id = o_d_id
  and ol_o_id = o_id
  and o_entry_d <= ol_delivery_d
  and ol_delivery_d < '2030-01-01 00:00:00.000000'
group by o_ol_cnt
order by o_ol_cnt
