#include "artel/hiring/hiring.hpp"

#include <algorithm>
#include <boost/json/array.hpp>
#include <map>
#include <string>

#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/hiring/events.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/platform/events.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/resumes/grants.hpp"
#include "artel/storage/storage.hpp"
#include "artel/vacancies/counters.hpp"

namespace artel::hiring {
namespace {

using boost::asio::awaitable;

constexpr std::string_view kCursorTag = "u";

// ReadResponse reads the columns of the response statements.
// The statements below read it (static strings: the select list is shared).
const std::string kResponseSelect = R"sql(
SELECT r.id, r.vacancy_id, r.origin, r.status, r.letter, r.discard_reason, r.attempts::int AS attempts,
  r.interview_at, r.interview_format, r.interview_place, r.interview_message,
  r.status_changed_at, r.created_at, r.updated_at,
  v.title AS vacancy_title, v.status AS vacancy_status,
  co.id AS company_id, co.name AS company_name, co.logo AS company_logo,
  co.logo_thumbnail AS company_logo_thumbnail,
  a.id AS applicant_id, a.name AS applicant_name, a.lastname AS applicant_lastname, a.avatar AS applicant_avatar,
  e.id AS employer_id, e.name AS employer_name, e.lastname AS employer_lastname, e.avatar AS employer_avatar,
  rs.id AS resume_id, rs.position AS resume_position, rs.salary_amount, rs.salary_currency::text AS salary_currency,
  rs.experience_months, rs.experience, rs.education_level, rs.country_id::bigint AS country_id,
  rs.city_id::bigint AS city_id, rs.skill_ids::bigint[] AS skill_ids, rs.photo, rs.photo_thumbnail,
  rs.published_at AS resume_published_at, rs.updated_at AS resume_updated_at,
  lj.company AS last_job_company, lj.position AS last_job_position
FROM hiring.responses r
JOIN vacancies.vacancies v ON v.id = r.vacancy_id
JOIN companies.companies co ON co.id = v.company_id
JOIN identity.users a ON a.id = r.applicant_id
JOIN identity.users e ON e.id = r.employer_id
JOIN resumes.resumes rs ON rs.id = r.resume_id
LEFT JOIN LATERAL (
  SELECT x.company, x.position FROM resumes.experience x WHERE x.resume_id = rs.id ORDER BY x.priority, x.id LIMIT 1
) lj ON true
)sql";
const std::string kResponseByIdSql = kResponseSelect + R"sql(WHERE r.id = $1
)sql";
const db::Statement kResponseById{"hiring.response_by_id", kResponseByIdSql};
const std::string kResponseOfVacancySql =
    kResponseSelect + R"sql(WHERE r.vacancy_id = $1 AND r.applicant_id = $2
)sql";
const db::Statement kResponseOfVacancy{"hiring.response_of_vacancy", kResponseOfVacancySql};
// The lists: $1 the owner (vacancy, applicant or resume id), $2 the status or NULL, $3 the limit + 1,
// $4/$5 the cursor's updated_at and id or NULL.
const std::string kVacancyPageSql =
    kResponseSelect + R"sql(WHERE r.vacancy_id = $1 AND ($2::text IS NULL OR r.status = $2)
  AND ($4::timestamptz IS NULL OR (r.updated_at, r.id) < ($4::timestamptz, $5::bigint))
ORDER BY r.updated_at DESC, r.id DESC
LIMIT $3
)sql";
const db::Statement kVacancyPage{"hiring.vacancy_page", kVacancyPageSql};
const std::string kApplicantPageSql =
    kResponseSelect + R"sql(WHERE r.applicant_id = $1 AND ($2::text IS NULL OR r.status = $2)
  AND ($4::timestamptz IS NULL OR (r.updated_at, r.id) < ($4::timestamptz, $5::bigint))
ORDER BY r.updated_at DESC, r.id DESC
LIMIT $3
)sql";
const db::Statement kApplicantPage{"hiring.applicant_page", kApplicantPageSql};
const std::string kResumePageSql =
    kResponseSelect + R"sql(WHERE r.resume_id = $1 AND ($2::text IS NULL OR r.status = $2)
  AND ($4::timestamptz IS NULL OR (r.updated_at, r.id) < ($4::timestamptz, $5::bigint))
ORDER BY r.updated_at DESC, r.id DESC
LIMIT $3
)sql";
const db::Statement kResumePage{"hiring.resume_page", kResumePageSql};

