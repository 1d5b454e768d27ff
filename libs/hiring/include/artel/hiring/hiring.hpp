#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/hiring/state_machine.hpp"
#include "artel/kernel/user_card.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::hiring {

/// Longest cover letter or invitation message, and discard reason (hiring/0026's checks).
inline constexpr std::size_t kMaxLetterLength = 3000;
inline constexpr std::size_t kMaxReasonLength = 1000;
/// An interview's place (an address, a meeting link or a phone note) and message (hiring/0078's checks), and
/// how far ahead it may be set.
inline constexpr std::size_t kMaxInterviewPlaceLength = 300;
inline constexpr std::size_t kMaxInterviewMessageLength = 3000;
inline constexpr int kMaxInterviewDaysAhead = 180;

/// Where an interview happens: at an address, by a meeting link, or by phone.
enum class InterviewFormat { kInPerson, kOnline, kPhone };
std::string_view InterviewFormatName(InterviewFormat format) noexcept;
std::optional<InterviewFormat> ParseInterviewFormat(std::string_view name) noexcept;

/// An interview's details as the employer sends them (the interview action, an invitation). Unset `at` and
/// `format` with blank `place` and `message`: no details. Checked by the service (CheckInterview).
struct InterviewInput {
  std::optional<TimePoint> at;
  std::optional<std::string> format;
  std::string place;
  std::string message;
  bool Empty() const noexcept { return !at && !format && place.empty() && message.empty(); }
};

/// An interview's details as stored: the date-time and format always, the place and message when given.
struct Interview {
  TimePoint at;
  InterviewFormat format = InterviewFormat::kOnline;
  std::string place;
  std::string message;
};

/// The rules of an interview's details at `now` (field errors on interview_at, interview_format,
/// interview_place, interview_message): `required` asks for the date-time and format; otherwise details are
/// optional, but any of them asks for both. The date-time in the future and at most kMaxInterviewDaysAhead
/// days ahead; the place required for in person and online, a link (http or https, no blanks) for online; the
/// lengths. nullopt when there are no details (and none are required).
std::optional<Interview> CheckInterview(const InterviewInput& input, TimePoint now, bool required);

struct Image {
  std::string file;
  std::string thumbnail;
};

/// The resume sent, as its card (resumes' ResumeCard).
struct ResumeCard {
  std::int64_t id = 0;
  kernel::UserCard user;
  std::string position;
  std::optional<std::int64_t> salary_amount;
  std::string salary_currency;
  std::int32_t experience_months = 0;
  std::string experience;
  std::string education_level;
  std::optional<std::int64_t> country_id;
  std::optional<std::int64_t> city_id;
  std::vector<std::int64_t> skill_ids;
  std::optional<Image> photo;
  std::optional<std::string> last_job_company;
  std::optional<std::string> last_job_position;
  std::optional<TimePoint> published_at;
  TimePoint updated_at;
};

struct HistoryEntry {
  Action action = Action::kApply;
  Status status = Status::kResponse;
  Side actor = Side::kApplicant;
  std::optional<std::string> reason;
  TimePoint at;
};

struct Response {
  std::int64_t id = 0;
  std::int64_t vacancy_id = 0;
  std::string vacancy_title;
  std::string vacancy_status;
  std::int64_t company_id = 0;
  std::string company_name;
  std::optional<Image> company_logo;
  ResumeCard resume;
  kernel::UserCard applicant;
  kernel::UserCard employer;
  Origin origin = Origin::kResponse;
  Status status = Status::kResponse;
  std::string letter;
  std::optional<std::string> discard_reason;
  /// The interview's details the employer gave (the interview action or the invitation), if any.
  std::optional<Interview> interview;
  std::int32_t attempts = 1;
  TimePoint status_changed_at;
  TimePoint created_at;
  TimePoint updated_at;
  /// For the viewer: their side, what they may do now, when they may reapply.
  Side viewer = Side::kApplicant;
  std::vector<Action> actions;
  std::optional<TimePoint> reapply_at;
  std::vector<HistoryEntry> history;
};

struct Counts {
  std::int64_t by_status[std::size(kStatuses)] = {};
  std::int64_t total = 0;
};

struct ResponsePage {
  std::vector<Response> items;
  std::optional<std::string> next_cursor;
  Counts counts;
};

struct ListQuery {
  std::optional<Status> status;
  std::optional<std::string> cursor;
  std::int32_t limit = 20;
};

/// What POST /api/responses/{id}/{action} may carry: `reason` for discard, `resume_id` and `letter` for
/// reapply, the interview's details for interview (required there: at least the date-time and format)
/// (api.yaml: ResponseActionInput, which the edge reads into it; Transition checks it again).
struct ActionInput {
  std::optional<std::string> reason;
  std::optional<std::int64_t> resume_id;
  std::optional<std::string> letter;
  InterviewInput interview;
};

/// Responses and invitations (libs/hiring). Knows nothing of HTTP. Every change runs in one transaction: the
/// response row (a conditional UPDATE … WHERE status = ANY(the action's from-states), so of two concurrent
/// changes exactly one wins and the other gets Conflict with nothing changed), its hiring.response_events
/// row, the vacancy's counters (vacancies::Counters), the resume grant (resumes::Grants) and the events
/// (artel/hiring/events.hpp, which notify the other side).
class Hiring final {
 public:
  Hiring(db::Pool& pool, platform::EventBus& events, const Clock& clock = DefaultClock());
  ~Hiring();
  Hiring(const Hiring&) = delete;
  Hiring& operator=(const Hiring&) = delete;

  /// The applicant responds to a published vacancy with one of their published resumes.
  boost::asio::awaitable<Response> Respond(std::int64_t user_id, std::int64_t vacancy_id,
                                           std::int64_t resume_id, std::string letter);
  /// The employer invites a resume they may see to one of their published vacancies.
  /// The letter is the invitation's message; the interview's details are optional.
  boost::asio::awaitable<Response> Invite(std::int64_t user_id, std::int64_t resume_id,
                                          std::int64_t vacancy_id, std::string letter,
                                          InterviewInput interview = {});
  /// One transition of the state machine by the caller's side.
  boost::asio::awaitable<Response> Transition(std::int64_t user_id, std::int64_t response_id, Action action,
                                              ActionInput input);
  /// Either party; NotFound for anybody else.
  boost::asio::awaitable<Response> Get(std::int64_t user_id, std::int64_t response_id);
  /// The caller's response to (or invitation from) the vacancy.
  boost::asio::awaitable<std::optional<Response>> MyResponse(std::int64_t user_id, std::int64_t vacancy_id);

  /// The vacancy owner's list; NotFound for anybody else.
  boost::asio::awaitable<ResponsePage> ListForVacancy(std::int64_t user_id, std::int64_t vacancy_id,
                                                      const ListQuery& query);
  /// The applicant's list.
  boost::asio::awaitable<ResponsePage> ListMine(std::int64_t user_id, const ListQuery& query);
  /// One resume's responses for its owner; NotFound for anybody else.
  boost::asio::awaitable<ResponsePage> ListForResume(std::int64_t user_id, std::int64_t resume_id,
                                                     const ListQuery& query);

  /// May `user_id` talk to `peer_id` about the response? (The messenger's "response" context: the two
  /// sides.) NotFound otherwise.
  boost::asio::awaitable<void> CheckChat(std::int64_t user_id, std::int64_t peer_id,
                                         std::int64_t response_id);

  const Clock& GetClock() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::hiring
