// The objects of a database that tpcc did not create (schema/kit_others.sql):
// what run --restore would drop with the database, named before it does.
#pragma once

#include <string>
#include <vector>

#include <pqxx/transaction_base>

#include "schema/kit_dependents.hpp"

namespace tpcc {

// One object of others, as pg_identify_object names it.
struct OtherObject {
  std::string type;      // "table"
  std::string identity;  // "public.my_notes"
};

// Every object of the current database that is not one of `kit`
// (KitObjects::partition_suffix is not used: every partition of a kit
// table is the kit's) nor a part of one, nor of an extension.
std::vector<OtherObject> objects_of_others(pqxx::transaction_base& tx, const KitObjects& kit);

// The TPC-C objects every cleanup drops (schema/drop.sql): the tables of
// prepare and of tpcc run --driver, their partitions, the history sequence
// and the functions of procedures.sql.
KitObjects tpcc_objects();

}  // namespace tpcc
