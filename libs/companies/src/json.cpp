// The JSON shapes of docs/api/openapi.yaml (Company, CompanyRating, CompanyReview).

#include <boost/json/array.hpp>
#include <cmath>

#include "artel/companies/companies.hpp"
#include "artel/core/time.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"

namespace artel::companies {
namespace {

template <class T>
boost::json::value OrNull(const std::optional<T>& value) {
  if (!value) return nullptr;
  if constexpr (std::is_same_v<T, std::string>) {
    return boost::json::string(*value);
  } else {
    return boost::json::value(*value);
  }
}

/// A mean with one decimal (4.25 → 4.3), null without values.
boost::json::value Mean(std::int64_t sum, std::int64_t count) {
  if (count <= 0) return nullptr;
  return std::round(10.0 * static_cast<double>(sum) / static_cast<double>(count)) / 10.0;
}

}  // namespace

boost::json::object RatingJson(const Company& company) {
  boost::json::object axes;
  for (std::size_t i = 0; i < kAxes.size(); ++i) {
    axes[kAxes[i]] = Mean(company.axis_sums[i], company.axis_counts[i]);
  }
  boost::json::value recommend = nullptr;
  if (company.recommend_count > 0) {
    recommend = static_cast<std::int64_t>(
        std::lround(100.0 * company.recommend_yes / static_cast<double>(company.recommend_count)));
  }
  return {{"average", Mean(company.rating_sum, company.review_count)},
          {"review_count", company.review_count},
          {"axes", std::move(axes)},
          {"recommend_percent", std::move(recommend)}};
}

boost::json::object CompanyJson(const Company& company, std::optional<std::int64_t> viewer_id) {
  boost::json::value logo = nullptr;
  if (company.logo) {
    logo = boost::json::object{
        {"url", storage::FileUrl(*company.logo)},
        {"thumbnail_url", storage::FileUrl(company.logo_thumbnail.value_or(*company.logo))}};
  }
  const auto& f = company.fields;
  return {{"id", company.id},
          {"name", f.name},
          {"logo", std::move(logo)},
          {"description", f.description},
          {"website", OrNull(f.website)},
          {"industry", f.industry},
          {"size", f.size},
          {"country_id", OrNull(f.country_id)},
          {"city_id", OrNull(f.city_id)},
          {"founded_year", OrNull(f.founded_year)},
          {"verified", company.verified},
          {"rating", RatingJson(company)},
          {"vacancy_count", 0},
          {"is_owner", viewer_id.has_value() && *viewer_id == company.owner_id},
          {"created_at", IsoTime(company.created_at)}};
}

boost::json::object ReviewJson(const Review& review, std::optional<std::int64_t> viewer_id) {
  const bool mine = viewer_id.has_value() && *viewer_id == review.author.id;
  // Anonymity: the author's card goes to the author alone; nothing else in the shape names them.
  boost::json::value author = nullptr;
  if (!review.input.anonymous || mine) author = profiles::UserCardJson(review.author);
  boost::json::object axes;
  for (std::size_t i = 0; i < kAxes.size(); ++i) axes[kAxes[i]] = OrNull(review.input.axes[i]);
  boost::json::value reply = nullptr;
  if (review.reply && review.replied_at) {
    reply = boost::json::object{{"text", *review.reply}, {"at", IsoTime(*review.replied_at)}};
  }
  return {{"id", review.id},
          {"rating", review.input.rating},
          {"axes", std::move(axes)},
          {"pros", review.input.pros},
          {"cons", review.input.cons},
          {"relation", review.input.relation},
          {"position", review.input.position},
          {"recommend", OrNull(review.input.recommend)},
          {"anonymous", review.input.anonymous},
          {"author", std::move(author)},
          {"is_mine", mine},
          {"reply", std::move(reply)},
          {"created_at", IsoTime(review.created_at)},
          {"updated_at", IsoTime(review.updated_at)}};
}

}  // namespace artel::companies
