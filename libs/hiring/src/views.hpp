#pragma once

// The hiring answers (api.yaml: Response, ResponseResume, ResponseHistoryEntry, ResponseCounts, ResponsePage)
// as plain described structs: web::Api writes them (kernel::ToJson) and checks them against their schemas
// when the routes are bound.

#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/hiring/hiring.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/resumes/views.hpp"
#include "artel/storage/storage.hpp"

namespace artel::hiring {

using storage::ImageView;

// A resume's salary and last job are shown as resumes' own cards show them.
using resumes::LastJobView;
using resumes::SalaryView;

struct ResumeView {
  std::int64_t id = 0;
  profiles::UserCardView user;
  std::string position;
  std::optional<SalaryView> salary;
  std::int32_t experience_months = 0;
  std::string experience;
  std::string education_level;
  std::optional<std::int64_t> country_id;
  std::optional<std::int64_t> city_id;
  std::vector<std::int64_t> skill_ids;
  std::optional<ImageView> photo;
  std::optional<LastJobView> last_job;
  std::optional<TimePoint> published_at;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(ResumeView, (),
                      (id, user, position, salary, experience_months, experience, education_level, country_id,
                       city_id, skill_ids, photo, last_job, published_at, updated_at))

struct CompanyView {
  std::int64_t id = 0;
  std::string name;
  std::optional<ImageView> logo;
};
BOOST_DESCRIBE_STRUCT(CompanyView, (), (id, name, logo))

struct VacancyView {
  std::int64_t id = 0;
  std::string title;
  std::string status;
  CompanyView company;
};
BOOST_DESCRIBE_STRUCT(VacancyView, (), (id, title, status, company))

struct HistoryView {
  std::string action;
  std::string status;
  std::string actor;
  std::optional<std::string> reason;
  TimePoint at;
};
BOOST_DESCRIBE_STRUCT(HistoryView, (), (action, status, actor, reason, at))

struct ResponseView {
  std::int64_t id = 0;
  VacancyView vacancy;
  ResumeView resume;
  profiles::UserCardView applicant;
  profiles::UserCardView employer;
  std::string origin;
  std::string status;
  std::string letter;
  std::optional<std::string> discard_reason;
  std::optional<TimePoint> interview_at;
  std::optional<std::string> interview_format;
  std::optional<std::string> interview_place;
  std::optional<std::string> interview_message;
  std::int32_t attempts = 0;
  std::optional<TimePoint> reapply_at;
  std::vector<std::string> actions;
  std::vector<HistoryView> history;
  TimePoint created_at;
  TimePoint updated_at;
  TimePoint status_changed_at;
};
BOOST_DESCRIBE_STRUCT(ResponseView, (),
                      (id, vacancy, resume, applicant, employer, origin, status, letter, discard_reason,
                       interview_at, interview_format, interview_place, interview_message, attempts,
                       reapply_at, actions, history, created_at, updated_at, status_changed_at))

struct CountsView {
  std::int64_t response = 0;
  std::int64_t viewed = 0;
  std::int64_t interview = 0;
  std::int64_t offer = 0;
  std::int64_t hired = 0;
  std::int64_t discarded = 0;
  std::int64_t withdrawn = 0;
  std::int64_t total = 0;
};
BOOST_DESCRIBE_STRUCT(CountsView, (),
                      (response, viewed, interview, offer, hired, discarded, withdrawn, total))

struct ResponsePageView {
  std::vector<ResponseView> items;
  std::optional<std::string> next_cursor;
  CountsView counts;
};
BOOST_DESCRIBE_STRUCT(ResponsePageView, (), (items, next_cursor, counts))

/// GET /api/vacancies/{id}/my-response: the caller's response or null.
struct MyResponseView {
  std::optional<ResponseView> response;
};
BOOST_DESCRIBE_STRUCT(MyResponseView, (), (response))

ResponseView View(const Response& response);
ResponsePageView PageView(const ResponsePage& page);

}  // namespace artel::hiring
