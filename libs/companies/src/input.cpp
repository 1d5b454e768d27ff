#include "input.hpp"

#include <algorithm>
#include <chrono>

#include "artel/catalog/catalog.hpp"
#include "artel/catalog/references.hpp"
#include "artel/core/error.hpp"
#include "artel/core/text.hpp"

namespace artel::companies {
namespace {

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

template <std::size_t N>
bool OneOf(const std::array<std::string_view, N>& codes, std::string_view code) {
  return std::ranges::find(codes, code) != codes.end();
}

/// A required code of `codes`: blank → validation:required, any other text → `invalid`.
template <std::size_t N>
void CheckCode(std::string_view field, const std::string& code, const std::array<std::string_view, N>& codes,
               const char* invalid, ValidationErrors& errors) {
  if (code.empty()) {
    errors.Add(std::string(field), Key("validation:required"));
  } else if (!OneOf(codes, code)) {
    errors.Add(std::string(field), Key(invalid));
  }
}

void TrimInPlace(std::string& text) {
  text = std::string(artel::Trim(text, kAsciiWhitespace));
}

}  // namespace

std::int32_t YearOf(TimePoint now) {
  const std::chrono::year_month_day day{std::chrono::floor<std::chrono::days>(now)};
  return static_cast<std::int32_t>(static_cast<int>(day.year()));
}

bool IsWebsite(std::string_view website) {
  const bool web = (website.starts_with("https://") && website.size() > 8) ||
                   (website.starts_with("http://") && website.size() > 7);
  return web && std::ranges::none_of(website, [](char c) { return c == ' ' || c == '\t'; });
}

void CheckRules(CompanyInput& input, std::int32_t current_year, ValidationErrors& errors) {
  TrimInPlace(input.name);
  TrimInPlace(input.description);
  errors.CheckLength("name", input.name, 2, 120);
  errors.CheckLength("description", input.description, 0, kMaxDescription);
  if (input.website) {
    TrimInPlace(*input.website);
    const auto& website = *input.website;
    if (website.empty()) {
      input.website.reset();
    } else if (Utf8Length(website) > kMaxWebsite) {
      errors.Add("website", Message{"validation:length.max", {{"count", std::to_string(kMaxWebsite)}}});
    } else if (!IsWebsite(website)) {
      errors.Add("website", Key("companies:website_invalid"));
    }
  }
  CheckCode("industry", input.industry, kIndustries, "companies:industry_invalid", errors);
  CheckCode("size", input.size, kSizes, "companies:size_invalid", errors);
  if (input.founded_year && (*input.founded_year < kMinFoundedYear || *input.founded_year > current_year)) {
    errors.Add("founded_year",
               Message{"companies:founded_year_range",
                       {{"min", std::to_string(kMinFoundedYear)}, {"max", std::to_string(current_year)}}});
  }
}

void CheckReferences(const CompanyInput& input, const catalog::Snapshot& catalog, ValidationErrors& errors) {
  catalog::ReferenceCheck check(catalog, errors);
  if (input.country_id) check.KnownCountry("country_id", *input.country_id);
  if (input.city_id) {
    std::optional<std::int64_t> country;
    if (input.country_id) country = *input.country_id;
    check.KnownCity("city_id", *input.city_id, country);
  }
}

void CheckReview(ReviewInput& input, ValidationErrors& errors) {
  if (input.rating < 1 || input.rating > 5) errors.Add("rating", Key("companies:rating_range"));
  for (std::size_t i = 0; i < kAxes.size(); ++i) {
    const auto& mark = input.axes[i];
    if (mark && (*mark < 1 || *mark > 5)) errors.Add(std::string(kAxes[i]), Key("companies:rating_range"));
  }
  TrimInPlace(input.pros);
  TrimInPlace(input.cons);
  TrimInPlace(input.position);
  errors.CheckLength("pros", input.pros, 0, kMaxReviewText);
  errors.CheckLength("cons", input.cons, 0, kMaxReviewText);
  CheckCode("relation", input.relation, kRelations, "companies:relation_invalid", errors);
  errors.CheckLength("position", input.position, 0, kMaxPosition);
}

void CheckReply(std::string& text, ValidationErrors& errors) {
  TrimInPlace(text);
  errors.CheckLength("text", text, 1, kMaxReviewText);
}

}  // namespace artel::companies
