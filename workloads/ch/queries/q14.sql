-- CH-benCHmark Q14 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text go-tpc's ch publishes (ch/query.go, q14),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
-- BenchBase's Q14 is the same query with ol_delivery_d below 2020-01-02,
-- which leaves out every order line of a load made since.
select 100.00 * sum(case when i_data like 'PR%' then ol_amount else 0 end)
         / (1 + sum(ol_amount)) as promo_revenue
from bmsql_order_line, bmsql_item
where ol_i_id = i_id
  and ol_delivery_d >= '2007-01-02 00:00:00.000000'
  and ol_delivery_d < '2030-01-02 00:00:00.000000'
