#include "schema/kit_dependents.hpp"

#include <pqxx/result>

#include "config/errors.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

void list_dependents(const std::vector<KitDependent>& dependents, std::ostream& out) {
  for (const KitDependent& d : dependents) {
    out << "  " << d.type << " " << d.identity << " (depends on " << d.depends_on << ")\n";
  }
}

}  // namespace

std::vector<KitDependent> kit_dependents(pqxx::transaction_base& tx, const KitObjects& kit) {
  std::vector<KitDependent> dependents;
  for (const auto& row : tx.exec_params(embedded_sql_file("kit_dependents.sql"),
                                        names_array(kit.tables), kit.partition_suffix,
                                        names_array(kit.sequences), names_array(kit.functions))) {
    dependents.push_back(
        {row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<std::string>()});
  }
  return dependents;
}

std::optional<int> refuse_dependents(const std::vector<KitDependent>& dependents, bool cascade,
                                     std::ostream& out) {
  if (dependents.empty() || cascade) return std::nullopt;
  out << "cleanup: refusing, nothing dropped: " << dependents.size()
      << " object(s) that tpcc did not create depend on its tables, sequences or functions, "
         "and would be dropped with them:\n";
  list_dependents(dependents, out);
  out << "drop or change them first, or pass --cascade to drop them along with tpcc's objects\n";
  return kExitFailed;
}

void print_cascaded(const std::vector<KitDependent>& dependents, std::ostream& out) {
  if (dependents.empty()) return;
  out << "--cascade also dropped " << dependents.size() << " object(s) of others:\n";
  list_dependents(dependents, out);
}

const char* drop_suffix(bool cascade) { return cascade ? " cascade" : ""; }

}  // namespace tpcc
