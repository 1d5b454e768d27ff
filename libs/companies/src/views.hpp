#pragma once

// The companies' answers (api.yaml: Company, CompanyRating, CompanyAxes, CompanyReview and the lists) as
// plain described structs: web::Api writes them (kernel::ToJson) and checks them against their schemas when
// the routes are bound. What each viewer may see is decided here (is_owner, is_mine, an anonymous review's
// author).

#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/companies/companies.hpp"
#include "artel/core/clock.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"

namespace artel::companies {

/// A rating's axes: each axis' mean with one decimal, null without marks.
struct RatingAxesView {
  std::optional<double> salary;
  std::optional<double> management;
  std::optional<double> team;
  std::optional<double> growth;
  std::optional<double> conditions;
};
BOOST_DESCRIBE_STRUCT(RatingAxesView, (), (salary, management, team, growth, conditions))

struct RatingView {
  std::optional<double> average;
  std::int32_t review_count = 0;
  RatingAxesView axes;
  std::optional<std::int64_t> recommend_percent;
};
BOOST_DESCRIBE_STRUCT(RatingView, (), (average, review_count, axes, recommend_percent))

struct CompanyView {
  std::int64_t id = 0;
  std::string name;
  std::optional<storage::ImageView> logo;
  std::string description;
  std::optional<std::string> website;
  std::string industry;
  std::string size;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::optional<std::int32_t> founded_year;
  bool verified = false;
  RatingView rating;
  /// Filled by a contributor (vacancies); 0 without one.
  std::int64_t vacancy_count = 0;
  bool is_owner = false;
  TimePoint created_at;
};
BOOST_DESCRIBE_STRUCT(CompanyView, (),
                      (id, name, logo, description, website, industry, size, country_id, city_id,
                       founded_year, verified, rating, vacancy_count, is_owner, created_at))

struct MyCompaniesView {
  std::vector<CompanyView> items;
};
BOOST_DESCRIBE_STRUCT(MyCompaniesView, (), (items))

/// A review's axes: each 1–5 or null.
struct ReviewAxesView {
  std::optional<std::int32_t> salary;
  std::optional<std::int32_t> management;
  std::optional<std::int32_t> team;
  std::optional<std::int32_t> growth;
  std::optional<std::int32_t> conditions;
};
BOOST_DESCRIBE_STRUCT(ReviewAxesView, (), (salary, management, team, growth, conditions))

struct ReplyView {
  std::string text;
  TimePoint at;
};
BOOST_DESCRIBE_STRUCT(ReplyView, (), (text, at))

struct ReviewView {
  std::int64_t id = 0;
  std::int32_t rating = 0;
  ReviewAxesView axes;
  std::string pros;
  std::string cons;
  std::string relation;
  std::string position;
  std::optional<bool> recommend;
  bool anonymous = false;
  std::optional<profiles::UserCardView> author;
  bool is_mine = false;
  std::optional<ReplyView> reply;
  TimePoint created_at;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(ReviewView, (),
                      (id, rating, axes, pros, cons, relation, position, recommend, anonymous, author,
                       is_mine, reply, created_at, updated_at))

/// GET /api/companies/{id}/reviews/mine: the caller's review, or null before they write one.
struct MyReviewView {
  std::optional<ReviewView> review;
};
BOOST_DESCRIBE_STRUCT(MyReviewView, (), (review))

struct ReviewPageView {
  std::vector<ReviewView> items;
  std::optional<std::string> next_cursor;
};
BOOST_DESCRIBE_STRUCT(ReviewPageView, (), (items, next_cursor))

/// {average, review_count, axes, recommend_percent} from the stored sums.
RatingView RatingOf(const Company& company);
/// The company for `viewer_id` (is_owner) with the properties the contributors added (`contributed`:
/// vacancy_count).
CompanyView View(const Company& company, std::optional<std::int64_t> viewer_id,
                 const boost::json::object& contributed = {});
/// The review for `viewer_id`: `author` is null for an anonymous review unless the viewer wrote it (nobody
/// else, the company's owner included, ever learns who did).
ReviewView View(const Review& review, std::optional<std::int64_t> viewer_id);
ReviewPageView PageView(const ReviewPage& page, std::optional<std::int64_t> viewer_id);

}  // namespace artel::companies
