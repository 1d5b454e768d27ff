#include "views.hpp"

#include "artel/db/pool.hpp"
#include "artel/kernel/money.hpp"
#include "artel/kernel/user_card.hpp"

namespace artel::resumes {

ResumeCardView CardView(const db::Row& row) {
  ResumeCardView card;
  card.id = row.Get<std::int64_t>("id");
  card.user = profiles::CardView(kernel::ReadUserCard(row, "user"));
  card.position = row.Get<std::string>("position");
  card.category_id = row.Get<std::int32_t>("category_id");
  if (auto amount = row.Get<std::optional<std::int64_t>>("salary_amount"))
    card.salary = SalaryView{*amount, row.Get<std::string>("salary_currency")};
  card.experience_months = row.Get<std::int32_t>("experience_months");
  card.experience_bucket = row.Get<std::string>("experience");
  card.education_level = row.Get<std::string>("education_level");
  card.country_id = row.Get<std::optional<std::int32_t>>("country_id");
  card.city_id = row.Get<std::optional<std::int32_t>>("city_id");
  card.skill_ids = row.Get<std::vector<std::int64_t>>("skill_ids");
  if (auto photo = row.Get<std::optional<std::string>>("photo"))
    card.photo = storage::ImageOf(*photo, row.Get<std::string>("photo_thumbnail"));
  if (auto company = row.Get<std::optional<std::string>>("last_company"))
    card.last_job = LastJobView{*company, row.Get<std::string>("last_position")};
  card.published_at = row.Get<std::optional<TimePoint>>("published_at");
  card.updated_at = row.Get<TimePoint>("updated_at");
  return card;
}

}  // namespace artel::resumes
