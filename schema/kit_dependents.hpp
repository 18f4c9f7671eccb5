// What every cleanup shares (TPC-C's, sysbench's, pgbench's, the ingest
// workload's): the objects of others that depend on the kit's
// (schema/kit_dependents.sql), the refusal that names them (exit 1, nothing
// dropped), and --cascade, which drops them with the kit's and says so.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <pqxx/transaction_base>

namespace tpcc {

// The objects a cleanup drops, all in the current schema. Only names the
// kit made: a workload passes the tables its record names.
struct KitObjects {
  // With their indexes and the sequences of their serial columns.
  std::vector<std::string> tables;
  // A partition's name after its table's, as a regular expression:
  // "_p[0-9]+" for bmsql_stock_p1; "" when no partition is the kit's.
  std::string partition_suffix;
  std::vector<std::string> sequences;
  std::vector<std::string> functions;
};

// One object of others, as pg_identify_object names it.
struct KitDependent {
  std::string type;        // "view"
  std::string identity;    // "public.my_view"
  std::string depends_on;  // "table public.sbtest1"
};

// The dependents of `kit`, followed through their own (a view on a view).
std::vector<KitDependent> kit_dependents(pqxx::transaction_base& tx, const KitObjects& kit);

// Before a cleanup drops anything: with dependents and without --cascade,
// the refusal listing them and how to go on, and kExitFailed; otherwise
// nullopt, and the cleanup goes on.
std::optional<int> refuse_dependents(const std::vector<KitDependent>& dependents, bool cascade,
                                     std::ostream& out);

// After the drop: what --cascade took along, if anything.
void print_cascaded(const std::vector<KitDependent>& dependents, std::ostream& out);

// Appended to a cleanup's DROP with --cascade only: without it, an object
// of others created meanwhile makes the server refuse rather than vanish.
const char* drop_suffix(bool cascade);

}  // namespace tpcc
