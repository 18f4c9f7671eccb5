-- CH-benCHmark Q15 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q15.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
-- BenchBase creates revenue0 as a view before the query and drops it after;
-- here it is the query's own common table expression, the same rows, so
-- that the query writes nothing and runs on a hot standby too.
with revenue0 (supplier_no, total_revenue) as (
  select mod((s_w_id * s_i_id), 10000) as supplier_no, sum(ol_amount) as total_revenue
  from bmsql_order_line, bmsql_stock
  where ol_i_id = s_i_id
    and ol_supply_w_id = s_w_id
    and ol_delivery_d >= '2007-01-02 00:00:00.000000'
  group by supplier_no)
select su_suppkey, su_name, su_address, su_phone, total_revenue
from bmsql_supplier, revenue0
where su_suppkey = supplier_no
  and total_revenue = (select max(total_revenue) from revenue0)
order by su_suppkey
