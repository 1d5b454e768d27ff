#include "input.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/web/json.hpp"

namespace artel::companies {
namespace {

constexpr std::size_t kUnbounded = 1'000'000;

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

template <std::size_t N>
bool OneOf(const std::array<std::string_view, N>& codes, std::string_view code) {
  return std::ranges::find(codes, code) != codes.end();
}

std::optional<std::int32_t> ReadCatalogId(web::JsonReader& reader, std::string_view field) {
  auto value = reader.Int(field, false);
  if (!value) return std::nullopt;
  if (*value < 1 || *value > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(*value);
}

/// A required code of `codes`; `invalid` for any other text.
template <std::size_t N>
std::string ReadCode(web::JsonReader& reader, std::string_view field,
                     const std::array<std::string_view, N>& codes, const char* invalid) {
  auto text = reader.String(field, {.max_length = kUnbounded});
  if (!text) return {};
  if (!OneOf(codes, *text)) reader.AddError(std::string(field), Key(invalid));
  return *text;
}

/// An optional 1–5 mark.
std::optional<std::int32_t> ReadMark(web::JsonReader& reader, std::string_view field) {
  auto value = reader.Int(field, false);
  if (!value) return std::nullopt;
  if (*value < 1 || *value > 5) {
    reader.AddError(std::string(field), Key("companies:rating_range"));
    return std::nullopt;
  }
  return static_cast<std::int32_t>(*value);
}

std::string ReadText(web::JsonReader& reader, std::string_view field, std::size_t max) {
  return reader.String(field, {.max_length = max, .required = false}).value_or("");
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
  input.name = std::string(Trim(input.name, kAsciiWhitespace));
  input.description = std::string(Trim(input.description, kAsciiWhitespace));
  errors.CheckLength("name", input.name, 2, 120);
  errors.CheckLength("description", input.description, 0, kMaxDescription);
  if (input.website) {
    input.website = std::string(Trim(*input.website, kAsciiWhitespace));
    const auto& website = *input.website;
    if (website.empty()) {
      input.website.reset();
    } else if (Utf8Length(website) > kMaxWebsite) {
      errors.Add("website", Message{"validation:length.max", {{"count", std::to_string(kMaxWebsite)}}});
    } else if (!IsWebsite(website)) {
      errors.Add("website", Key("companies:website_invalid"));
    }
  }
  if (input.industry.empty()) {
    errors.Add("industry", Key("validation:required"));
  } else if (!OneOf(kIndustries, input.industry)) {
    errors.Add("industry", Key("companies:industry_invalid"));
  }
  if (input.size.empty()) {
    errors.Add("size", Key("validation:required"));
  } else if (!OneOf(kSizes, input.size)) {
    errors.Add("size", Key("companies:size_invalid"));
  }
  if (input.founded_year && (*input.founded_year < kMinFoundedYear || *input.founded_year > current_year)) {
    errors.Add("founded_year",
               Message{"companies:founded_year_range",
                       {{"min", std::to_string(kMinFoundedYear)}, {"max", std::to_string(current_year)}}});
  }
}

CompanyInput ReadCompanyInput(const boost::json::object& body, const catalog::Snapshot& catalog,
                              std::int32_t current_year) {
  web::JsonReader reader(body);
  CompanyInput input;
  input.name = reader.String("name", {.min_length = 2, .max_length = 120}).value_or("");
  input.description = ReadText(reader, "description", kMaxDescription);
  if (auto website = reader.String("website", {.max_length = kMaxWebsite, .required = false})) {
    if (!website->empty()) {
      if (!IsWebsite(*website)) reader.AddError("website", Key("companies:website_invalid"));
      input.website = *website;
    }
  }
  input.industry = ReadCode(reader, "industry", kIndustries, "companies:industry_invalid");
  input.size = ReadCode(reader, "size", kSizes, "companies:size_invalid");

  input.country_id = ReadCatalogId(reader, "country_id");
  const catalog::Country* country = nullptr;
  if (input.country_id) {
    country = catalog.FindCountry(*input.country_id);
    if (country == nullptr) reader.AddError("country_id", Key("companies:country_unknown"));
  }
  input.city_id = ReadCatalogId(reader, "city_id");
  if (input.city_id) {
    const auto* city = catalog.FindCity(*input.city_id);
    if (city == nullptr) {
      reader.AddError("city_id", Key("companies:city_unknown"));
    } else if (country == nullptr || city->country_id != country->id) {
      reader.AddError("city_id", Key("companies:city_country"));
    }
  }
  if (auto year = reader.Int("founded_year", false)) {
    if (*year < kMinFoundedYear || *year > current_year) {
      reader.AddError("founded_year", Message{"companies:founded_year_range",
                                              {{"min", std::to_string(kMinFoundedYear)},
                                               {"max", std::to_string(current_year)}}});
    } else {
      input.founded_year = static_cast<std::int32_t>(*year);
    }
  }
  reader.Finish();
  return input;
}

boost::json::object InputJson(const CompanyInput& input) {
  auto or_null = [](const auto& value) -> boost::json::value {
    if (!value) return nullptr;
    return boost::json::value(*value);
  };
  return {{"name", input.name},
          {"description", input.description},
          {"website", input.website ? boost::json::value(boost::json::string(*input.website)) : nullptr},
          {"industry", input.industry},
          {"size", input.size},
          {"country_id", or_null(input.country_id)},
          {"city_id", or_null(input.city_id)},
          {"founded_year", or_null(input.founded_year)}};
}

boost::json::object MergePatch(boost::json::object stored, const boost::json::object& patch) {
  static constexpr std::array<std::string_view, 8> kFields{"name", "description", "website", "industry",
                                                           "size", "country_id",  "city_id", "founded_year"};
  for (auto field : kFields) {
    if (auto it = patch.find(field); it != patch.end()) stored[field] = it->value();
  }
  return stored;
}

ReviewInput ReadReviewInput(const boost::json::object& body) {
  web::JsonReader reader(body);
  ReviewInput input;
  // SPEC §5: a review without a rating is refused with 'Rate please'.
  if (!reader.Has("rating")) {
    reader.AddError("rating", Key("companies:rating_required"));
  } else if (auto rating = reader.Int("rating")) {
    if (*rating < 1 || *rating > 5) {
      reader.AddError("rating", Key("companies:rating_range"));
    } else {
      input.rating = static_cast<std::int32_t>(*rating);
    }
  }
  for (std::size_t i = 0; i < kAxes.size(); ++i) input.axes[i] = ReadMark(reader, kAxes[i]);
  input.pros = ReadText(reader, "pros", kMaxReviewText);
  input.cons = ReadText(reader, "cons", kMaxReviewText);
  input.relation = ReadCode(reader, "relation", kRelations, "companies:relation_invalid");
  input.position = ReadText(reader, "position", kMaxPosition);
  input.recommend = reader.Bool("recommend", false);
  input.anonymous = reader.Bool("anonymous", false).value_or(false);
  reader.Finish();
  return input;
}

std::string ReadReplyText(const boost::json::object& body) {
  web::JsonReader reader(body);
  auto text = reader.String("text", {.min_length = 1, .max_length = kMaxReviewText});
  reader.Finish();
  return *text;
}

bool ReadVerified(const boost::json::object& body) {
  web::JsonReader reader(body);
  auto verified = reader.Bool("verified");
  reader.Finish();
  return *verified;
}

}  // namespace artel::companies
