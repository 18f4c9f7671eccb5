-- CH-benCHmark Q1 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q1.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select ol_number,
       sum(ol_quantity) as sum_qty,
       sum(ol_amount) as sum_amount,
       avg(ol_quantity) as avg_qty,
       avg(ol_amount) as avg_amount,
       count(*) as count_order
from bmsql_order_line
where ol_delivery_d > '2007-01-02 00:00:00.000000'
group by ol_number
order by ol_number
