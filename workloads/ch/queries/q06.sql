-- CH-benCHmark Q6 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text go-tpc's ch publishes (ch/query.go, q6),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
-- BenchBase's Q6 is the same query with ol_delivery_d below 2020-01-01,
-- which leaves out every order line of a load made since.
select sum(ol_amount) as revenue
from bmsql_order_line
where ol_delivery_d >= '1997-01-01 00:00:00'
  and ol_delivery_d < '2030-01-01 00:00:00'
  and ol_quantity between 1 and 100000
