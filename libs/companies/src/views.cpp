// What each viewer sees of a company and its reviews (views.hpp).

#include "views.hpp"

#include <cmath>

namespace artel::companies {
namespace {

/// A mean with one decimal (4.25 → 4.3), null without values.
std::optional<double> Mean(std::int64_t sum, std::int64_t count) {
  if (count <= 0) return std::nullopt;
  return std::round(10.0 * static_cast<double>(sum) / static_cast<double>(count)) / 10.0;
}

/// The five axes in kAxes' order (salary, management, team, growth, conditions).
template <class Axes, class Value>
Axes AxesOf(const std::array<Value, kAxes.size()>& values) {
  static_assert(kAxes.size() == 5);
  return Axes{values[0], values[1], values[2], values[3], values[4]};
}

}  // namespace

RatingView RatingOf(const Company& company) {
  std::array<std::optional<double>, kAxes.size()> means;
  for (std::size_t i = 0; i < kAxes.size(); ++i)
    means[i] = Mean(company.axis_sums[i], company.axis_counts[i]);
  RatingView rating;
  rating.average = Mean(company.rating_sum, company.review_count);
  rating.review_count = company.review_count;
  rating.axes = AxesOf<RatingAxesView>(means);
  if (company.recommend_count > 0) {
    rating.recommend_percent =
        std::lround(100.0 * company.recommend_yes / static_cast<double>(company.recommend_count));
  }
  return rating;
}

CompanyView View(const Company& company, std::optional<std::int64_t> viewer_id,
                 const boost::json::object& contributed) {
  const auto& f = company.fields;
  CompanyView view;
  view.id = company.id;
  view.name = f.name;
  if (company.logo) view.logo = storage::ImageOf(*company.logo, company.logo_thumbnail);
  view.description = f.description;
  view.website = f.website;
  view.industry = f.industry;
  view.size = f.size;
  view.country_id = f.country_id;
  view.city_id = f.city_id;
  view.founded_year = f.founded_year;
  view.verified = company.verified;
  view.rating = RatingOf(company);
  // The Company schema's property a contributor writes (vacancies: its published vacancies).
  if (const auto* count = contributed.if_contains("vacancy_count"); count != nullptr && count->is_int64()) {
    view.vacancy_count = count->get_int64();
  }
  view.is_owner = viewer_id.has_value() && *viewer_id == company.owner_id;
  view.created_at = company.created_at;
  return view;
}

ReviewView View(const Review& review, std::optional<std::int64_t> viewer_id) {
  const bool mine = viewer_id.has_value() && *viewer_id == review.author.id;
  ReviewView view;
  view.id = review.id;
  view.rating = review.input.rating;
  view.axes = AxesOf<ReviewAxesView>(review.input.axes);
  view.pros = review.input.pros;
  view.cons = review.input.cons;
  view.relation = review.input.relation;
  view.position = review.input.position;
  view.recommend = review.input.recommend;
  view.anonymous = review.input.anonymous;
  // Anonymity: the author's card goes to the author alone; nothing else in the shape names them.
  if (!review.input.anonymous || mine) view.author = profiles::CardView(review.author);
  view.is_mine = mine;
  if (review.reply && review.replied_at) view.reply = ReplyView{*review.reply, *review.replied_at};
  view.created_at = review.created_at;
  view.updated_at = review.updated_at;
  return view;
}

ReviewPageView PageView(const ReviewPage& page, std::optional<std::int64_t> viewer_id) {
  ReviewPageView view;
  view.items.reserve(page.items.size());
  for (const auto& review : page.items) view.items.push_back(View(review, viewer_id));
  view.next_cursor = page.next_cursor;
  return view;
}

}  // namespace artel::companies