constexpr db::Statement kVacancyCounts{"hiring.vacancy_counts", R"sql(
SELECT status, count(*) AS n FROM hiring.responses WHERE vacancy_id = $1 GROUP BY status
)sql"};
constexpr db::Statement kApplicantCounts{"hiring.applicant_counts", R"sql(
SELECT status, count(*) AS n FROM hiring.responses WHERE applicant_id = $1 GROUP BY status
)sql"};
constexpr db::Statement kResumeCounts{"hiring.resume_counts", R"sql(
SELECT status, count(*) AS n FROM hiring.responses WHERE resume_id = $1 GROUP BY status
)sql"};
constexpr db::Statement kHistoryOf{"hiring.history_of", R"sql(
SELECT response_id, action, status, actor, reason, at
FROM hiring.response_events
WHERE response_id = ANY($1::bigint[])
ORDER BY response_id, id
)sql"};

constexpr db::Statement kVacancy{"hiring.vacancy", R"sql(
SELECT id, owner_id, status, title FROM vacancies.vacancies WHERE id = $1
)sql"};
constexpr db::Statement kResumeOwner{"hiring.resume_owner", R"sql(
SELECT user_id, status FROM resumes.resumes WHERE id = $1
)sql"};
// Whether $2 may see resume $1 (resumes/0025's rule): its owner; anybody when published and public; a
// granted employer while it is published or hidden.
constexpr db::Statement kInsertResponse{"hiring.insert_response", R"sql(
INSERT INTO hiring.responses (vacancy_id, resume_id, applicant_id, employer_id, origin, status, letter,
  status_changed_at, created_at, updated_at, interview_at, interview_format, interview_place)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8, $9, $10, $11)
ON CONFLICT (vacancy_id, applicant_id) DO NOTHING
RETURNING id
)sql"};
constexpr db::Statement kInsertEvent{"hiring.insert_event", R"sql(
INSERT INTO hiring.response_events (response_id, action, status, actor, reason, at)
VALUES ($1, $2, $3, $4, $5, $6)
)sql"};
// The state of a response as a transition reads it (unlocked: the conditional UPDATE decides).
constexpr db::Statement kState{"hiring.state", R"sql(
SELECT r.id, r.vacancy_id, r.resume_id, r.applicant_id, r.employer_id, r.status, r.attempts::int AS attempts,
  r.status_changed_at, v.status AS vacancy_status, v.title AS vacancy_title,
  concat_ws(' ', a.name, nullif(a.lastname, '')) AS applicant_name,
  concat_ws(' ', e.name, nullif(e.lastname, '')) AS employer_name
FROM hiring.responses r
JOIN vacancies.vacancies v ON v.id = r.vacancy_id
JOIN identity.users a ON a.id = r.applicant_id
JOIN identity.users e ON e.id = r.employer_id
WHERE r.id = $1
)sql"};
// One transition: only from the action's from-states (and, for reapply, the attempts read), so of two
// concurrent transitions the second finds the row changed and updates nothing. The interview action writes
// the interview's details ($10–$13); a reapplication (back to response) clears them.
constexpr db::Statement kTransition{"hiring.transition", R"sql(
UPDATE hiring.responses
SET status = $3, status_changed_at = $4, updated_at = $4,
  discard_reason = CASE WHEN $3 = 'discarded' THEN $5::text WHEN $3 = 'response' THEN NULL ELSE discard_reason END,
  interview_at = CASE WHEN $3 = 'interview' THEN $10::timestamptz WHEN $3 = 'response' THEN NULL
    ELSE interview_at END,
  interview_format = CASE WHEN $3 = 'interview' THEN $11::text WHEN $3 = 'response' THEN NULL
    ELSE interview_format END,
  interview_place = CASE WHEN $3 = 'interview' THEN $12::text WHEN $3 = 'response' THEN NULL
    ELSE interview_place END,
  interview_message = CASE WHEN $3 = 'interview' THEN $13::text WHEN $3 = 'response' THEN NULL
    ELSE interview_message END,
  attempts = attempts + $6::int,
  resume_id = coalesce($7::bigint, resume_id),
  letter = coalesce($8::text, letter)
WHERE id = $1 AND status = ANY($2::text[]) AND attempts = $9::int
RETURNING id
)sql"};
constexpr db::Statement kPartyNames{"hiring.party_names", R"sql(
SELECT concat_ws(' ', a.name, nullif(a.lastname, '')) AS applicant_name,
  concat_ws(' ', e.name, nullif(e.lastname, '')) AS employer_name
FROM identity.users a, identity.users e
WHERE a.id = $1 AND e.id = $2
)sql"};
constexpr db::Statement kChatParties{"hiring.chat_parties", R"sql(
SELECT EXISTS (
  SELECT 1 FROM hiring.responses
  WHERE id = $1 AND ((applicant_id = $2 AND employer_id = $3) OR (applicant_id = $3 AND employer_id = $2))
) AS allowed
)sql"};

