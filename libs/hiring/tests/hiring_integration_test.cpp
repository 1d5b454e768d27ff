// Hiring against a real PostgreSQL, driven as the routes and the demo seeder drive it: an applicant's
// published resume responds to a company's published vacancy (made by the vacancies and resumes services,
// which hiring declares; the company row is the fixture's), and both sides move the response through the
// state machine under the reapply rule. Each test on a fresh migrated database.

#include <gtest/gtest.h>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/hiring/hiring.hpp"
#include "artel/platform/events.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/testing/testing.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::hiring {
namespace {

using db::testing::TestDatabase;
using testing::ErrorOf;
using testing::MakeUser;
using namespace std::chrono_literals;

class HiringTest : public ::testing::Test {
 protected:
  HiringTest()
      : clock_(*ParseIsoTime("2026-11-22T12:00:00Z")),
        catalog_(db_.GetPool()),
        vacancies_(db_.GetPool(), catalog_, events_, clock_),
        resumes_(db_.GetPool(), catalog_, clock_),
        hiring_(db_.GetPool(), events_, clock_) {
    employer_ = MakeUser(db_, "employer");
    applicant_ = MakeUser(db_, "applicant");
    stranger_ = MakeUser(db_, "stranger");
    category_ = db_.Run(catalog_.Get())->FindCategory("development")->id;
    company_ =
        db_
            .Run(db_.GetPool().Query(
                "INSERT INTO companies.companies (owner_id, name, industry, size, created_at, updated_at) "
                "VALUES ($1, 'Northwind Software', 'it', '11_50', now(), now()) RETURNING id",
                employer_))
            .One()
            .Get<std::int64_t>(0);
    vacancy_ = Vacancy();
    resume_ = Resume(applicant_);
  }

  std::int64_t Vacancy(bool publish = true) {
    vacancies::VacancyInput input;
    input.company_id = company_;
    input.title = "Backend developer (C++)";
    input.category_id = category_;
    input.description = "Services in C++ and PostgreSQL.";
    input.employment = "full";
    input.schedule = "remote";
    input.experience = "1_3";
    input.education = "any";
    input.publish = publish;
    return db_.Run(vacancies_.Create(employer_, input));
  }

  std::int64_t Resume(std::int64_t user_id) {
    resumes::ResumeInput input;
    input.position = "C++ developer";
    input.category_id = category_;
    input.employments = {"full"};
    input.schedules = {"remote"};
    input.publish = true;
    return db_.Run(resumes_.Create(user_id, input));
  }

  Response Act(std::int64_t user_id, std::int64_t response_id, Action action, ActionInput input = {}) {
    return db_.Run(hiring_.Transition(user_id, response_id, action, std::move(input)));
  }

  std::string ConflictKey(std::int64_t user_id, std::int64_t response_id, Action action,
                          ActionInput input = {}) {
    auto error = ErrorOf(db_, hiring_.Transition(user_id, response_id, action, std::move(input)));
    EXPECT_EQ(error.Code(), ErrorCode::kConflict) << ActionName(action);
    return error.GetMessage().key;
  }

  ActionInput Interview() {
    ActionInput input;
    input.interview.at = clock_.Now() + 24h * 3;
    input.interview.format = "online";
    input.interview.place = "https://meet.example.com/northwind";
    return input;
  }

  std::int64_t HistoryRows(std::int64_t response_id) {
    return db_
        .Run(db_.GetPool().Query("SELECT count(*) FROM hiring.response_events WHERE response_id = $1",
                                 response_id))
        .One()
        .Get<std::int64_t>(0);
  }

