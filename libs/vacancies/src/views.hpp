#pragma once

// The vacancies answers (api.yaml: Vacancy, CompanyCard, VacancyCard, MyVacancyCard, VacancyPage,
// MyVacancyPage, OrderCounts) as plain described structs: web::Api writes them (kernel::ToJson) and checks
// them against their schemas when the routes are bound.

#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/storage/storage.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::vacancies {

struct CompanyCardView {
  std::int64_t id = 0;
  std::string name;
  std::optional<storage::ImageView> logo;
  bool verified = false;
  /// The average review rating to one decimal; null without reviews.
  std::optional<double> rating;
  std::int64_t review_count = 0;
};
BOOST_DESCRIBE_STRUCT(CompanyCardView, (), (id, name, logo, verified, rating, review_count))

/// A vacancy as `viewer` may see it: the contact for signed-in callers, the response counters for the owner.
struct VacancyView {
  std::int64_t id = 0;
  CompanyCardView company;
  std::string title;
  std::int32_t category_id = 0;
  std::optional<std::int32_t> specialization_id;
  std::string description;
  std::vector<std::int64_t> skill_ids;
  std::optional<Salary> salary;
  std::string employment;
  std::string schedule;
  std::string experience;
  std::string education;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::string address;
  std::optional<Contact> contact;
  std::string status;
  std::optional<TimePoint> published_at;
  std::optional<TimePoint> expires_at;
  std::optional<TimePoint> archived_at;
  TimePoint created_at;
  TimePoint updated_at;
  bool is_owner = false;
  std::optional<std::int32_t> response_count;
  std::optional<std::int32_t> new_response_count;
};
BOOST_DESCRIBE_STRUCT(VacancyView, (),
                      (id, company, title, category_id, specialization_id, description, skill_ids, salary,
                       employment, schedule, experience, education, country_id, city_id, address, contact,
                       status, published_at, expires_at, archived_at, created_at, updated_at, is_owner,
                       response_count, new_response_count))

/// A list's card: the description's first kExcerptLength characters.
struct VacancyCardView {
  std::int64_t id = 0;
  std::string title;
  CompanyCardView company;
  std::optional<Salary> salary;
  std::string employment;
  std::string schedule;
  std::string experience;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::vector<std::int64_t> skill_ids;
  std::string excerpt;
  std::optional<TimePoint> published_at;
};
BOOST_DESCRIBE_STRUCT(VacancyCardView, (),
                      (id, title, company, salary, employment, schedule, experience, country_id, city_id,
                       skill_ids, excerpt, published_at))

/// The owner's card (the schema's allOf: VacancyCard and the owner's fields).
struct MyVacancyCardView : VacancyCardView {
  std::string status;
  std::optional<TimePoint> expires_at;
  std::int32_t response_count = 0;
  std::int32_t new_response_count = 0;
};
BOOST_DESCRIBE_STRUCT(MyVacancyCardView, (VacancyCardView),
                      (status, expires_at, response_count, new_response_count))

struct VacancyPageView {
  std::vector<VacancyCardView> items;
  std::optional<std::string> next_cursor;
  std::optional<std::string> corrected;
};
BOOST_DESCRIBE_STRUCT(VacancyPageView, (), (items, next_cursor, corrected))

struct MyVacancyPageView {
  std::vector<MyVacancyCardView> items;
  std::optional<std::string> next_cursor;
};
BOOST_DESCRIBE_STRUCT(MyVacancyPageView, (), (items, next_cursor))

struct CategoryCountView {
  std::int32_t category_id = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(CategoryCountView, (), (category_id, count))

/// The platform's OrderCounts: the total and each category's count.
struct CountsView {
  std::int64_t total = 0;
  std::vector<CategoryCountView> categories;
};
BOOST_DESCRIBE_STRUCT(CountsView, (), (total, categories))

CompanyCardView CompanyView(const CompanyCard& company);
VacancyView View(const Vacancy& vacancy, std::optional<std::int64_t> viewer_id);
VacancyCardView CardView(const Vacancy& vacancy);
MyVacancyCardView MyCardView(const Vacancy& vacancy);
VacancyPageView PageView(const Page& page);
MyVacancyPageView MyPageView(const Page& page);
CountsView CountsOf(const std::vector<CategoryCount>& counts);

}  // namespace artel::vacancies