Error ResponseNotFound() {
  return NotFound({"hiring:not_found", {}});
}

std::optional<Image> ReadImage(const db::Row& row, std::string_view file, std::string_view thumbnail) {
  auto name = row.Get<std::optional<std::string>>(file);
  if (!name) return std::nullopt;
  return Image{*name, row.Get<std::optional<std::string>>(thumbnail).value_or(*name)};
}

Response ReadResponse(const db::Row& row) {
  Response response;
  response.id = row.Get<std::int64_t>("id");
  response.vacancy_id = row.Get<std::int64_t>("vacancy_id");
  response.vacancy_title = row.Get<std::string>("vacancy_title");
  response.vacancy_status = row.Get<std::string>("vacancy_status");
  response.company_id = row.Get<std::int64_t>("company_id");
  response.company_name = row.Get<std::string>("company_name");
  response.company_logo = ReadImage(row, "company_logo", "company_logo_thumbnail");
  response.applicant = kernel::ReadUserCard(row, "applicant");
  response.employer = kernel::ReadUserCard(row, "employer");
  response.origin = ParseOrigin(row.Get<std::string_view>("origin")).value_or(Origin::kResponse);
  response.status = ParseStatus(row.Get<std::string_view>("status")).value_or(Status::kResponse);
  response.letter = row.Get<std::string>("letter");
  response.discard_reason = row.Get<std::optional<std::string>>("discard_reason");
  if (auto at = row.Get<std::optional<TimePoint>>("interview_at")) {
    Interview interview;
    interview.at = *at;
    interview.format =
        ParseInterviewFormat(row.Get<std::optional<std::string>>("interview_format").value_or(""))
            .value_or(InterviewFormat::kOnline);
    interview.place = row.Get<std::optional<std::string>>("interview_place").value_or("");
    interview.message = row.Get<std::optional<std::string>>("interview_message").value_or("");
    response.interview = std::move(interview);
  }
  response.attempts = row.Get<std::int32_t>("attempts");
  response.status_changed_at = row.Get<TimePoint>("status_changed_at");
  response.created_at = row.Get<TimePoint>("created_at");
  response.updated_at = row.Get<TimePoint>("updated_at");
  auto& resume = response.resume;
  resume.id = row.Get<std::int64_t>("resume_id");
  resume.user = response.applicant;
  resume.position = row.Get<std::string>("resume_position");
  resume.salary_amount = row.Get<std::optional<std::int64_t>>("salary_amount");
  resume.salary_currency = row.Get<std::string>("salary_currency");
  resume.experience_months = row.Get<std::int32_t>("experience_months");
  resume.experience = row.Get<std::string>("experience");
  resume.education_level = row.Get<std::string>("education_level");
  resume.country_id = row.Get<std::optional<std::int64_t>>("country_id");
  resume.city_id = row.Get<std::optional<std::int64_t>>("city_id");
  resume.skill_ids = row.Get<std::vector<std::int64_t>>("skill_ids");
  resume.photo = ReadImage(row, "photo", "photo_thumbnail");
  resume.last_job_company = row.Get<std::optional<std::string>>("last_job_company");
  resume.last_job_position = row.Get<std::optional<std::string>>("last_job_position");
  resume.published_at = row.Get<std::optional<TimePoint>>("resume_published_at");
  resume.updated_at = row.Get<TimePoint>("resume_updated_at");
  return response;
}

/// A response's or an invitation's input, whoever sends it: an id and a letter of at most kMaxLetterLength.
void CheckSend(std::string_view id_field, std::int64_t id, std::string_view letter) {
  ValidationErrors errors;
  if (id < 1) errors.Add(std::string(id_field), {"validation:type.integer", {}});
  // At most kMaxLetterLength characters, the rule api.yaml states for the edge (and hiring/0026's checks).
  errors.CheckLength("letter", letter, 0, kMaxLetterLength);
  errors.ThrowIfAny();
}

