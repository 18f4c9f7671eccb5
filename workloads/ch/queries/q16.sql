-- CH-benCHmark Q16 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q16.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select i_name,
       substring(i_data from 1 for 3) as brand,
       i_price,
       count(distinct (mod((s_w_id * s_i_id), 10000))) as supplier_cnt
from bmsql_stock, bmsql_item
where i_id = s_i_id
  and i_data not like 'zz%'
  and (mod((s_w_id * s_i_id), 10000) not in (select su_suppkey
                                             from bmsql_supplier
                                             where su_comment like '%bad%'))
group by i_name, brand, i_price
order by supplier_cnt desc
