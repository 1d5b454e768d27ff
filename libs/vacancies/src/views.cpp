// What each viewer of a vacancy sees, as the described answers of views.hpp.

#include "views.hpp"

#include <cmath>

#include "artel/vacancies/state_machine.hpp"
#include "artel/web/json.hpp"

namespace artel::vacancies {

CompanyCardView CompanyView(const CompanyCard& company) {
  CompanyCardView view;
  view.id = company.id;
  view.name = company.name;
  if (company.logo && company.logo_thumbnail)
    view.logo = storage::ImageOf(*company.logo, *company.logo_thumbnail);
  if (company.review_count > 0) {
    view.rating = std::round(static_cast<double>(company.rating_sum) * 10.0 /
                             static_cast<double>(company.review_count)) /
                  10.0;
  }
  view.verified = company.verified;
  view.review_count = company.review_count;
  return view;
}

VacancyView View(const Vacancy& vacancy, std::optional<std::int64_t> viewer_id) {
  const bool owner = viewer_id && *viewer_id == vacancy.owner_id;
  VacancyView view;
  view.id = vacancy.id;
  view.company = CompanyView(vacancy.company);
  view.title = vacancy.title;
  view.category_id = vacancy.category_id;
  view.specialization_id = vacancy.specialization_id;
  view.description = vacancy.description;
  view.skill_ids = vacancy.skill_ids;
  view.salary = vacancy.salary;
  view.employment = vacancy.employment;
  view.schedule = vacancy.schedule;
  view.experience = vacancy.experience;
  view.education = vacancy.education;
  view.country_id = vacancy.country_id;
  view.city_id = vacancy.city_id;
  view.address = vacancy.address;
  if (viewer_id) view.contact = vacancy.contact;
  view.status = std::string(StatusName(vacancy.status));
  view.published_at = vacancy.published_at;
  view.expires_at = vacancy.expires_at;
  view.archived_at = vacancy.archived_at;
  view.created_at = vacancy.created_at;
  view.updated_at = vacancy.updated_at;
  view.is_owner = owner;
  if (owner) {
    view.response_count = vacancy.response_count;
    view.new_response_count = vacancy.new_response_count;
  }
  return view;
}

VacancyCardView CardView(const Vacancy& vacancy) {
  VacancyCardView card;
  card.id = vacancy.id;
  card.title = vacancy.title;
  card.company = CompanyView(vacancy.company);
  card.salary = vacancy.salary;
  card.employment = vacancy.employment;
  card.schedule = vacancy.schedule;
  card.experience = vacancy.experience;
  card.country_id = vacancy.country_id;
  card.city_id = vacancy.city_id;
  card.skill_ids = vacancy.skill_ids;
  card.excerpt = web::Utf8Prefix(vacancy.description, kExcerptLength);
  card.published_at = vacancy.published_at;
  return card;
}

MyVacancyCardView MyCardView(const Vacancy& vacancy) {
  MyVacancyCardView card;
  static_cast<VacancyCardView&>(card) = CardView(vacancy);
  card.status = std::string(StatusName(vacancy.status));
  card.expires_at = vacancy.expires_at;
  card.response_count = vacancy.response_count;
  card.new_response_count = vacancy.new_response_count;
  return card;
}

VacancyPageView PageView(const Page& page) {
  VacancyPageView view;
  view.items.reserve(page.items.size());
  for (const auto& vacancy : page.items) view.items.push_back(CardView(vacancy));
  view.next_cursor = page.next_cursor;
  view.corrected = page.corrected;
  return view;
}

MyVacancyPageView MyPageView(const Page& page) {
  MyVacancyPageView view;
  view.items.reserve(page.items.size());
  for (const auto& vacancy : page.items) view.items.push_back(MyCardView(vacancy));
  view.next_cursor = page.next_cursor;
  return view;
}

CountsView CountsOf(const std::vector<CategoryCount>& counts) {
  CountsView view;
  for (const auto& count : counts) {
    view.total += count.count;
    view.categories.push_back({count.category_id, count.count});
  }
  return view;
}

}  // namespace artel::vacancies
