// The order form's rules (CheckRules, CheckReferences: the service runs them on every Create and Update) and
// the readers bids' routes still use (artel/orders/http.hpp).

#include <algorithm>
#include <limits>

#include "artel/catalog/catalog.hpp"
#include "artel/catalog/references.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/result.hpp"
#include "artel/orders/http.hpp"
#include "artel/orders/orders.hpp"
#include "artel/web/http.hpp"
#include "artel/web/json.hpp"

namespace artel::orders {
namespace {

constexpr web::StringRule kNameRule{.min_length = 5, .max_length = 200};
constexpr web::StringRule kDescriptionRule{.min_length = 20, .max_length = 20000};

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

Message CountMessage(std::string key, std::size_t count) {
  return Message{std::move(key), {{"count", std::to_string(count)}}};
}

/// An optional integer id that must fit int32 (catalog ids).
std::optional<std::int32_t> ReadId(web::JsonReader& reader, std::string_view field, bool required) {
  auto value = reader.Int(field, required);
  if (!value) return std::nullopt;
  if (*value < 1 || *value > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(*value);
}

}  // namespace

Side ReadSide(const web::Request& request, Side fallback) {
  auto name = request.QueryParam("as");
  if (!name) return fallback;
  auto side = ParseSide(*name);
  if (!side) throw ValidationFailed("as", {"validation:one_of", {{"values", "performer, customer"}}});
  return *side;
}

std::optional<Money> ReadMoney(web::JsonReader& reader, std::string_view field,
                               const catalog::Snapshot& catalog) {
  const auto* object = reader.Object(field);
  if (object == nullptr) return std::nullopt;
  web::JsonReader inner(*object);
  auto amount = inner.Int("amount");
  auto currency = inner.String("currency", {.min_length = 3, .max_length = 3});
  const std::string name(field);
  if (!amount || !currency) {
    reader.AddError(name, Key("validation:required"));
    return std::nullopt;
  }
  if (*amount <= 0) {
    reader.AddError(name, Key("marketplace:orders.budget_positive"));
    return std::nullopt;
  }
  if (*amount > kMaxAmount) {
    reader.AddError(name, Key("marketplace:orders.budget_too_large"));
    return std::nullopt;
  }
  if (catalog.FindCurrency(*currency) == nullptr) {
    reader.AddError(name, Key("marketplace:catalog.currency_unknown"));
    return std::nullopt;
  }
  return Money{*amount, *currency};
}

OrderInput ReadOrderInput(web::JsonReader& reader, const catalog::Snapshot& catalog, TimePoint now) {
  // The shapes and types here; the form's rules and catalog references are the service's (CheckRules,
  // CheckReferences), run here too so the edge answers every problem of a body at once.
  constexpr web::StringRule kText{.min_length = 0, .max_length = std::numeric_limits<std::size_t>::max()};
  OrderInput input;
  input.name = reader.String("name", kText).value_or("");
  input.description = reader.String("description", kText).value_or("");
  if (auto category_id = ReadId(reader, "category_id", true)) input.category_id = *category_id;
  input.specialization_id = ReadId(reader, "specialization_id", false);
  input.skill_ids = reader.IntArray("skill_ids");

  if (const auto* object = reader.Object("budget")) {
    web::JsonReader inner(*object);
    auto amount = inner.Int("amount");
    auto currency = inner.String("currency", {.min_length = 3, .max_length = 3});
    if (!amount || !currency) {
      reader.AddError("budget", Key("validation:required"));
    } else {
      input.budget = Money{*amount, *currency};
    }
  }

  if (reader.Has("deadline_at")) {
    auto text = reader.String("deadline_at", {.min_length = 1, .max_length = 40});
    if (text) {
      input.deadline = ParseIsoTime(*text);
      if (!input.deadline) reader.AddError("deadline_at", Key("marketplace:orders.deadline_format"));
    }
  }

  auto payment = reader.String("payment_option", {.min_length = 1, .max_length = 40});
  if (payment) {
    auto option = ParsePaymentOption(*payment);
    if (option) {
      input.payment_option = *option;
    } else {
      reader.AddError("payment_option", Key("marketplace:orders.payment_unknown"));
    }
  }

  input.country_id = ReadId(reader, "country_id", false);
  input.city_id = ReadId(reader, "city_id", false);
  input.portfolio_required = reader.Bool("portfolio_required", false).value_or(false);
  input.attachment_ids = reader.IntArray("attachment_ids");

  CheckRules(input, now, reader.Errors());
  CheckReferences(catalog, input, reader.Errors());
  return input;
}

void CheckRules(OrderInput& input, TimePoint now, ValidationErrors& errors) {
  input.name = std::string(Trim(input.name));
  input.description = std::string(Trim(input.description));
  if (!errors.Has("name")) {
    errors.CheckLength("name", input.name, kNameRule.min_length, kNameRule.max_length);
  }
  if (!errors.Has("description")) {
    errors.CheckLength("description", input.description, kDescriptionRule.min_length,
                       kDescriptionRule.max_length);
  }
  // Each skill once, in the order sent (as the reader's IntArray does).
  std::vector<std::int64_t> skills;
  for (auto id : input.skill_ids) {
    if (std::find(skills.begin(), skills.end(), id) == skills.end()) skills.push_back(id);
  }
  input.skill_ids = std::move(skills);
  if (input.skill_ids.size() > kMaxSkills) {
    errors.Add("skill_ids", CountMessage("marketplace:orders.skills_too_many", kMaxSkills));
  }
  if (input.budget && !errors.Has("budget")) {
    if (input.budget->currency.size() != 3) {
      errors.Add("budget", Key("marketplace:catalog.currency_unknown"));
    } else if (input.budget->amount <= 0) {
      errors.Add("budget", Key("marketplace:orders.budget_positive"));
    } else if (input.budget->amount > kMaxAmount) {
      errors.Add("budget", Key("marketplace:orders.budget_too_large"));
    }
  }
  if (input.deadline && !errors.Has("deadline_at") && *input.deadline <= now) {
    errors.Add("deadline_at", Key("marketplace:orders.deadline_past"));
  }
  if (input.attachment_ids.size() > kMaxAttachments) {
    errors.Add("attachment_ids", CountMessage("marketplace:orders.attachments_too_many", kMaxAttachments));
  }
}

void CheckReferences(const catalog::Snapshot& catalog, OrderInput& input, ValidationErrors& errors) {
  catalog::ReferenceCheck check(catalog, errors);
  check.KnownClassification(input.category_id, input.specialization_id, input.skill_ids);
  input.budget_base.reset();
  if (input.budget && !errors.Has("budget") && check.KnownCurrency("budget", input.budget->currency)) {
    input.budget_base = catalog.ToBase(input.budget->amount, input.budget->currency);
    if (!input.budget_base) errors.Add("budget", Key("marketplace:orders.budget_too_large"));
  }
  check.KnownPlace(input.country_id, input.city_id);
}

}  // namespace artel::orders