/// A link an online interview may give: http or https, no blanks.
bool IsMeetingLink(std::string_view place) {
  if (!place.starts_with("https://") && !place.starts_with("http://")) return false;
  const auto rest = place.substr(place.find("//") + 2);
  if (rest.empty()) return false;
  return std::ranges::none_of(place, [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

/// An optional text as a nullable column: blank → NULL.
std::optional<std::string> NullIfEmpty(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

/// The viewer's side, actions and reapply date.
void ForViewer(Response& response, std::int64_t user_id, TimePoint now) {
  response.viewer = user_id == response.employer.id ? Side::kEmployer : Side::kApplicant;
  response.actions = ActionsOf(response.status, response.viewer);
  response.reapply_at.reset();
  if (response.viewer != Side::kApplicant) return;
  response.reapply_at = ReapplyAt(response.status, response.attempts, response.status_changed_at,
                                  response.vacancy_status == "published");
  if (!response.reapply_at || *response.reapply_at > now) {
    std::erase(response.actions, Action::kReapply);
  }
}

Counts ReadCounts(const db::Result& rows) {
  Counts counts;
  for (auto row : rows) {
    auto status = ParseStatus(row.Get<std::string_view>("status"));
    const auto n = row.Get<std::int64_t>("n");
    if (status) counts.by_status[static_cast<std::size_t>(*status)] = n;
    counts.total += n;
  }
  return counts;
}

ResponseRef RefOf(const db::Row& state) {
  ResponseRef ref;
  ref.id = state.Get<std::int64_t>("id");
  ref.vacancy_id = state.Get<std::int64_t>("vacancy_id");
  ref.vacancy_title = state.Get<std::string>("vacancy_title");
  ref.applicant_id = state.Get<std::int64_t>("applicant_id");
  ref.employer_id = state.Get<std::int64_t>("employer_id");
  ref.applicant_name = state.Get<std::string>("applicant_name");
  ref.employer_name = state.Get<std::string>("employer_name");
  return ref;
}

std::optional<std::string> StatusParam(const ListQuery& query) {
  if (!query.status) return std::nullopt;
  return std::string(StatusName(*query.status));
}

}  // namespace

std::string_view InterviewFormatName(InterviewFormat format) noexcept {
  switch (format) {
    case InterviewFormat::kInPerson:
      return "in_person";
    case InterviewFormat::kOnline:
      return "online";
    case InterviewFormat::kPhone:
      return "phone";
  }
  return "online";
}

std::optional<InterviewFormat> ParseInterviewFormat(std::string_view name) noexcept {
  for (auto format : {InterviewFormat::kInPerson, InterviewFormat::kOnline, InterviewFormat::kPhone}) {
    if (InterviewFormatName(format) == name) return format;
  }
  return std::nullopt;
}

std::optional<Interview> CheckInterview(const InterviewInput& input, TimePoint now, bool required) {
  const std::string place(Trim(input.place));
  const std::string message(Trim(input.message));
  ValidationErrors errors;
  errors.CheckLength("interview_place", place, 0, kMaxInterviewPlaceLength);
  errors.CheckLength("interview_message", message, 0, kMaxInterviewMessageLength);
  const bool given = input.at || input.format || !place.empty() || !message.empty();
  if (!required && !given) {
    errors.ThrowIfAny();
    return std::nullopt;
  }
  if (!input.at) {
    errors.Add("interview_at", {"hiring:interview_at_required", {}});
  } else if (*input.at <= now) {
    errors.Add("interview_at", {"hiring:interview_at_past", {}});
  } else if (*input.at > now + std::chrono::days(kMaxInterviewDaysAhead)) {
    errors.Add("interview_at",
               {"hiring:interview_at_too_far", {{"count", std::to_string(kMaxInterviewDaysAhead)}}});
  }
  std::optional<InterviewFormat> format;
  if (!input.format) {
    errors.Add("interview_format", {"hiring:interview_format_required", {}});
  } else {
    format = ParseInterviewFormat(*input.format);
    if (!format) errors.Add("interview_format", {"hiring:interview_format_invalid", {}});
  }
  if (format && !errors.Has("interview_place")) {
    if (*format == InterviewFormat::kInPerson && place.empty()) {
      errors.Add("interview_place", {"hiring:interview_address_required", {}});
    } else if (*format == InterviewFormat::kOnline && place.empty()) {
      errors.Add("interview_place", {"hiring:interview_link_required", {}});
    } else if (*format == InterviewFormat::kOnline && !IsMeetingLink(place)) {
      errors.Add("interview_place", {"hiring:interview_link_invalid", {}});
    }
  }
  errors.ThrowIfAny();
  Interview interview;
  interview.at = *input.at;
  interview.format = *format;
  interview.place = place;
  interview.message = message;
  return interview;
}

struct Hiring::Impl {
  Impl(db::Pool& p, platform::EventBus& e, const Clock& c) : pool(p), events(e), clock(c) {}

  db::Pool& pool;
  platform::EventBus& events;
  const Clock& clock;

  /// The responses' histories, filled in.
  awaitable<void> LoadHistories(std::vector<Response>& responses) {
    if (responses.empty()) co_return;
    std::vector<std::int64_t> ids;
    for (const auto& response : responses) ids.push_back(response.id);
    auto rows = co_await pool.Query(kHistoryOf, ids);
    std::map<std::int64_t, std::vector<HistoryEntry>> by_response;
    for (auto row : rows) {
      HistoryEntry entry;
      entry.action = ParseAction(row.Get<std::string_view>("action")).value_or(Action::kApply);
      entry.status = ParseStatus(row.Get<std::string_view>("status")).value_or(Status::kResponse);
      entry.actor = ParseSide(row.Get<std::string_view>("actor")).value_or(Side::kApplicant);
      entry.reason = row.Get<std::optional<std::string>>("reason");
      entry.at = row.Get<TimePoint>("at");
      by_response[row.Get<std::int64_t>("response_id")].push_back(std::move(entry));
    }
    for (auto& response : responses) response.history = std::move(by_response[response.id]);
  }

  awaitable<ResponsePage> Page(const db::Statement& statement, const db::Statement& counts_statement,
                               std::int64_t owner, std::int64_t user_id, const ListQuery& query) {
    std::optional<TimePoint> after;
    std::optional<std::int64_t> after_id;
    if (query.cursor) {
      auto decoded = kernel::DecodeCursor(kCursorTag, *query.cursor);
      if (!decoded || !decoded->flags.empty())
        throw ValidationFailed("cursor", {"hiring:cursor_invalid", {}});
      after = kernel::CursorTime(decoded->key);
      after_id = decoded->id;
    }
    const std::int64_t fetch = query.limit + 1;
    const auto status = StatusParam(query);
    auto rows = co_await pool.Query(statement, owner, status, fetch, after, after_id);
    auto count_rows = co_await pool.Query(counts_statement, owner);
    ResponsePage page;
    const TimePoint now = clock.Now();
    for (auto row : rows) {
      if (page.items.size() == static_cast<std::size_t>(query.limit)) break;
      page.items.push_back(ReadResponse(row));
      ForViewer(page.items.back(), user_id, now);
    }
    if (rows.Size() > static_cast<std::size_t>(query.limit) && !page.items.empty()) {
      const auto& last = page.items.back();
      page.next_cursor = kernel::EncodeCursor(kCursorTag, kernel::CursorKey(last.updated_at), last.id);
    }
    co_await LoadHistories(page.items);
    page.counts = ReadCounts(count_rows);
    co_return page;
  }

  awaitable<Response> Load(std::int64_t user_id, std::int64_t response_id) {
    auto rows = co_await pool.Query(kResponseById, response_id);
    if (rows.Empty()) throw ResponseNotFound();
    std::vector<Response> responses{ReadResponse(rows.One())};
    auto& response = responses.front();
    if (response.applicant.id != user_id && response.employer.id != user_id) throw ResponseNotFound();
    ForViewer(response, user_id, clock.Now());
    co_await LoadHistories(responses);
    co_return std::move(responses.front());
  }

  awaitable<ResponseRef> RefAfterInsert(db::Transaction& tx, std::int64_t id, std::int64_t vacancy_id,
                                        std::string_view title, std::int64_t applicant_id,
                                        std::int64_t employer_id) {
    auto names = co_await tx.Query(kPartyNames, applicant_id, employer_id);
    ResponseRef ref;
    ref.id = id;
    ref.vacancy_id = vacancy_id;
    ref.vacancy_title = std::string(title);
    ref.applicant_id = applicant_id;
    ref.employer_id = employer_id;
    if (!names.Empty()) {
      ref.applicant_name = names.One().Get<std::string>("applicant_name");
      ref.employer_name = names.One().Get<std::string>("employer_name");
    }
    co_return ref;
  }
};

Hiring::Hiring(db::Pool& pool, platform::EventBus& events, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, events, clock)) {}

Hiring::~Hiring() = default;

const Clock& Hiring::GetClock() const noexcept {
  return impl_->clock;
}

awaitable<Response> Hiring::Respond(std::int64_t user_id, std::int64_t vacancy_id, std::int64_t resume_id,
                                    std::string letter) {
  CheckSend("resume_id", resume_id, letter);
  const TimePoint now = impl_->clock.Now();
  std::int64_t response_id = 0;
  {
    auto tx = co_await impl_->pool.Begin();
    auto vacancy_rows = co_await tx.Query(kVacancy, vacancy_id);
    if (vacancy_rows.Empty()) throw NotFound({"hiring:vacancy_not_found", {}});
    auto vacancy = vacancy_rows.One();
    const auto owner_id = vacancy.Get<std::int64_t>("owner_id");
    const auto vacancy_status = vacancy.Get<std::string>("status");
    const auto title = vacancy.Get<std::string>("title");
    if (vacancy_status == "draft" && owner_id != user_id) throw NotFound({"hiring:vacancy_not_found", {}});
    if (owner_id == user_id) throw Conflict({"hiring:own_vacancy", {}});
    auto resume_rows = co_await tx.Query(kResumeOwner, resume_id);
    if (resume_rows.Empty() || resume_rows.One().Get<std::int64_t>("user_id") != user_id ||
        resume_rows.One().Get<std::string_view>("status") != "published") {
      throw ValidationFailed("resume_id", {"hiring:resume_invalid", {}});
    }
    if (vacancy_status != "published") throw Conflict({"hiring:vacancy_closed", {}});
    // A response is contact with the employer: a blocked employer's vacancy takes none (409).
    co_await profiles::RequireContactable(tx, owner_id);
    const std::string origin(OriginName(Origin::kResponse));
    const std::string status(StatusName(Status::kResponse));
    const std::optional<TimePoint> no_time;
    const std::optional<std::string> no_text;
    auto inserted = co_await tx.Query(kInsertResponse, vacancy_id, resume_id, user_id, owner_id, origin,
                                      status, letter, now, no_time, no_text, no_text);
    if (inserted.Empty()) throw Conflict({"hiring:already_responded", {}});
    response_id = inserted.One().Get<std::int64_t>("id");
    const std::string action(ActionName(Action::kApply));
    const std::string actor(SideName(Side::kApplicant));
    const std::optional<std::string> no_reason;
    co_await tx.Query(kInsertEvent, response_id, action, status, actor, no_reason, now);
    co_await vacancies::Counters::AddResponse(tx, vacancy_id);
    co_await resumes::Grants::Grant(tx, resume_id, owner_id);
    ResponseReceived event;
    event.response = co_await impl_->RefAfterInsert(tx, response_id, vacancy_id, title, user_id, owner_id);
    event.action = Action::kApply;
    event.at = now;
    co_await impl_->events.Publish(tx, event);
    co_await tx.Commit();
  }
  co_return co_await impl_->Load(user_id, response_id);
}

awaitable<Response> Hiring::Invite(std::int64_t user_id, std::int64_t resume_id, std::int64_t vacancy_id,
                                   std::string letter, InterviewInput interview_input) {
  CheckSend("vacancy_id", vacancy_id, letter);
  const TimePoint now = impl_->clock.Now();
  // The invitation's letter is its message: the details' own message is not taken here.
  interview_input.message.clear();
  const std::optional<Interview> interview = CheckInterview(interview_input, now, false);
  std::optional<TimePoint> interview_at;
  std::optional<std::string> interview_format;
  std::optional<std::string> interview_place;
  if (interview) {
    interview_at = interview->at;
    interview_format = std::string(InterviewFormatName(interview->format));
    interview_place = NullIfEmpty(interview->place);
  }
  std::int64_t response_id = 0;
  {
    auto tx = co_await impl_->pool.Begin();
    const std::optional<resumes::ResumeSight> sight =
        co_await resumes::Grants::SightOf(tx, resume_id, user_id);
    if (!sight || !sight->visible) throw NotFound({"hiring:resume_not_found", {}});
    const auto applicant_id = sight->owner_id;
    if (sight->status != "published") {
      throw Conflict({"hiring:resume_closed", {}});
    }
    auto vacancy_rows = co_await tx.Query(kVacancy, vacancy_id);
    if (vacancy_rows.Empty() || vacancy_rows.One().Get<std::int64_t>("owner_id") != user_id) {
      throw ValidationFailed("vacancy_id", {"hiring:vacancy_invalid", {}});
    }
    if (applicant_id == user_id) throw Conflict({"hiring:own_resume", {}});
    // A blocked applicant receives no invitation (409), whatever their resume says.
    co_await profiles::RequireContactable(tx, applicant_id);
    const auto title = vacancy_rows.One().Get<std::string>("title");
    if (vacancy_rows.One().Get<std::string_view>("status") != "published") {
      throw Conflict({"hiring:vacancy_closed", {}});
    }
    const std::string origin(OriginName(Origin::kInvitation));
    const std::string status(StatusName(Apply(std::nullopt, Action::kInvite, Side::kEmployer)));
    auto inserted = co_await tx.Query(kInsertResponse, vacancy_id, resume_id, applicant_id, user_id, origin,
                                      status, letter, now, interview_at, interview_format, interview_place);
    if (inserted.Empty()) throw Conflict({"hiring:already_responded", {}});
    response_id = inserted.One().Get<std::int64_t>("id");
    const std::string action(ActionName(Action::kInvite));
    const std::string actor(SideName(Side::kEmployer));
    const std::optional<std::string> no_reason;
    co_await tx.Query(kInsertEvent, response_id, action, status, actor, no_reason, now);
    // A response counts; an invitation is not new to the employer who sent it (new_response_count counts the
    // responses in status `response`).
    co_await vacancies::Counters::AddResponse(tx, vacancy_id);
    co_await vacancies::Counters::MarkViewed(tx, vacancy_id);
    co_await resumes::Grants::Grant(tx, resume_id, user_id);
    ResponseInvited event;
    event.response =
        co_await impl_->RefAfterInsert(tx, response_id, vacancy_id, title, applicant_id, user_id);
    if (interview) event.interview = InterviewRef{interview->at, *interview_format};
    event.at = now;
    co_await impl_->events.Publish(tx, event);
    co_await tx.Commit();
  }
  co_return co_await impl_->Load(user_id, response_id);
}

awaitable<Response> Hiring::Transition(std::int64_t user_id, std::int64_t response_id, Action action,
                                       ActionInput input) {
  {
    ValidationErrors errors;
    if (input.reason) errors.CheckLength("reason", *input.reason, 0, kMaxReasonLength);
    if (input.letter) errors.CheckLength("letter", *input.letter, 0, kMaxLetterLength);
    if (input.resume_id && *input.resume_id < 1) errors.Add("resume_id", {"validation:type.integer", {}});
    errors.ThrowIfAny();
  }
  const TimePoint now = impl_->clock.Now();
  // The interview action needs its details (at least the date-time and format); the others ignore them.
  std::optional<Interview> interview;
  if (action == Action::kInterview) interview = CheckInterview(input.interview, now, true);
  std::optional<TimePoint> interview_at;
  std::optional<std::string> interview_format;
  std::optional<std::string> interview_place;
  std::optional<std::string> interview_message;
  if (interview) {
    interview_at = interview->at;
    interview_format = std::string(InterviewFormatName(interview->format));
    interview_place = NullIfEmpty(interview->place);
    interview_message = NullIfEmpty(interview->message);
  }
  {
    auto tx = co_await impl_->pool.Begin();
    auto rows = co_await tx.Query(kState, response_id);
    if (rows.Empty()) throw ResponseNotFound();
    auto state = rows.One();
    const auto applicant_id = state.Get<std::int64_t>("applicant_id");
    const auto employer_id = state.Get<std::int64_t>("employer_id");
    if (user_id != applicant_id && user_id != employer_id) throw ResponseNotFound();
    const Side side = user_id == employer_id ? Side::kEmployer : Side::kApplicant;
    const auto from = ParseStatus(state.Get<std::string_view>("status")).value_or(Status::kHired);
    const Status target = Apply(from, action, side);
    const auto attempts = state.Get<std::int32_t>("attempts");
    const auto vacancy_id = state.Get<std::int64_t>("vacancy_id");
    std::int32_t attempts_added = 0;
    std::optional<std::int64_t> new_resume;
    std::optional<std::string> new_letter;
    std::optional<std::string> reason;
    if (action == Action::kReapply) {
      CheckReapply(from, attempts, state.Get<TimePoint>("status_changed_at"),
                   state.Get<std::string_view>("vacancy_status") == "published", now);
      attempts_added = 1;
      if (input.resume_id && *input.resume_id != state.Get<std::int64_t>("resume_id")) {
        auto resume_rows = co_await tx.Query(kResumeOwner, *input.resume_id);
        if (resume_rows.Empty() || resume_rows.One().Get<std::int64_t>("user_id") != user_id ||
            resume_rows.One().Get<std::string_view>("status") != "published") {
          throw ValidationFailed("resume_id", {"hiring:resume_invalid", {}});
        }
        new_resume = input.resume_id;
      }
      new_letter = input.letter;
    }
    if (action == Action::kDiscard && input.reason && !input.reason->empty()) reason = input.reason;
    std::vector<std::string> from_states;
    for (auto status : FromStates(action)) from_states.emplace_back(StatusName(status));
    const std::string target_name(StatusName(target));
    auto updated = co_await tx.Query(kTransition, response_id, from_states, target_name, now, reason,
                                     attempts_added, new_resume, new_letter, attempts, interview_at,
                                     interview_format, interview_place, interview_message);
    // Somebody changed it since it was read: the state no longer allows the action.
    if (updated.Empty()) throw Conflict({"hiring:illegal_transition", {}});
    const std::string action_name(ActionName(action));
    const std::string actor(SideName(side));
    co_await tx.Query(kInsertEvent, response_id, action_name, target_name, actor, reason, now);
    if (from == Status::kResponse) co_await vacancies::Counters::MarkViewed(tx, vacancy_id);
    if (target == Status::kResponse) co_await vacancies::Counters::Reapplied(tx, vacancy_id);
    if (new_resume) co_await resumes::Grants::Grant(tx, *new_resume, employer_id);
    const auto ref = RefOf(state);
    if (action == Action::kReapply) {
      ResponseReceived event;
      event.response = ref;
      event.action = action;
      event.at = now;
      co_await impl_->events.Publish(tx, event);
    } else {
      ResponseStatusChanged event;
      event.response = ref;
      event.action = action;
      event.status = target;
      event.actor = side;
      if (interview) event.interview = InterviewRef{interview->at, *interview_format};
      event.at = now;
      co_await impl_->events.Publish(tx, event);
    }
    co_await tx.Commit();
  }
  co_return co_await impl_->Load(user_id, response_id);
}

awaitable<Response> Hiring::Get(std::int64_t user_id, std::int64_t response_id) {
  co_return co_await impl_->Load(user_id, response_id);
}

awaitable<std::optional<Response>> Hiring::MyResponse(std::int64_t user_id, std::int64_t vacancy_id) {
  auto vacancy = co_await impl_->pool.Query(kVacancy, vacancy_id);
  if (vacancy.Empty() || (vacancy.One().Get<std::string_view>("status") == "draft" &&
                          vacancy.One().Get<std::int64_t>("owner_id") != user_id)) {
    throw NotFound({"hiring:vacancy_not_found", {}});
  }
  auto rows = co_await impl_->pool.Query(kResponseOfVacancy, vacancy_id, user_id);
  if (rows.Empty()) co_return std::nullopt;
  const auto id = rows.One().Get<std::int64_t>("id");
  co_return co_await impl_->Load(user_id, id);
}

awaitable<ResponsePage> Hiring::ListForVacancy(std::int64_t user_id, std::int64_t vacancy_id,
                                               const ListQuery& query) {
  auto vacancy = co_await impl_->pool.Query(kVacancy, vacancy_id);
  if (vacancy.Empty() || vacancy.One().Get<std::int64_t>("owner_id") != user_id) {
    throw NotFound({"hiring:vacancy_not_found", {}});
  }
  co_return co_await impl_->Page(kVacancyPage, kVacancyCounts, vacancy_id, user_id, query);
}

awaitable<ResponsePage> Hiring::ListMine(std::int64_t user_id, const ListQuery& query) {
  co_return co_await impl_->Page(kApplicantPage, kApplicantCounts, user_id, user_id, query);
}

awaitable<ResponsePage> Hiring::ListForResume(std::int64_t user_id, std::int64_t resume_id,
                                              const ListQuery& query) {
  auto resume = co_await impl_->pool.Query(kResumeOwner, resume_id);
  if (resume.Empty() || resume.One().Get<std::int64_t>("user_id") != user_id) {
    throw NotFound({"hiring:resume_not_found", {}});
  }
  co_return co_await impl_->Page(kResumePage, kResumeCounts, resume_id, user_id, query);
}

awaitable<void> Hiring::CheckChat(std::int64_t user_id, std::int64_t peer_id, std::int64_t response_id) {
  auto rows = co_await impl_->pool.Query(kChatParties, response_id, user_id, peer_id);
  if (!rows.One().Get<bool>("allowed")) throw ResponseNotFound();
}

}  // namespace artel::hiring
