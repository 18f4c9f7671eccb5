#include "schema/kit_others.hpp"

#include <pqxx/result>

#include "schema/schema.hpp"

namespace tpcc {

std::vector<OtherObject> objects_of_others(pqxx::transaction_base& tx, const KitObjects& kit) {
  std::vector<OtherObject> others;
  for (const auto& row :
       tx.exec_params(embedded_sql_file("kit_others.sql"), names_array(kit.tables),
                      names_array(kit.sequences), names_array(kit.functions))) {
    others.push_back({row[0].as<std::string>(), row[1].as<std::string>()});
  }
  return others;
}

KitObjects tpcc_objects() {
  KitObjects kit;
  kit.tables = kAllTables;
  kit.tables.insert(kit.tables.end(), kRunTables.begin(), kRunTables.end());
  kit.partition_suffix = "_p[0-9]+";
  kit.sequences = {"bmsql_hist_id_seq"};
  kit.functions = {"tpcc_new_order", "tpcc_payment", "tpcc_order_status", "tpcc_delivery",
                   "tpcc_stock_level"};
  return kit;
}

}  // namespace tpcc
