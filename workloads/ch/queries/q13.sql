-- CH-benCHmark Q13 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q13.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select c_count, count(*) as custdist
from (select c_id, count(o_id) as c_count
      from bmsql_customer left outer join bmsql_oorder on (c_w_id = o_w_id
                                                       and c_d_id = o_d_id
                                                       and c_id = o_c_id
                                                       and o_carrier_id > 8)
      group by c_id) as c_orders
group by c_count
order by custdist desc, c_count desc
