#include "input.hpp"

#include <algorithm>
#include <array>
#include <boost/json/array.hpp>
#include <limits>
#include <set>
#include <string_view>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/web/json.hpp"

namespace artel::profiles {
namespace {

/// PriceKind and PriceUnit of libs/profiles/api.yaml.
constexpr std::array<std::string_view, 2> kPriceKinds{"fixed", "from"};
constexpr std::array<std::string_view, 8> kPriceUnits{"project", "hour",           "day",  "month",
                                                      "page",    "thousand_chars", "item", "minute"};

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

Message CountMessage(std::string key, std::size_t count) {
  return Message{std::move(key), {{"count", std::to_string(count)}}};
}

std::optional<std::int32_t> ReadCatalogId(web::JsonReader& reader, std::string_view field) {
  auto value = reader.Int(field, false);
  if (!value) return std::nullopt;
  if (*value < 1 || *value > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(*value);
}

std::optional<kernel::Money> ReadAmount(web::JsonReader& reader, const std::string& field,
                                        std::optional<std::int64_t> amount,
                                        std::optional<std::string> currency, const catalog::Snapshot& catalog,
                                        const char* invalid_key) {
  if (!amount || !currency) {
    reader.AddError(field, Key("validation:required"));
    return std::nullopt;
  }
  if (*amount <= 0 || *amount > kMaxAmount) {
    reader.AddError(field, Key(invalid_key));
    return std::nullopt;
  }
  if (catalog.FindCurrency(*currency) == nullptr) {
    reader.AddError(field == "rate" ? field : "currency", Key("profiles:currency_unknown"));
    return std::nullopt;
  }
  return kernel::Money{*amount, *currency};
}

const boost::json::array* ArrayField(web::JsonReader& reader, std::string_view field) {
  auto found = reader.Body().find(field);
  if (found == reader.Body().end() || found->value().is_null()) return nullptr;
  if (!found->value().is_array()) {
    reader.AddError(std::string(field), Key("validation:type.array"));
    return nullptr;
  }
  return &found->value().as_array();
}

}  // namespace

FreelancerInput ReadFreelancerInput(web::JsonReader& reader, const catalog::Snapshot& catalog) {
  FreelancerInput input;
  input.headline = reader.String("headline", {.max_length = 120, .required = false}).value_or("");
  input.about = reader.String("about", {.max_length = 5000, .required = false}).value_or("");

  if (const auto* specializations = ArrayField(reader, "specializations")) {
    int mains = 0;
    std::set<std::int32_t> seen;
    for (const auto& item : *specializations) {
      const auto* object = item.if_object();
      const auto* id = object != nullptr ? object->if_contains("id") : nullptr;
      if (id == nullptr || !id->is_int64()) {
        reader.AddError("specializations", Key("validation:type.object"));
        break;
      }
      const auto* specialization =
          id->as_int64() > 0 && id->as_int64() <= std::numeric_limits<std::int32_t>::max()
              ? catalog.FindSpecialization(static_cast<std::int32_t>(id->as_int64()))
              : nullptr;
      if (specialization == nullptr) {
        reader.AddError("specializations", Key("profiles:specialization_unknown"));
        break;
      }
      if (!seen.insert(specialization->id).second) {
        reader.AddError("specializations", Key("profiles:specialization_repeated"));
        break;
      }
      input.specialization_ids.push_back(specialization->id);
      const auto* main = object->if_contains("main");
      if (main != nullptr && main->is_bool() && main->as_bool()) {
        ++mains;
        input.main_specialization_id = specialization->id;
      }
      bool known = false;
      for (auto category : input.category_ids) known = known || category == specialization->category_id;
      if (!known) input.category_ids.push_back(specialization->category_id);
    }
    if (input.specialization_ids.size() > kMaxSpecializations) {
      reader.AddError("specializations", CountMessage("profiles:specializations_max", kMaxSpecializations));
    } else if (!input.specialization_ids.empty() && mains != 1 && !reader.HasError("specializations")) {
      reader.AddError("specializations", Key("profiles:main_required"));
    }
  }

  for (auto id : reader.IntArray("skill_ids")) {
    if (id < 1 || id > std::numeric_limits<std::int32_t>::max() ||
        catalog.FindSkill(static_cast<std::int32_t>(id)) == nullptr) {
      reader.AddError("skill_ids", Key("profiles:skill_unknown"));
      break;
    }
    input.skill_ids.push_back(static_cast<std::int32_t>(id));
  }
  if (input.skill_ids.size() > kMaxSkills) {
    reader.AddError("skill_ids", CountMessage("profiles:skills_max", kMaxSkills));
  }

  if (auto years = reader.Int("experience_years", false)) {
    if (*years < 0 || *years > 70) {
      reader.AddError("experience_years", Key("profiles:experience_range"));
    } else {
      input.experience_years = static_cast<std::int32_t>(*years);
    }
  }

  input.country_id = ReadCatalogId(reader, "country_id");
  const catalog::Country* country = nullptr;
  if (input.country_id) {
    country = catalog.FindCountry(*input.country_id);
    if (country == nullptr) reader.AddError("country_id", Key("profiles:country_unknown"));
  }
  input.city_id = ReadCatalogId(reader, "city_id");
  if (input.city_id) {
    const auto* city = catalog.FindCity(*input.city_id);
    if (city == nullptr) {
      reader.AddError("city_id", Key("profiles:city_unknown"));
    } else if (country == nullptr || city->country_id != country->id) {
      reader.AddError("city_id", Key("profiles:city_country"));
    }
  }

  if (const auto* languages = ArrayField(reader, "languages")) {
    for (const auto& item : *languages) {
      const auto* code = item.if_string();
      const bool valid = code != nullptr && code->size() == 2 && (*code)[0] >= 'a' && (*code)[0] <= 'z' &&
                         (*code)[1] >= 'a' && (*code)[1] <= 'z';
      if (!valid) {
        reader.AddError("languages", Key("profiles:language_invalid"));
        break;
      }
      std::string value(*code);
      bool known = false;
      for (const auto& language : input.languages) known = known || language == value;
      if (!known) input.languages.push_back(std::move(value));
    }
    if (input.languages.size() > kMaxLanguages) {
      reader.AddError("languages", CountMessage("profiles:languages_max", kMaxLanguages));
    }
  }

  if (const auto* rate = reader.Object("rate")) {
    web::JsonReader inner(*rate);
    auto amount = inner.Int("amount");
    auto currency = inner.String("currency", {.min_length = 3, .max_length = 3});
    input.rate = ReadAmount(reader, "rate", amount, currency, catalog, "profiles:rate_invalid");
    if (input.rate) {
      input.rate_base = catalog.ToBase(input.rate->amount, input.rate->currency);
      if (!input.rate_base) {
        reader.AddError("rate", Key("profiles:rate_invalid"));
        input.rate.reset();
      }
    }
  }
  input.available = reader.Bool("available", false).value_or(true);
  return input;
}

namespace {

void TrimInPlace(std::string& text) {
  text = std::string(Trim(text, kAsciiWhitespace));
}

void CheckDescription(const std::string& description, ValidationErrors& errors) {
  if (Utf8Length(description) > kMaxDescription) errors.Add("description", Key("profiles:description_max"));
}

bool IsLink(std::string_view link) {
  const bool http = link.starts_with("http://") || link.starts_with("https://");
  return http && Utf8Length(link) <= kMaxLink && link.find_first_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace

void CheckGroup(GroupInput& input, ValidationErrors& errors) {
  TrimInPlace(input.name);
  TrimInPlace(input.description);
  errors.CheckLength("name", input.name, 1, 100);
  CheckDescription(input.description, errors);
}

void CheckProject(ProjectInput& input, ValidationErrors& errors) {
  TrimInPlace(input.name);
  TrimInPlace(input.description);
  errors.CheckLength("name", input.name, 1, 200);
  CheckDescription(input.description, errors);

  for (auto& tool : input.tools) {
    TrimInPlace(tool);
    if (tool.empty() || !IsValidUtf8(tool) || Utf8Length(tool) > kMaxTool) {
      errors.Add("tools", Key("profiles:tool_invalid"));
      break;
    }
  }
  if (!errors.Has("tools") && input.tools.size() > kMaxTools) {
    errors.Add("tools", CountMessage("profiles:tools_max", kMaxTools));
  }

  if (input.link) {
    TrimInPlace(*input.link);
    if (input.link->empty()) {
      input.link.reset();
    } else if (!IsLink(*input.link)) {
      errors.Add("link", Key("profiles:link_invalid"));
    }
  }

  std::set<std::int64_t> seen;
  std::size_t covers = 0;
  for (const auto& image : input.images) {
    if (!seen.insert(image.id).second) {
      errors.Add("images", Key("profiles:image_repeated"));
      break;
    }
    covers += image.cover ? 1 : 0;
  }
  if (errors.Has("images")) return;
  if (input.images.size() > kMaxImages) {
    errors.Add("images", CountMessage("profiles:images_max", kMaxImages));
  } else if (covers > 1) {
    errors.Add("images", Key("profiles:cover_one"));
  } else if (covers == 0 && !input.images.empty()) {
    input.images.front().cover = true;
  }
}

void CheckPrice(PriceInput& input, const catalog::Snapshot& catalog, ValidationErrors& errors) {
  input.name = std::string(Trim(input.name, kAsciiWhitespace));
  input.description = std::string(Trim(input.description, kAsciiWhitespace));
  input.currency = std::string(Trim(input.currency, kAsciiWhitespace));
  errors.CheckLength("name", input.name, 1, 100);
  if (Utf8Length(input.description) > kMaxDescription)
    errors.Add("description", Key("profiles:description_max"));
  if (input.kind.empty()) {
    errors.Add("kind", Key("validation:required"));
  } else if (std::ranges::find(kPriceKinds, input.kind) == kPriceKinds.end()) {
    errors.Add("kind", Key("profiles:kind_invalid"));
  }
  if (input.amount <= 0 || input.amount > kMaxAmount) {
    errors.Add("amount", Key("profiles:amount_invalid"));
  }
  if (input.currency.empty()) {
    errors.Add("currency", Key("validation:required"));
  } else if (catalog.FindCurrency(input.currency) == nullptr) {
    errors.Add("currency", Key("profiles:currency_unknown"));
  }
  if (input.unit.empty()) {
    errors.Add("unit", Key("validation:required"));
  } else if (std::ranges::find(kPriceUnits, input.unit) == kPriceUnits.end()) {
    errors.Add("unit", Key("profiles:unit_invalid"));
  }
}

}  // namespace artel::profiles
