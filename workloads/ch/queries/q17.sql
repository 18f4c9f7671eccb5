-- CH-benCHmark Q17 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q17.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select sum(ol_amount) / 2.0 as avg_yearly
from bmsql_order_line, (select i_id, avg(ol_quantity) as a
                        from bmsql_item, bmsql_order_line
                        where i_data like '%b'
                          and ol_i_id = i_id
                        group by i_id) t
where ol_i_id = t.i_id
  and ol_quantity < t.a
