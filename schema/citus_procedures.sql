-- --distribute citus: New-Order and Payment as Citus runs them well,
-- replacing those of procedures.sql (same signatures, same results) before
-- citus_functions.sql distributes the five. procedures.sql does each in a
-- few set-based statements whose CTEs modify several tables; Citus cannot
-- route such a statement to one shard, plans each CTE as a step of its own
-- and sends every step's rows to every node, which makes each call a
-- two-phase commit over the whole cluster. Here every statement touches one
-- table of one warehouse: on the worker the call was sent to, Citus runs it
-- locally, and only a remote stock row or customer reaches another worker.
--
-- This file is run as one script (function bodies contain semicolons).

-- 2.4.2 New-Order: as in procedures.sql, then one UPDATE per stock row, in
-- (S_W_ID, S_I_ID) order so that concurrent New-Orders cannot deadlock, and
-- one INSERT of every order line.
create or replace function tpcc_new_order(
  p_w_id int, p_d_id int, p_c_id int,
  p_i_ids int[], p_supply_w_ids int[], p_quantities int[])
returns table (o_id int, w_tax numeric, d_tax numeric, c_discount numeric,
               c_last varchar, c_credit char(2), ol_number int, i_id int,
               supply_w_id int, quantity int, i_name varchar, i_price numeric,
               ol_amount numeric, s_quantity int, brand_generic text)
language plpgsql as $$
#variable_conflict use_column
declare
  v_o_id int;
  v_d_tax numeric;
  head record;
  v_lines int := cardinality(p_i_ids);
  d record;
  s record;
  -- per stock row touched, in demand order: its key and what it returned
  v_s_w_ids int[] := '{}';
  v_s_i_ids int[] := '{}';
  v_s_quantities int[] := '{}';
  v_s_data text[] := '{}';
  v_s_dists text[] := '{}';
  v_found int;
begin
  update bmsql_district
     set d_next_o_id = d_next_o_id + 1
   where d_w_id = p_w_id and d_id = p_d_id
  returning bmsql_district.d_tax, bmsql_district.d_next_o_id - 1 into v_d_tax, v_o_id;
  if v_o_id is null then
    raise exception 'New-Order: district % of warehouse % not found', p_d_id, p_w_id
      using errcode = 'P0002';
  end if;
  select w.w_tax, cu.c_discount, cu.c_last, cu.c_credit into head
    from bmsql_warehouse w
    join bmsql_customer cu on cu.c_w_id = w.w_id
   where w.w_id = p_w_id and cu.c_d_id = p_d_id and cu.c_id = p_c_id;
  if head is null then
    raise exception 'New-Order: customer % not found', p_c_id using errcode = 'P0002';
  end if;
  insert into bmsql_oorder
    (o_w_id, o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local, o_entry_d)
  values (p_w_id, p_d_id, v_o_id, p_c_id, null, v_lines,
          case when p_supply_w_ids <@ array[p_w_id] then 1 else 0 end, localtimestamp);
  insert into bmsql_new_order (no_w_id, no_d_id, no_o_id) values (p_w_id, p_d_id, v_o_id);

  -- Lines of the same item and supply warehouse update their row once, with
  -- the summed quantity (exact, see terminal/new_order.cpp).
  for d in
    select l.supply_w_id, l.i_id, sum(l.quantity)::int as quantity, count(*)::int as lines
      from unnest(p_i_ids, p_supply_w_ids, p_quantities) as l(i_id, supply_w_id, quantity)
     where exists (select 1 from bmsql_item it where it.i_id = l.i_id)
     group by l.supply_w_id, l.i_id
     order by l.supply_w_id, l.i_id
  loop
    update bmsql_stock
       set s_quantity = case when s_quantity - d.quantity >= 10 then s_quantity - d.quantity
                             else 10 + mod(mod(s_quantity - d.quantity - 10, 91) + 91, 91) end,
           s_ytd = s_ytd + d.quantity,
           s_order_cnt = s_order_cnt + d.lines,
           s_remote_cnt = s_remote_cnt + case when d.supply_w_id <> p_w_id then d.lines
                                              else 0 end
     where s_w_id = d.supply_w_id and s_i_id = d.i_id
    -- A searched CASE: Citus deparses "case p_d_id when 1 ..." with the
    -- parameter substituted into "when 1 = true", which fails.
    returning bmsql_stock.s_quantity, s_data,
              case when p_d_id = 1 then s_dist_01 when p_d_id = 2 then s_dist_02
                   when p_d_id = 3 then s_dist_03 when p_d_id = 4 then s_dist_04
                   when p_d_id = 5 then s_dist_05 when p_d_id = 6 then s_dist_06
                   when p_d_id = 7 then s_dist_07 when p_d_id = 8 then s_dist_08
                   when p_d_id = 9 then s_dist_09 when p_d_id = 10 then s_dist_10
              end as dist_info
      into s;
    v_s_w_ids := v_s_w_ids || d.supply_w_id;
    v_s_i_ids := v_s_i_ids || d.i_id;
    v_s_quantities := v_s_quantities || s.s_quantity;
    v_s_data := v_s_data || s.s_data::text;
    v_s_dists := v_s_dists || s.dist_info::text;
  end loop;

  return query
  with line as (
    select l.i_id, l.supply_w_id, l.quantity, l.number::int as number,
           it.i_price, it.i_name, it.i_data, st.s_quantity, st.s_data, st.dist_info
      from unnest(p_i_ids, p_supply_w_ids, p_quantities) with ordinality
           as l(i_id, supply_w_id, quantity, number)
      join bmsql_item it on it.i_id = l.i_id
      join unnest(v_s_w_ids, v_s_i_ids, v_s_quantities, v_s_data, v_s_dists)
           as st(s_w_id, s_i_id, s_quantity, s_data, dist_info)
        on st.s_w_id = l.supply_w_id and st.s_i_id = l.i_id
  )
  select v_o_id, head.w_tax, v_d_tax, head.c_discount, head.c_last, head.c_credit,
         l.number, l.i_id, l.supply_w_id, l.quantity, l.i_name, l.i_price,
         l.i_price * l.quantity, l.s_quantity,
         case when l.i_data like '%ORIGINAL%' and l.s_data like '%ORIGINAL%' then 'B'
              else 'G' end
    from line l
   order by l.number;
  get diagnostics v_found = row_count;

  -- 2.4.2.3 an unused item: everything above is rolled back with the error.
  if v_found < v_lines then
    raise exception 'Item number is not valid'
      using errcode = 'TPC01',
            detail = format('O_ID %s, C_LAST %s, C_CREDIT %s', v_o_id, head.c_last, head.c_credit);
  end if;

  insert into bmsql_order_line
    (ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,
     ol_amount, ol_dist_info)
  select p_w_id, p_d_id, v_o_id, l.number::int, l.i_id, l.supply_w_id, l.quantity,
         it.i_price * l.quantity, st.dist_info
    from unnest(p_i_ids, p_supply_w_ids, p_quantities) with ordinality
         as l(i_id, supply_w_id, quantity, number)
    join bmsql_item it on it.i_id = l.i_id
    join unnest(v_s_w_ids, v_s_i_ids, v_s_dists) as st(s_w_id, s_i_id, dist_info)
      on st.s_w_id = l.supply_w_id and st.s_i_id = l.i_id;