  TestDatabase db_;
  ManualClock clock_;
  catalog::Catalog catalog_;
  platform::EventBus events_;
  vacancies::Vacancies vacancies_;
  resumes::Resumes resumes_;
  Hiring hiring_;
  std::int64_t employer_ = 0;
  std::int64_t applicant_ = 0;
  std::int64_t stranger_ = 0;
  std::int32_t category_ = 0;
  std::int64_t company_ = 0;
  std::int64_t vacancy_ = 0;
  std::int64_t resume_ = 0;
};

TEST_F(HiringTest, AResponseGoesFromResponseToHired) {
  auto response = db_.Run(hiring_.Respond(applicant_, vacancy_, resume_, "I have five years of C++."));
  EXPECT_EQ(response.status, hiring::Status::kResponse);
  EXPECT_EQ(response.origin, Origin::kResponse);
  EXPECT_EQ(response.employer.id, employer_);
  EXPECT_EQ(response.viewer, Side::kApplicant);
  EXPECT_EQ(response.actions, (std::vector<Action>{Action::kWithdraw}));

  EXPECT_EQ(Act(employer_, response.id, Action::kView).status, hiring::Status::kViewed);
  auto interview = Act(employer_, response.id, Action::kInterview, Interview());
  EXPECT_EQ(interview.status, hiring::Status::kInterview);
  ASSERT_TRUE(interview.interview);
  EXPECT_EQ(interview.interview->format, InterviewFormat::kOnline);
  EXPECT_EQ(Act(employer_, response.id, Action::kOffer).status, hiring::Status::kOffer);
  auto hired = Act(employer_, response.id, Action::kHire);
  EXPECT_EQ(hired.status, hiring::Status::kHired);
  EXPECT_TRUE(hired.actions.empty());
  // Every step is in the history, in order; hired is final.
  ASSERT_EQ(hired.history.size(), 5u);
  EXPECT_EQ(hired.history.front().action, Action::kApply);
  EXPECT_EQ(hired.history.back().action, Action::kHire);
  EXPECT_EQ(ConflictKey(employer_, response.id, Action::kDiscard), "hiring:illegal_transition");
  EXPECT_EQ(ConflictKey(applicant_, response.id, Action::kWithdraw), "hiring:illegal_transition");
  EXPECT_EQ(HistoryRows(response.id), 5);
}

TEST_F(HiringTest, EachSideTakesOnlyItsOwnActions) {
  auto response = db_.Run(hiring_.Respond(applicant_, vacancy_, resume_, "Hello."));
  // The applicant cannot move the employer's steps, nor the employer the applicant's.
  EXPECT_EQ(ConflictKey(applicant_, response.id, Action::kView), "hiring:illegal_transition");
  EXPECT_EQ(ConflictKey(applicant_, response.id, Action::kHire), "hiring:illegal_transition");
  EXPECT_EQ(ConflictKey(employer_, response.id, Action::kWithdraw), "hiring:illegal_transition");
  // An offer needs a viewed response first; an interview needs its date and format.
  EXPECT_EQ(ConflictKey(employer_, response.id, Action::kOffer), "hiring:illegal_transition");
  EXPECT_EQ(ErrorOf(db_, hiring_.Transition(employer_, response.id, Action::kInterview, {})).Code(),
            ErrorCode::kValidationFailed);
  // Nobody else even sees it.
  EXPECT_EQ(ErrorOf(db_, hiring_.Get(stranger_, response.id)).GetMessage().key, "hiring:not_found");
  EXPECT_EQ(ErrorOf(db_, hiring_.Transition(stranger_, response.id, Action::kView, {})).Code(),
            ErrorCode::kNotFound);
  EXPECT_EQ(db_.Run(hiring_.Get(employer_, response.id)).status, hiring::Status::kResponse);
  EXPECT_EQ(HistoryRows(response.id), 1);
}

TEST_F(HiringTest, OwnVacancyDuplicatesAndClosedVacanciesAreRefused) {
  const auto employers_resume = Resume(employer_);
  auto own = ErrorOf(db_, hiring_.Respond(employer_, vacancy_, employers_resume, "Hiring myself."));
  EXPECT_EQ(own.Code(), ErrorCode::kConflict);
  EXPECT_EQ(own.GetMessage().key, "hiring:own_vacancy");

  db_.Run(hiring_.Respond(applicant_, vacancy_, resume_, "Hello."));
  auto twice = ErrorOf(db_, hiring_.Respond(applicant_, vacancy_, resume_, "Hello again."));
  EXPECT_EQ(twice.GetMessage().key, "hiring:already_responded");

  // A draft is as absent as a missing vacancy to the applicant.
  const auto draft = Vacancy(false);
  EXPECT_EQ(ErrorOf(db_, hiring_.Respond(applicant_, draft, resume_, "Hello.")).GetMessage().key,
            "hiring:vacancy_not_found");
  // Somebody else's resume is no resume of the applicant's.
  const auto strangers = Resume(stranger_);
  EXPECT_EQ(ErrorOf(db_, hiring_.Respond(applicant_, Vacancy(), strangers, "Hello.")).Code(),
            ErrorCode::kValidationFailed);
}

TEST_F(HiringTest, TheReapplyRule) {
  auto response = db_.Run(hiring_.Respond(applicant_, vacancy_, resume_, "First try."));
  Act(employer_, response.id, Action::kDiscard, ActionInput{.reason = "We need more experience."});
  // After a discard: not before the delay.
  auto early = ConflictKey(applicant_, response.id, Action::kReapply);
  EXPECT_EQ(early, "hiring:reapply_too_early");
  clock_.Advance(kReapplyDelay + 1h);
  auto second = Act(applicant_, response.id, Action::kReapply, ActionInput{.letter = "I have grown since."});
  EXPECT_EQ(second.status, hiring::Status::kResponse);
  EXPECT_EQ(second.attempts, 2);
  EXPECT_EQ(second.letter, "I have grown since.");
  // After a withdrawal: at once.
  Act(applicant_, response.id, Action::kWithdraw);
  auto third = Act(applicant_, response.id, Action::kReapply);
  EXPECT_EQ(third.attempts, kMaxAttempts);
  // And no more than kMaxAttempts in all.
  Act(applicant_, response.id, Action::kWithdraw);
  EXPECT_EQ(ConflictKey(applicant_, response.id, Action::kReapply), "hiring:reapply_limit");
  EXPECT_FALSE(db_.Run(hiring_.Get(applicant_, response.id)).reapply_at);
}

TEST_F(HiringTest, AnInvitationStartsAtTheInterviewAndCountsForTheVacancy) {
  auto invitation = db_.Run(hiring_.Invite(employer_, resume_, vacancy_, "Your resume fits.", {}));
  EXPECT_EQ(invitation.origin, Origin::kInvitation);
  EXPECT_EQ(invitation.status, hiring::Status::kInterview);
  EXPECT_EQ(invitation.viewer, Side::kEmployer);
  // The applicant sees it as their response to the vacancy; the employer lists it under the vacancy.
  auto mine = db_.Run(hiring_.MyResponse(applicant_, vacancy_));
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine->id, invitation.id);
  auto listed = db_.Run(hiring_.ListForVacancy(employer_, vacancy_, {}));
  ASSERT_EQ(listed.items.size(), 1u);
  EXPECT_EQ(listed.counts.total, 1);
  EXPECT_EQ(ErrorOf(db_, hiring_.ListForVacancy(stranger_, vacancy_, {})).Code(), ErrorCode::kNotFound);
  // One's own resume cannot be invited.
  const auto employers_resume = Resume(employer_);
  EXPECT_EQ(ErrorOf(db_, hiring_.Invite(employer_, employers_resume, Vacancy(), "Me?", {})).GetMessage().key,
            "hiring:own_resume");
}

}  // namespace
}  // namespace artel::hiring
