// The order form's rules (CheckRules, CheckReferences): Orders::Create and Update run them on every form,
// whoever calls (the HTTP edge, bids' job offers, the demo seeder, tests).

#include <algorithm>

#include "artel/catalog/catalog.hpp"
#include "artel/catalog/references.hpp"
#include "artel/core/text.hpp"
#include "artel/orders/orders.hpp"

namespace artel::orders {
namespace {

constexpr std::size_t kMinName = 5;
constexpr std::size_t kMaxName = 200;
constexpr std::size_t kMinDescription = 20;
constexpr std::size_t kMaxDescription = 20000;

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

Message CountMessage(std::string key, std::size_t count) {
  return Message{std::move(key), {{"count", std::to_string(count)}}};
}

}  // namespace

void CheckRules(OrderInput& input, TimePoint now, ValidationErrors& errors) {
  input.name = std::string(Trim(input.name));
  input.description = std::string(Trim(input.description));
  if (!errors.Has("name")) {
    errors.CheckLength("name", input.name, kMinName, kMaxName);
  }
  if (!errors.Has("description")) {
    errors.CheckLength("description", input.description, kMinDescription, kMaxDescription);
  }
  // Each skill once, in the order sent (as the reader's IntArray does).
  std::vector<std::int64_t> skills;
  for (auto id : input.skill_ids) {
    if (std::find(skills.begin(), skills.end(), id) == skills.end()) skills.push_back(id);
  }
  input.skill_ids = std::move(skills);
  if (input.skill_ids.size() > kMaxSkills) {
    errors.Add("skill_ids", CountMessage("orders:skills_too_many", kMaxSkills));
  }
  if (input.budget && !errors.Has("budget")) {
    if (input.budget->currency.size() != 3) {
      errors.Add("budget", Key("catalog:currency_unknown"));
    } else if (input.budget->amount <= 0) {
      errors.Add("budget", Key("orders:budget_positive"));
    } else if (input.budget->amount > kMaxAmount) {
      errors.Add("budget", Key("orders:budget_too_large"));
    }
  }
  if (input.deadline && !errors.Has("deadline_at") && *input.deadline <= now) {
    errors.Add("deadline_at", Key("orders:deadline_past"));
  }
  if (input.attachment_ids.size() > kMaxAttachments) {
    errors.Add("attachment_ids", CountMessage("orders:attachments_too_many", kMaxAttachments));
  }
}

void CheckReferences(const catalog::Snapshot& catalog, OrderInput& input, ValidationErrors& errors) {
  catalog::ReferenceCheck check(catalog, errors);
  check.KnownClassification(input.category_id, input.specialization_id, input.skill_ids);
  input.budget_base.reset();
  if (input.budget && !errors.Has("budget") && check.KnownCurrency("budget", input.budget->currency)) {
    input.budget_base = catalog.ToBase(input.budget->amount, input.budget->currency);
    if (!input.budget_base) errors.Add("budget", Key("orders:budget_too_large"));
  }
  check.KnownPlace(input.country_id, input.city_id);
}

}  // namespace artel::orders
