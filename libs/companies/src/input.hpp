#pragma once

// Reading the request bodies of the companies routes into the service's inputs, with every problem
// collected per field (one ValidationFailed answer). Private to the library; unit-tested.

#include <boost/json/object.hpp>
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

/// The rules of a company form every caller meets (the HTTP edge, the demo seeder, tests): the trimmed name's
/// length, the description's and website's (http(s)://, no blanks), the industry and size codes, the founding
/// year (kMinFoundedYear..current_year), each problem under its field with the reader's keys (a blank website
/// becomes none). Companies::Create/Update run it; the catalog references stay the reader's for now.
void CheckRules(CompanyInput& input, std::int32_t current_year, ValidationErrors& errors);

/// A whole CompanyInput (POST; PATCH reads the stored fields overlaid with the body's, see MergePatch).
/// `current_year` bounds founded_year.
CompanyInput ReadCompanyInput(const boost::json::object& body, const catalog::Snapshot& catalog,
                              std::int32_t current_year);
/// The input as the body of a POST would carry it.
boost::json::object InputJson(const CompanyInput& input);
/// `stored` with the fields of CompanyInput that `patch` carries (unknown keys ignored).
boost::json::object MergePatch(boost::json::object stored, const boost::json::object& patch);

/// A CompanyReviewInput; no `rating` → `rating` companies:rating_required ('Rate please').
ReviewInput ReadReviewInput(const boost::json::object& body);
/// {text}: 1 to 2000 characters.
std::string ReadReplyText(const boost::json::object& body);
/// {verified: bool}.
bool ReadVerified(const boost::json::object& body);

}  // namespace artel::companies
