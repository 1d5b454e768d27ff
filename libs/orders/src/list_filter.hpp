#pragma once

// The public list's filter as the lists' URLs and query strings carry it, and its conversion to the service's
// ListFilter: shared by the HTTP edge (listOrders, countOrders) and the saved searches' scope, so a saved
// search is checked by exactly the list's rules.

#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "artel/orders/orders.hpp"

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel::orders {

/// countOrders' query parameters, which listOrders shares (its own: category, sort, cursor, limit). The
/// schema has checked the codes and bounds; FilterOf checks the catalog's.
struct FilterParams {
  std::optional<std::int64_t> specialization;
  std::optional<std::string> q;
  std::optional<std::string> deadline;
  std::optional<std::string> payment;
  std::optional<std::int64_t> budget_min;
  std::optional<std::int64_t> budget_max;
  std::string currency;
  std::optional<std::int64_t> country;
  std::optional<std::int64_t> city;
  std::optional<std::int64_t> skill;
  std::optional<bool> portfolio;
};
BOOST_DESCRIBE_STRUCT(FilterParams, (),
                      (specialization, q, deadline, payment, budget_min, budget_max, currency, country, city,
                       skill, portfolio))

/// The service's filter of the schema-checked parameters: the category and the currency looked up in the
/// catalog, the budget bounds in kopecks. ValidationFailed names every problem.
ListFilter FilterOf(const catalog::Snapshot& catalog, const FilterParams& params,
                    const std::optional<std::string>& category = std::nullopt);

}  // namespace artel::orders
