#include "views.hpp"

#include "artel/storage/storage.hpp"

namespace artel::hiring {
namespace {

std::optional<ImageView> ImageOf(const std::optional<Image>& image) {
  if (!image) return std::nullopt;
  return storage::ImageOf(image->file, image->thumbnail);
}

ResumeView ResumeOf(const ResumeCard& resume) {
  ResumeView view;
  view.id = resume.id;
  view.user = profiles::CardView(resume.user);
  view.position = resume.position;
  if (resume.salary_amount) view.salary = SalaryView{*resume.salary_amount, resume.salary_currency};
  view.experience_months = resume.experience_months;
  view.experience = resume.experience;
  view.education_level = resume.education_level;
  view.country_id = resume.country_id;
  view.city_id = resume.city_id;
  view.skill_ids = resume.skill_ids;
  view.photo = ImageOf(resume.photo);
  if (resume.last_job_company) {
    view.last_job = LastJobView{*resume.last_job_company, resume.last_job_position.value_or("")};
  }
  view.published_at = resume.published_at;
  view.updated_at = resume.updated_at;
  return view;
}

}  // namespace

ResponseView View(const Response& response) {
  ResponseView view;
  view.id = response.id;
  view.vacancy =
      VacancyView{response.vacancy_id, response.vacancy_title, response.vacancy_status,
                  CompanyView{response.company_id, response.company_name, ImageOf(response.company_logo)}};
  view.resume = ResumeOf(response.resume);
  view.applicant = profiles::CardView(response.applicant);
  view.employer = profiles::CardView(response.employer);
  view.origin = std::string(OriginName(response.origin));
  view.status = std::string(StatusName(response.status));
  view.letter = response.letter;
  view.discard_reason = response.discard_reason;
  if (response.interview) {
    const auto& interview = *response.interview;
    view.interview_at = interview.at;
    view.interview_format = std::string(InterviewFormatName(interview.format));
    if (!interview.place.empty()) view.interview_place = interview.place;
    if (!interview.message.empty()) view.interview_message = interview.message;
  }
  view.attempts = response.attempts;
  view.reapply_at = response.reapply_at;
  for (auto action : response.actions) view.actions.emplace_back(ActionName(action));
  for (const auto& entry : response.history) {
    view.history.push_back(HistoryView{std::string(ActionName(entry.action)),
                                       std::string(StatusName(entry.status)),
                                       std::string(SideName(entry.actor)), entry.reason, entry.at});
  }
  view.created_at = response.created_at;
  view.updated_at = response.updated_at;
  view.status_changed_at = response.status_changed_at;
  return view;
}

ResponsePageView PageView(const ResponsePage& page) {
  ResponsePageView view;
  for (const auto& response : page.items) view.items.push_back(View(response));
  view.next_cursor = page.next_cursor;
  auto count = [&](Status status) { return page.counts.by_status[static_cast<std::size_t>(status)]; };
  view.counts = CountsView{count(Status::kResponse),  count(Status::kViewed), count(Status::kInterview),
                           count(Status::kOffer),     count(Status::kHired),  count(Status::kDiscarded),
                           count(Status::kWithdrawn), page.counts.total};
  return view;
}

}  // namespace artel::hiring
