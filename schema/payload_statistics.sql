-- The text payload columns: no statement of the kit filters, joins, groups
-- or sorts on them, so their statistics serve no plan. ANALYZE spends most
-- of its time sorting sampled text, and these columns are most of it: at
-- W=4, ANALYZE of STOCK took 314 ms with them and 127 ms without,
-- CUSTOMER 332 and 177 ms (README, "The loader"). Prepare sets them before
-- the load's ANALYZE: {statistics_target:TABLE} is 0 (no statistics, also
-- for autovacuum's ANALYZE during runs), or -1, the server's
-- default_statistics_target, with --analyze-payload-columns. Not under
-- --distribute citus: Citus 13 refuses SET STATISTICS on distributed tables.

alter table bmsql_stock
  alter s_dist_01 set statistics {statistics_target:bmsql_stock},
  alter s_dist_02 set statistics {statistics_target:bmsql_stock},
  alter s_dist_03 set statistics {statistics_target:bmsql_stock},
  alter s_dist_04 set statistics {statistics_target:bmsql_stock},
  alter s_dist_05 set statistics {statistics_target:bmsql_stock},
  alter s_dist_06 set statistics {statistics_target:bmsql_stock},
  alter s_dist_07 set statistics {statistics_target:bmsql_stock},
  alter s_dist_08 set statistics {statistics_target:bmsql_stock},
  alter s_dist_09 set statistics {statistics_target:bmsql_stock},
  alter s_dist_10 set statistics {statistics_target:bmsql_stock},
  alter s_data set statistics {statistics_target:bmsql_stock};

alter table bmsql_customer
  alter c_middle set statistics {statistics_target:bmsql_customer},
  alter c_street_1 set statistics {statistics_target:bmsql_customer},
  alter c_street_2 set statistics {statistics_target:bmsql_customer},
  alter c_city set statistics {statistics_target:bmsql_customer},
  alter c_state set statistics {statistics_target:bmsql_customer},
  alter c_zip set statistics {statistics_target:bmsql_customer},
  alter c_phone set statistics {statistics_target:bmsql_customer},
  alter c_credit set statistics {statistics_target:bmsql_customer},
  alter c_data set statistics {statistics_target:bmsql_customer};

alter table bmsql_order_line
  alter ol_dist_info set statistics {statistics_target:bmsql_order_line};

alter table bmsql_item
  alter i_name set statistics {statistics_target:bmsql_item},
  alter i_data set statistics {statistics_target:bmsql_item};

alter table bmsql_history
  alter h_data set statistics {statistics_target:bmsql_history};
