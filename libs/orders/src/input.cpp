// Order forms and the JSON shapes shared with the bids and reviews libraries.

#include <fmt/format.h>

#include <boost/json/array.hpp>

#include "artel/catalog/catalog.hpp"
#include "artel/core/time.hpp"
#include "artel/db/result.hpp"
#include "artel/orders/http.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/profiles.hpp"
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
  OrderInput input;
  input.name = reader.String("name", kNameRule).value_or("");
  input.description = reader.String("description", kDescriptionRule).value_or("");

  auto category_id = ReadId(reader, "category_id", true);
  const catalog::Category* category = nullptr;
  if (category_id) {
    category = catalog.FindCategory(*category_id);
    if (category == nullptr) reader.AddError("category_id", Key("marketplace:catalog.category_unknown"));
    input.category_id = *category_id;
  }
  input.specialization_id = ReadId(reader, "specialization_id", false);
  if (input.specialization_id) {
    const auto* specialization = catalog.FindSpecialization(*input.specialization_id);
    if (specialization == nullptr || (category != nullptr && specialization->category_id != category->id)) {
      reader.AddError("specialization_id", Key("marketplace:catalog.specialization_unknown"));
    }
  }

  input.skill_ids = reader.IntArray("skill_ids");
  if (input.skill_ids.size() > kMaxSkills) {
    reader.AddError("skill_ids", CountMessage("marketplace:orders.skills_too_many", kMaxSkills));
  }
  for (auto skill_id : input.skill_ids) {
    if (skill_id < 1 || skill_id > std::numeric_limits<std::int32_t>::max() ||
        catalog.FindSkill(static_cast<std::int32_t>(skill_id)) == nullptr) {
      reader.AddError("skill_ids", Key("marketplace:catalog.skill_unknown"));
      break;
    }
  }

  input.budget = ReadMoney(reader, "budget", catalog);
  if (input.budget) {
    input.budget_base = catalog.ToBase(input.budget->amount, input.budget->currency);
    if (!input.budget_base) reader.AddError("budget", Key("marketplace:orders.budget_too_large"));
  }

  if (reader.Has("deadline_at")) {
    auto text = reader.String("deadline_at", {.min_length = 1, .max_length = 40});
    if (text) {
      input.deadline = ParseIsoTime(*text);
      if (!input.deadline) {
        reader.AddError("deadline_at", Key("marketplace:orders.deadline_format"));
      } else if (*input.deadline <= now) {
        reader.AddError("deadline_at", Key("marketplace:orders.deadline_past"));
      }
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
  const catalog::Country* country = nullptr;
  if (input.country_id) {
    country = catalog.FindCountry(*input.country_id);
    if (country == nullptr) reader.AddError("country_id", Key("marketplace:catalog.country_unknown"));
  }
  input.city_id = ReadId(reader, "city_id", false);
  if (input.city_id) {
    const auto* city = catalog.FindCity(*input.city_id);
    if (city == nullptr || (country != nullptr && city->country_id != country->id) ||
        (country == nullptr && !input.country_id)) {
      reader.AddError("city_id", Key("marketplace:catalog.city_unknown"));
    }
  }

  input.portfolio_required = reader.Bool("portfolio_required", false).value_or(false);
  input.attachment_ids = reader.IntArray("attachment_ids");
  if (input.attachment_ids.size() > kMaxAttachments) {
    reader.AddError("attachment_ids",
                    CountMessage("marketplace:orders.attachments_too_many", kMaxAttachments));
  }
  return input;
}

boost::json::object AttachmentJson(const Attachment& attachment) {
  // Private files: served by the attachment's own route after the order's visibility check, never by
  // /api/files.
  const std::string url = fmt::format("/api/orders/attachments/{}", attachment.id);
  boost::json::value thumbnail = nullptr;
  if (attachment.thumbnail_name) thumbnail = boost::json::string(url + "?thumbnail=1");
  return {{"id", attachment.id},
          {"name", attachment.original_name},
          {"url", url},
          {"thumbnail_url", std::move(thumbnail)},
          {"content_type", attachment.content_type},
          {"size", attachment.size}};
}

namespace {

boost::json::value OptionalId(const std::optional<std::int32_t>& id) {
  if (!id) return nullptr;
  return *id;
}

}  // namespace

boost::json::object SummaryJson(const Order& order, TimePoint now) {
  boost::json::array skills;
  for (auto id : order.skill_ids) skills.push_back(id);
  boost::json::value deadline = nullptr;
  if (order.deadline) deadline = boost::json::string(IsoTime(*order.deadline));
  boost::json::value performer = nullptr;
  if (order.performer) performer = profiles::UserCardJson(*order.performer);
  return {{"id", order.id},
          {"name", order.name},
          {"excerpt", web::Utf8Prefix(order.description, kExcerptLength)},
          {"category_id", order.category_id},
          {"specialization_id", OptionalId(order.specialization_id)},
          {"skill_ids", std::move(skills)},
          {"budget", kernel::MoneyJson(order.budget)},
          {"deadline_at", std::move(deadline)},
          {"payment_option", PaymentOptionName(order.payment_option)},
          {"country_id", OptionalId(order.country_id)},
          {"city_id", OptionalId(order.city_id)},
          {"state", StateName(order.StateAt(now))},
          {"personal", order.personal},
          {"customer", profiles::UserCardJson(order.customer)},
          {"performer", std::move(performer)},
          {"bid_count", order.bid_count},
          {"portfolio_required", order.portfolio_required},
          {"created_at", IsoTime(order.created_at)}};
}

}  // namespace artel::orders
