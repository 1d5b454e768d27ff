// `artel seed-demo`'s responses between the demo vacancies and the demo resumes (their seeders ran first, in
// module order): one in every state, invitations, a reapplication and a discard old enough to reapply after,
// in the applicant's language, with chats for some. Made through Hiring itself, so the history, the
// vacancies' counters, the resume grants and the notifications are the real ones; only the dates are moved
// back afterwards, so the lists read like a few days' work.

#include "demo.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "artel/db/pool.hpp"
#include "artel/hiring/hiring.hpp"
#include "artel/messenger/messenger.hpp"

namespace artel::hiring {
namespace {

using boost::asio::awaitable;

// The demo people: the demo domain's and the two well-known accounts of `make run`.
constexpr db::Statement kSeeded{"hiring.demo_seeded", R"sql(
SELECT EXISTS (
  SELECT 1 FROM hiring.responses r JOIN identity.users u ON u.id = r.applicant_id
  WHERE u.email LIKE '%@demo.artel.local' OR u.email = 'performer@artel.local') AS seeded
)sql"};
constexpr db::Statement kVacancies{"hiring.demo_vacancies", R"sql(
SELECT v.id, v.owner_id
FROM vacancies.vacancies v
JOIN identity.users u ON u.id = v.owner_id
WHERE v.status = 'published' AND (u.email LIKE '%@demo.artel.local' OR u.email = 'customer@artel.local')
ORDER BY v.id
)sql"};
// One published resume per applicant (the public one first: an invitation needs a resume the employer sees).
constexpr db::Statement kResumes{"hiring.demo_resumes", R"sql(
SELECT DISTINCT ON (rs.user_id) rs.id, rs.user_id, rs.visibility, u.lang
FROM resumes.resumes rs
JOIN identity.users u ON u.id = rs.user_id
WHERE rs.status = 'published' AND (u.email LIKE '%@demo.artel.local' OR u.email = 'performer@artel.local')
ORDER BY rs.user_id, (rs.visibility = 'public') DESC, rs.id
)sql"};
// The pairs who already talk (about an order): a response's chat would take their chat's context over.
constexpr db::Statement kChatPairs{"hiring.demo_chat_pairs", R"sql(
SELECT user_low, user_high FROM messenger.chats
)sql"};
// Moves a response and its timeline back by $2 (an interval).
constexpr db::Statement kBackdate{"hiring.demo_backdate", R"sql(
WITH events AS (
  UPDATE hiring.response_events SET at = at - $2::interval WHERE response_id = $1
)
UPDATE hiring.responses
SET created_at = created_at - $2::interval, updated_at = updated_at - $2::interval,
  status_changed_at = status_changed_at - $2::interval
WHERE id = $1
)sql"};

enum class Lang { kAny, kRu, kEn };

/// A step of a demo response's story after its creation: who takes which action.
struct Step {
  Side side;
  Action action;
};

struct Story {
  bool invitation = false;
  std::vector<Step> steps;
  bool chat = false;
  /// Days back: 8 puts a discard past the reapply delay (the applicant may reapply now).
  int days_ago = 0;
  /// The applicant's language when the story asks for one (the interviews: one in each language).
  Lang lang = Lang::kAny;
};

constexpr Step kView{Side::kEmployer, Action::kView};
constexpr Step kInterview{Side::kEmployer, Action::kInterview};
constexpr Step kOffer{Side::kEmployer, Action::kOffer};
constexpr Step kHire{Side::kEmployer, Action::kHire};
constexpr Step kDiscard{Side::kEmployer, Action::kDiscard};
constexpr Step kWithdraw{Side::kApplicant, Action::kWithdraw};
constexpr Step kReapply{Side::kApplicant, Action::kReapply};

/// Four stories per vacancy, so an employer's tabs have several responses to count.
constexpr std::size_t kStoriesPerVacancy = 4;

const std::vector<Story>& Stories() {
  static const std::vector<Story> stories{
      {false, {}, false, 0, Lang::kAny},                     // response (new)
      {false, {kView}, false, 1, Lang::kAny},                // viewed
      {false, {kView, kInterview}, true, 2, Lang::kRu},      // interview
      {false, {kView, kOffer}, true, 3, Lang::kAny},         // offer
      {false, {kView, kOffer, kHire}, true, 5, Lang::kAny},  // hired
      {false, {kDiscard}, false, 1, Lang::kAny},             // discarded with a reason
      {false, {kView, kDiscard}, false, 8, Lang::kAny},      // discarded long enough ago to reapply
      {false, {kWithdraw}, false, 2, Lang::kAny},            // withdrawn
      {false, {kWithdraw, kReapply}, false, 1, Lang::kAny},  // reapplied: a response again, attempt 2
      {true, {}, true, 1, Lang::kAny},                       // invitation: interview
      {true, {kOffer}, false, 3, Lang::kAny},                // invitation → offer
      {true, {kWithdraw}, false, 2, Lang::kAny},             // invitation declined
      {false, {}, false, 0, Lang::kAny},                     // response (new)
      {false, {kInterview}, false, 1, Lang::kEn},            // straight to an interview
  };
  return stories;
}

std::string Letter(bool ru, bool invitation) {
  if (invitation) {
    return ru ? "Здравствуйте! Ваше резюме нам подходит — приглашаем на собеседование. Удобно ли вам на этой "
                "неделе?"
              : "Hello! Your resume fits the role well, and we would like to invite you to an interview. "
                "Does "
                "this week suit you?";
  }
  return ru ? "Здравствуйте! Меня заинтересовала ваша вакансия: опыт и навыки из резюме как раз про неё. "
              "Готов "
              "ответить на вопросы и выполнить тестовое задание."
            : "Hello! Your vacancy caught my eye: the experience and skills in my resume match it closely. I "
              "am "
              "happy to answer any questions or do a test task.";
}

/// An interview's details in the applicant's language, `days` ahead of `now` at a whole hour: online with a
/// meeting link, in person at an office, or by phone, by `variant`.
InterviewInput Details(bool ru, std::size_t variant, TimePoint now, int days) {
  InterviewInput input;
  // 11:00 UTC: 14:00 in Moscow, a working hour in Europe too.
  input.at = std::chrono::floor<std::chrono::days>(now) + std::chrono::days(days) + std::chrono::hours(11);
  switch (variant % 3) {
    case 0:
      input.format = "online";
      input.place = "https://meet.example.com/artel-interview-" + std::to_string(variant + 1);
      input.message = ru ? "Созвонимся по видео на час: знакомство с командой и короткая техническая часть. "
                           "Камера желательна."
                         : "A one-hour video call: meet the team and a short technical part. A camera would "
                           "help.";
      break;
    case 1:
      input.format = "in_person";
      input.place = ru ? "Москва, ул. Льва Толстого, 16, офис 3 (пропуск на ресепшене)"
                       : "12 Finsbury Square, London EC2A 1AS, 3rd floor (reception will let you in)";
      input.message = ru ? "Ждём вас в офисе: встреча с руководителем отдела, около полутора часов. Возьмите "
                           "паспорт для пропуска."
                         : "Come to our office to meet the head of the team, about ninety minutes. Please "
                           "bring an ID for the front desk.";
      break;
    default:
      input.format = "phone";
      input.place = ru ? "Позвоним на номер из резюме" : "We will call the number in your resume";
      input.message = ru ? "Короткий звонок на 20 минут: обсудим ожидания и удобный формат работы."
                         : "A short 20-minute call about your expectations and the way you like to work.";
      break;
  }
  return input;
}

struct Pick {
  std::int64_t vacancy_id = 0;
  std::int64_t employer_id = 0;
  std::int64_t resume_id = 0;
  std::int64_t applicant_id = 0;
  bool ru = false;
};

}  // namespace

awaitable<DemoResponses> SeedDemoResponses(db::Pool& pool, Hiring& hiring, messenger::Messenger& messenger) {
  DemoResponses seeded;
  auto done = co_await pool.Query(kSeeded);
  if (done.One().Get<bool>("seeded")) co_return seeded;
  auto vacancy_rows = co_await pool.Query(kVacancies);
  auto resume_rows = co_await pool.Query(kResumes);
  if (vacancy_rows.Empty() || resume_rows.Empty()) co_return seeded;
  auto chat_rows = co_await pool.Query(kChatPairs);
  std::set<std::pair<std::int64_t, std::int64_t>> talking;
  for (auto row : chat_rows)
    talking.emplace(row.Get<std::int64_t>("user_low"), row.Get<std::int64_t>("user_high"));
  const auto pair_of = [](std::int64_t a, std::int64_t b) {
    return std::pair{std::min(a, b), std::max(a, b)};
  };

  // Story k goes to the (k / 4)-th vacancy (or the next that fits) with the next applicant who fits: not its
  // owner, not there yet, a public resume for an invitation, nobody they already talk to for a chat.
  const auto& stories = Stories();
  const std::size_t vacancies = vacancy_rows.Size();
  const std::size_t resumes = resume_rows.Size();
  std::vector<Pick> picks;
  std::vector<std::size_t> picked_stories;
  std::size_t next_resume = 0;
  for (std::size_t k = 0; k < stories.size(); ++k) {
    const auto& story = stories[k];
    for (std::size_t attempt = 0; attempt < vacancies * resumes; ++attempt) {
      auto vacancy = vacancy_rows[(k / kStoriesPerVacancy + attempt / resumes) % vacancies];
      auto resume = resume_rows[next_resume++ % resumes];
      Pick pick{vacancy.Get<std::int64_t>("id"), vacancy.Get<std::int64_t>("owner_id"),
                resume.Get<std::int64_t>("id"), resume.Get<std::int64_t>("user_id"),
                resume.Get<std::string_view>("lang") == "ru"};
      if (pick.employer_id == pick.applicant_id) continue;
      if (story.lang != Lang::kAny && pick.ru != (story.lang == Lang::kRu)) continue;
      if (story.invitation && resume.Get<std::string_view>("visibility") != "public") continue;
      if (story.chat && talking.contains(pair_of(pick.employer_id, pick.applicant_id))) continue;
      bool taken = false;
      for (const auto& other : picks) {
        taken = taken || (other.vacancy_id == pick.vacancy_id && other.applicant_id == pick.applicant_id);
      }
      if (taken) continue;
      if (story.chat) talking.insert(pair_of(pick.employer_id, pick.applicant_id));
      picks.push_back(pick);
      picked_stories.push_back(k);
      break;
    }
  }

  const TimePoint now = hiring.GetClock().Now();
  for (std::size_t i = 0; i < picks.size(); ++i) {
    const auto& pick = picks[i];
    const auto& story = stories[picked_stories[i]];
    std::string letter = Letter(pick.ru, story.invitation);
    Response response;
    if (story.invitation) {
      // The invitations name the interview too (an invitation may also be a letter only).
      InterviewInput details = Details(pick.ru, i, now, 4 + seeded.invitations);
      response = co_await hiring.Invite(pick.employer_id, pick.resume_id, pick.vacancy_id, std::move(letter),
                                        std::move(details));
      ++seeded.invitations;
    } else {
      response =
          co_await hiring.Respond(pick.applicant_id, pick.vacancy_id, pick.resume_id, std::move(letter));
    }
    ++seeded.responses;
    for (const auto& step : story.steps) {
      ActionInput input;
      if (step.action == Action::kInterview)
        input.interview = Details(pick.ru, i, now, 2 + static_cast<int>(i % 5));
      if (step.action == Action::kDiscard) {
        input.reason = pick.ru
                           ? "Спасибо за интерес! Сейчас мы выбрали кандидата с большим опытом."
                           : "Thank you for your interest! We have chosen a candidate with more experience.";
      }
      const auto user_id = step.side == Side::kEmployer ? pick.employer_id : pick.applicant_id;
      response = co_await hiring.Transition(user_id, response.id, step.action, std::move(input));
    }
    if (story.days_ago > 0) {
      const std::string interval = fmt::format("{} days", story.days_ago);
      co_await pool.Query(kBackdate, response.id, interval);
    }
    if (story.chat) {
      std::optional<messenger::ChatContext> context = messenger::ChatContext{"response", response.id, {}};
      auto started = co_await messenger.Start(pick.employer_id, pick.applicant_id, std::move(context));
      messenger::SendInput first;
      first.client_id = fmt::format("00000000-0000-4000-9000-{:012d}", response.id * 2);
      first.text = pick.ru ? "Добрый день! Когда вам удобно созвониться?"
                           : "Good afternoon! When is a good time for a call?";
      co_await messenger.Send(pick.employer_id, started.chat.id, std::move(first));
      messenger::SendInput reply;
      reply.client_id = fmt::format("00000000-0000-4000-9000-{:012d}", response.id * 2 + 1);
      reply.text = pick.ru ? "Здравствуйте! Завтра после 14:00 мне подойдёт."
                           : "Hello! Tomorrow after 2 pm works for me.";
      co_await messenger.Send(pick.applicant_id, started.chat.id, std::move(reply));
      ++seeded.chats;
    }
  }
  co_return seeded;
}

}  // namespace artel::hiring
