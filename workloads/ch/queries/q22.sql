-- CH-benCHmark Q22 (Cole et al., "The mixed workload CH-benCHmark", DBTest
-- 2011), the text BenchBase's chbenchmark publishes (chbenchmark/queries/Q22.java),
-- with the kit's table names (bmsql_customer for customer, bmsql_oorder for
-- oorder, ...).
select substring(c_state from 1 for 1) as country,
       count(*) as numcust,
       sum(c_balance) as totacctbal
from bmsql_customer
where substring(c_phone from 1 for 1) in ('1', '2', '3', '4', '5', '6', '7')
  and c_balance > (select avg(c_balance)
                   from bmsql_customer
                   where c_balance > 0.00
                     and substring(c_phone from 1 for 1) in ('1', '2', '3', '4', '5', '6', '7'))
  and not exists (select *
                  from bmsql_oorder
                  where o_c_id = c_id
                    and o_w_id = c_w_id
                    and o_d_id = c_d_id)
group by substring(c_state from 1 for 1)
order by substring(c_state, 1, 1)
