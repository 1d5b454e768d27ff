#include "list_filter.hpp"

#include <limits>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"

namespace artel::orders {
namespace {

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

/// A filter id as sent: -1 (matches nothing) when outside 1..INT32_MAX.
std::optional<std::int32_t> FilterId(const std::optional<std::int64_t>& id) {
  if (!id) return std::nullopt;
  if (*id < 1 || *id > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(*id);
}

}  // namespace

ListFilter FilterOf(const catalog::Snapshot& catalog, const FilterParams& params,
                    const std::optional<std::string>& category) {
  ValidationErrors errors;
  ListFilter filter;
  if (category) {
    const auto* found = catalog.FindCategory(*category);
    if (found == nullptr) {
      errors.Add("category", Key("catalog:category_unknown"));
    } else {
      filter.category_id = found->id;
    }
  }
  filter.specialization_id = FilterId(params.specialization);
  filter.query = params.q;
  if (params.deadline) filter.deadline = ParseDeadlineBucket(*params.deadline);
  if (params.payment) filter.payment_option = ParsePaymentOption(*params.payment);
  if (catalog.FindCurrency(params.currency) == nullptr) {
    errors.Add("currency", Key("catalog:currency_unknown"));
  } else {
    if (params.budget_min) filter.budget_min_base = catalog.ToBase(*params.budget_min, params.currency);
    if (params.budget_max) filter.budget_max_base = catalog.ToBase(*params.budget_max, params.currency);
  }
  if (params.budget_min && params.budget_max && *params.budget_min > *params.budget_max) {
    errors.Add("budget_min", Key("orders:budget_range"));
  }
  filter.country_id = FilterId(params.country);
  filter.city_id = FilterId(params.city);
  filter.skill_id = FilterId(params.skill);
  filter.portfolio_required = params.portfolio.value_or(false);
  errors.ThrowIfAny();
  return filter;
}

}  // namespace artel::orders
