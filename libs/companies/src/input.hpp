#pragma once

// The rules of the companies' forms that the contract's schemas (api.yaml) cannot state, checked by the
// service on every form whoever calls (the HTTP edge, the demo seeder, tests), each problem under its field
// with the keys the SPA knows. Private to the library; unit-tested.

#include <string>
#include <string_view>

#include "artel/companies/companies.hpp"
#include "artel/core/error.hpp"
#include "artel/storage/storage.hpp"

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel::companies {

inline constexpr std::size_t kMaxDescription = 5000;
inline constexpr std::size_t kMaxWebsite = 200;
inline constexpr std::size_t kMaxReviewText = 2000;
inline constexpr std::size_t kMaxPosition = 120;
inline constexpr std::int64_t kMinFoundedYear = 1700;
/// How a logo is stored (the route's and the demo's): at most 512 px a side, with a thumbnail.
inline constexpr storage::ImageOptions kLogoImage{.max_side = 512, .thumbnail = true};

/// The UTC calendar year of `now`: the latest founding year a form may give.
std::int32_t YearOf(TimePoint now);

/// A company's website as the form takes it: http(s):// with something after it, and no blanks.
bool IsWebsite(std::string_view website);

/// The rules of a company form: the trimmed name's length, the description's and website's (http(s)://, no
/// blanks), the industry and size codes, the founding year (kMinFoundedYear..current_year); a blank website
/// becomes none. Companies::Create/Update run it, then CheckReferences.
void CheckRules(CompanyInput& input, std::int32_t current_year, ValidationErrors& errors);

/// The form's catalog references (catalog::ReferenceCheck, the catalog's keys): a known country
/// (catalog:country_unknown), a known city (catalog:city_unknown) of that country (catalog:city_country; none
/// when the country is itself unknown).
void CheckReferences(const CompanyInput& input, const catalog::Snapshot& catalog, ValidationErrors& errors);

/// The rules of a review: rating and axes 1–5 (companies:rating_range), the relation's code
/// (companies:relation_invalid), the trimmed texts' lengths (pros, cons ≤ 2000, position ≤ 120).
void CheckReview(ReviewInput& input, ValidationErrors& errors);

/// An owner's reply: 1 to 2000 characters once trimmed, on `text`.
void CheckReply(std::string& text, ValidationErrors& errors);

}  // namespace artel::companies
