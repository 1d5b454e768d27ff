// An order form as sent, as stored, and an edit merged onto it (orders.hpp, form.hpp).

#include "form.hpp"

#include <limits>

namespace artel::orders {
namespace {

/// A catalog id as sent: -1 (unknown to every check) when outside 1..INT32_MAX.
std::int32_t CatalogId(std::int64_t id) noexcept {
  if (id < 1 || id > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(id);
}

std::optional<std::int32_t> CatalogId(const std::optional<std::int64_t>& id) noexcept {
  if (!id) return std::nullopt;
  return CatalogId(*id);
}

PaymentOption PaymentOf(std::string_view name) noexcept {
  return ParsePaymentOption(name).value_or(PaymentOption::kNoPrepayment);
}

}  // namespace

OrderInput InputOf(const OrderForm& form) {
  OrderInput input;
  input.name = form.name;
  input.description = form.description;
  input.category_id = CatalogId(form.category_id);
  input.specialization_id = CatalogId(form.specialization_id);
  input.skill_ids = form.skill_ids;
  input.budget = form.budget;
  input.deadline = form.deadline_at;
  input.payment_option = PaymentOf(form.payment_option);
  input.country_id = CatalogId(form.country_id);
  input.city_id = CatalogId(form.city_id);
  input.attachment_ids = form.attachment_ids;
  input.portfolio_required = form.portfolio_required;
  return input;
}

OrderInput FormOf(const Order& order) {
  OrderInput form;
  form.name = order.name;
  form.description = order.description;
  form.category_id = order.category_id;
  form.specialization_id = order.specialization_id;
  form.skill_ids = order.skill_ids;
  form.budget = order.budget;
  form.deadline = order.deadline;
  form.payment_option = order.payment_option;
  form.country_id = order.country_id;
  form.city_id = order.city_id;
  form.portfolio_required = order.portfolio_required;
  for (const auto& attachment : order.attachments) form.attachment_ids.push_back(attachment.id);
  return form;
}

void Merge(const OrderPatch& patch, OrderInput& form) {
  patch.name.ApplyTo(form.name);
  patch.description.ApplyTo(form.description);
  if (patch.category_id) form.category_id = CatalogId(patch.category_id.value);
  if (patch.specialization_id) form.specialization_id = CatalogId(patch.specialization_id.value);
  patch.skill_ids.ApplyTo(form.skill_ids);
  patch.budget.ApplyTo(form.budget);
  patch.deadline_at.ApplyTo(form.deadline);
  if (patch.payment_option) form.payment_option = PaymentOf(patch.payment_option.value);
  if (patch.country_id) form.country_id = CatalogId(patch.country_id.value);
  if (patch.city_id) form.city_id = CatalogId(patch.city_id.value);
  patch.attachment_ids.ApplyTo(form.attachment_ids);
  patch.portfolio_required.ApplyTo(form.portfolio_required);
}

}  // namespace artel::orders