end
$$;

-- 2.5.2 Payment: the customer's row, then the warehouse's, then the
-- district's (the order of procedures.sql), then the HISTORY row.
create or replace function tpcc_payment(
  p_w_id int, p_d_id int, p_c_w_id int, p_c_d_id int, p_c_id int, p_c_last varchar,
  p_amount numeric)
returns table (w_name varchar, w_street_1 varchar, w_street_2 varchar, w_city varchar,
               w_state char(2), w_zip char(9), d_name varchar, d_street_1 varchar,
               d_street_2 varchar, d_city varchar, d_state char(2), d_zip char(9),
               c_id int, c_first varchar, c_middle char(2), c_last varchar,
               c_street_1 varchar, c_street_2 varchar, c_city varchar, c_state char(2),
               c_zip char(9), c_phone char(16), c_since timestamp, c_credit char(2),
               c_credit_lim numeric, c_discount numeric, c_balance numeric, c_data text)
language plpgsql as $$
#variable_conflict use_column
declare
  v_c_id int := p_c_id;
  v_count int;
  pc record;
  pw record;
  pd record;
begin
  if v_c_id is null then
    select count(*) into v_count
      from bmsql_customer
     where c_w_id = p_c_w_id and c_d_id = p_c_d_id and c_last = p_c_last;
    select cu.c_id into v_c_id
      from bmsql_customer cu
     where cu.c_w_id = p_c_w_id and cu.c_d_id = p_c_d_id and cu.c_last = p_c_last
     order by cu.c_first, cu.c_id
    offset (v_count - 1) / 2
     limit 1;
    if v_c_id is null then
      raise exception 'Payment: no customer with C_LAST = ''%'' in warehouse % district %',
        p_c_last, p_c_w_id, p_c_d_id using errcode = 'P0002';
    end if;
  end if;

  update bmsql_customer
     set c_balance = c_balance - p_amount,
         c_ytd_payment = c_ytd_payment + p_amount,
         c_payment_cnt = c_payment_cnt + 1,
         c_data = case when c_credit = 'BC'
                       then left(bmsql_customer.c_id::text || ' ' || c_d_id::text || ' ' ||
                                 c_w_id::text || ' ' || p_d_id::text || ' ' || p_w_id::text ||
                                 ' ' || p_amount::text || ' ' || c_data, 500)
                       else c_data end
   where c_w_id = p_c_w_id and c_d_id = p_c_d_id and bmsql_customer.c_id = v_c_id
  returning bmsql_customer.c_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city,
            c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance,
            case when c_credit = 'BC' then left(c_data, 200) else '' end as c_data
    into pc;
  update bmsql_warehouse
     set w_ytd = w_ytd + p_amount
   where bmsql_warehouse.w_id = p_w_id and pc.c_id is not null
  returning w_name, w_street_1, w_street_2, w_city, w_state, w_zip into pw;
  update bmsql_district
     set d_ytd = d_ytd + p_amount
   where d_w_id = p_w_id and d_id = p_d_id and pw.w_name is not null
  returning d_name, d_street_1, d_street_2, d_city, d_state, d_zip into pd;
  if pd.d_name is null then
    raise exception 'Payment: no customer % in warehouse % district % (or no district % in '
                    'home warehouse %)', v_c_id, p_c_w_id, p_c_d_id, p_d_id, p_w_id
      using errcode = 'P0002';
  end if;
  insert into bmsql_history
    (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
  values (pc.c_id, p_c_d_id, p_c_w_id, p_d_id, p_w_id, localtimestamp, p_amount,
          pw.w_name || '    ' || pd.d_name);

  return query
  select pw.w_name, pw.w_street_1, pw.w_street_2, pw.w_city, pw.w_state, pw.w_zip,
         pd.d_name, pd.d_street_1, pd.d_street_2, pd.d_city, pd.d_state, pd.d_zip,
         pc.c_id, pc.c_first, pc.c_middle, pc.c_last, pc.c_street_1, pc.c_street_2, pc.c_city,
         pc.c_state, pc.c_zip, pc.c_phone, pc.c_since, pc.c_credit, pc.c_credit_lim,
         pc.c_discount, pc.c_balance, pc.c_data::text;
end
$$;
