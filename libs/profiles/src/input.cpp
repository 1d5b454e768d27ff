#include "input.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string_view>

#include "artel/catalog/catalog.hpp"
#include "artel/catalog/references.hpp"
#include "artel/core/error.hpp"
#include "artel/core/text.hpp"

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

bool IsLanguageCode(std::string_view code) {
  return code.size() == 2 && code[0] >= 'a' && code[0] <= 'z' && code[1] >= 'a' && code[1] <= 'z';
}

}  // namespace

FreelancerForm CheckFreelancer(FreelancerInput& input, const catalog::Snapshot& catalog,
                               ValidationErrors& errors) {
  FreelancerForm form;
  input.headline = std::string(Trim(input.headline, kAsciiWhitespace));
  input.about = std::string(Trim(input.about, kAsciiWhitespace));
  errors.CheckLength("headline", input.headline, 0, kMaxHeadline);
  errors.CheckLength("about", input.about, 0, kMaxAbout);
  form.headline = input.headline;
  form.about = input.about;

  catalog::ReferenceCheck check(catalog, errors);
  int mains = 0;
  std::set<std::int32_t> seen;
  for (const auto& item : input.specializations) {
    const auto* specialization = check.KnownSpecialization("specializations", item.id);
    if (specialization == nullptr) break;
    if (!seen.insert(specialization->id).second) {
      errors.Add("specializations", Key("profiles:specialization_repeated"));
      break;
    }
    form.specialization_ids.push_back(specialization->id);
    if (item.main) {
      ++mains;
      form.main_specialization_id = specialization->id;
    }
    if (std::ranges::find(form.category_ids, specialization->category_id) == form.category_ids.end()) {
      form.category_ids.push_back(specialization->category_id);
    }
  }
  if (input.specializations.size() > kMaxSpecializations) {
    errors.Add("specializations", CountMessage("profiles:specializations_max", kMaxSpecializations));
  } else if (!input.specializations.empty() && mains != 1 && !errors.Has("specializations")) {
    errors.Add("specializations", Key("profiles:main_required"));
  }

  if (check.KnownSkills("skill_ids", input.skill_ids)) {
    for (auto id : input.skill_ids) form.skill_ids.push_back(static_cast<std::int32_t>(id));
  }
  if (input.skill_ids.size() > kMaxSkills) {
    errors.Add("skill_ids", CountMessage("profiles:skills_max", kMaxSkills));
  }

  if (input.experience_years) {
    if (*input.experience_years < 0 || *input.experience_years > kMaxExperience) {
      errors.Add("experience_years", Key("profiles:experience_range"));
    } else {
      form.experience_years = static_cast<std::int32_t>(*input.experience_years);
    }
  }

  if (input.country_id) {
    if (const auto* country = check.KnownCountry("country_id", *input.country_id))
      form.country_id = country->id;
  }
  if (input.city_id) {
    if (const auto* city = check.KnownCity("city_id", *input.city_id, input.country_id))
      form.city_id = city->id;
  }

  for (const auto& code : input.languages) {
    if (!IsLanguageCode(code)) {
      errors.Add("languages", Key("profiles:language_invalid"));
      break;
    }
    if (std::ranges::find(form.languages, code) == form.languages.end()) form.languages.push_back(code);
  }
  if (!errors.Has("languages") && form.languages.size() > kMaxLanguages) {
    errors.Add("languages", CountMessage("profiles:languages_max", kMaxLanguages));
  }

  if (input.rate) {
    const auto& rate = *input.rate;
    if (rate.amount <= 0 || rate.amount > kMaxAmount) {
      errors.Add("rate", Key("profiles:rate_invalid"));
    } else if (check.KnownCurrency("rate", rate.currency) != nullptr) {
      if (auto base = catalog.ToBase(rate.amount, rate.currency)) {
        form.rate = kernel::Money{rate.amount, rate.currency};
        form.rate_base = base;
      } else {
        errors.Add("rate", Key("profiles:rate_invalid"));
      }
    }
  }
  form.available = input.available;
  return form;
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
  } else {
    catalog::ReferenceCheck(catalog, errors).KnownCurrency("currency", input.currency);
  }
  if (input.unit.empty()) {
    errors.Add("unit", Key("validation:required"));
  } else if (std::ranges::find(kPriceUnits, input.unit) == kPriceUnits.end()) {
    errors.Add("unit", Key("profiles:unit_invalid"));
  }
}

}  // namespace artel::profiles
