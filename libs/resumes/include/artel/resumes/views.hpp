#pragma once

// What resumes answer (libs/resumes/api.yaml: Resume, ResumeCard, MyResumeCard, ResumePage, OrderCounts), as
// plain described structs: web::Api writes them (kernel::ToJson) and checks them against their schemas at
// start-up; the service builds them from its rows (src/views.cpp), so other modules (favourites) read fields,
// not JSON.

#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"

namespace artel::resumes {

struct SalaryView {
  std::int64_t amount = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(SalaryView, (), (amount, currency))

struct LastJobView {
  std::string company;
  std::string position;
};
BOOST_DESCRIBE_STRUCT(LastJobView, (), (company, position))

/// ResumeCard: a published resume in the public list.
struct ResumeCardView {
  std::int64_t id = 0;
  profiles::UserCardView user;
  std::string position;
  std::int32_t category_id = 0;
  std::optional<SalaryView> salary;
  std::int32_t experience_months = 0;
  std::string experience_bucket;
  std::string education_level;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::vector<std::int64_t> skill_ids;
  std::optional<storage::ImageView> photo;
  std::optional<LastJobView> last_job;
  std::optional<TimePoint> published_at;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(ResumeCardView, (),
                      (id, user, position, category_id, salary, experience_months, experience_bucket,
                       education_level, country_id, city_id, skill_ids, photo, last_job, published_at,
                       updated_at))

/// MyResumeCard: the card with its state, in the owner's list.
struct MyResumeCardView : ResumeCardView {
  std::string status;
  std::string visibility;
};
BOOST_DESCRIBE_STRUCT(MyResumeCardView, (ResumeCardView), (status, visibility))

struct MyResumesView {
  std::vector<MyResumeCardView> items;
};
BOOST_DESCRIBE_STRUCT(MyResumesView, (), (items))

struct ExperienceView {
  std::int64_t id = 0;
  std::string company;
  std::string position;
  std::string start;
  std::optional<std::string> end;
  std::string description;
};
BOOST_DESCRIBE_STRUCT(ExperienceView, (), (id, company, position, start, end, description))

struct EducationView {
  std::string level;
  std::string institution;
  std::string specialty;
  std::optional<std::int32_t> graduation_year;
};
BOOST_DESCRIBE_STRUCT(EducationView, (), (level, institution, specialty, graduation_year))

struct LanguageView {
  std::string code;
  std::string level;
};
BOOST_DESCRIBE_STRUCT(LanguageView, (), (code, level))

/// Resume: one resume as the visibility rule shows it.
struct ResumeView {
  std::int64_t id = 0;
  profiles::UserCardView user;
  std::string position;
  std::int32_t category_id = 0;
  std::vector<std::int64_t> specialization_ids;
  std::optional<SalaryView> salary;
  std::vector<std::string> employments;
  std::vector<std::string> schedules;
  std::vector<ExperienceView> experience;
  std::vector<EducationView> education;
  std::vector<std::int64_t> skill_ids;
  std::vector<LanguageView> languages;
  std::string about;
  std::optional<std::int32_t> citizenship_id;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  bool relocate = false;
  bool business_trips = false;
  std::string visibility;
  std::int32_t experience_months = 0;
  std::string experience_bucket;
  std::string education_level;
  std::optional<storage::ImageView> photo;
  std::string status;
  std::optional<TimePoint> published_at;
  TimePoint created_at;
  TimePoint updated_at;
  bool is_owner = false;
};
BOOST_DESCRIBE_STRUCT(ResumeView, (),
                      (id, user, position, category_id, specialization_ids, salary, employments, schedules,
                       experience, education, skill_ids, languages, about, citizenship_id, country_id,
                       city_id, relocate, business_trips, visibility, experience_months, experience_bucket,
                       education_level, photo, status, published_at, created_at, updated_at, is_owner))

/// ResumePage: one page of the public list.
struct ResumePageView {
  std::vector<ResumeCardView> items;
  std::optional<std::string> next_cursor;
  std::optional<std::string> corrected;
};
BOOST_DESCRIBE_STRUCT(ResumePageView, (), (items, next_cursor, corrected))

struct CategoryCountView {
  std::int32_t category_id = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(CategoryCountView, (), (category_id, count))

/// OrderCounts: how many per category under the same filters.
struct CountsView {
  std::int64_t total = 0;
  std::vector<CategoryCountView> categories;
};
BOOST_DESCRIBE_STRUCT(CountsView, (), (total, categories))

}  // namespace artel::resumes
