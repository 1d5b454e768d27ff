// The input rules of the response routes: the bodies as the contract (api.yaml, compiled into the library)
// checks them, and the transitions the route takes.

#include "input.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <map>
#include <string>
#include <vector>

#include "artel/core/error.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/testing/contract_body_test.hpp"

namespace artel::hiring {
/// libs/hiring/api.yaml, compiled into libs/hiring.
std::string_view ContractPart();

namespace {

/// The bodies through the compiled-in parts (artel/web/testing/contract_body_test.hpp).
class InputTest : public web::testing::ContractBodyTest {
 protected:
  InputTest() : ContractBodyTest({{"hiring", ContractPart()}}) {}
};

using Keys = std::map<std::string, std::string>;

TEST_F(InputTest, ASendNeedsItsIdAndALetterOfAtMost3000) {
  EXPECT_TRUE(Errors("respondToVacancy", boost::json::parse(R"({"resume_id": 5})")).empty());
  EXPECT_TRUE(
      Errors("respondToVacancy", boost::json::parse(R"({"resume_id": 5, "letter": "Hello"})")).empty());
  EXPECT_EQ(Errors("respondToVacancy", boost::json::parse(R"({})")),
            (Keys{{"resume_id", "validation:required"}}));
  EXPECT_EQ(Errors("inviteResume", boost::json::parse(R"({"vacancy_id": 0})")),
            (Keys{{"vacancy_id", "validation:type.integer"}}));
  boost::json::object long_letter{{"resume_id", 1}, {"letter", std::string(3001, 'a')}};
  EXPECT_EQ(Errors("respondToVacancy", long_letter), (Keys{{"letter", "validation:length.max"}}));
  boost::json::object max_letter{{"resume_id", 1}, {"letter", std::string(3000, 'a')}};
  EXPECT_TRUE(Errors("respondToVacancy", max_letter).empty());
}

TEST_F(InputTest, ADiscardReasonIsOptionalAndAtMost1000) {
  EXPECT_TRUE(Errors("transitionResponse", boost::json::object()).empty());
  boost::json::object long_reason{{"reason", std::string(1001, 'x')}};
  EXPECT_EQ(Errors("transitionResponse", long_reason), (Keys{{"reason", "validation:length.max"}}));
  EXPECT_EQ(Errors("transitionResponse", boost::json::parse(R"({"resume_id": -1})")),
            (Keys{{"resume_id", "validation:type.integer"}}));
}

TEST_F(InputTest, TheContractChecksTheInterviewsShapes) {
  EXPECT_TRUE(
      Errors("transitionResponse",
             boost::json::parse(R"({"interview_at": "2026-12-03T11:00:00Z", "interview_format": "online",
                                            "interview_place": "https://meet.example.com/a"})"))
          .empty());
  EXPECT_EQ(Errors("transitionResponse", boost::json::parse(R"({"interview_at": "tomorrow"})")),
            (Keys{{"interview_at", "validation:format"}}));
  EXPECT_EQ(Errors("inviteResume", boost::json::parse(R"({"vacancy_id": 5, "interview_format": "pigeon"})")),
            (Keys{{"interview_format", "validation:one_of"}}));
  boost::json::object long_place{{"interview_place", std::string(301, 'x')}};
  EXPECT_EQ(Errors("transitionResponse", long_place), (Keys{{"interview_place", "validation:length.max"}}));
}

/// The service's rules of an interview's details: the keys CheckInterview answers, by field.
Keys InterviewErrors(const InterviewInput& input, TimePoint now, bool required) {
  Keys keys;
  try {
    CheckInterview(input, now, required);
  } catch (const Error& error) {
    for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
  }
  return keys;
}

TEST(HiringInterviewTest, TheDetailsAreCheckedByTheService) {
  const TimePoint now = std::chrono::sys_days(std::chrono::year{2026} / 11 / 29);
  InterviewInput online;
  online.at = now + std::chrono::days(3);
  online.format = "online";
  online.place = "  https://meet.example.com/a  ";
  const auto checked = CheckInterview(online, now, true);
  ASSERT_TRUE(checked);
  EXPECT_EQ(checked->format, InterviewFormat::kOnline);
  EXPECT_EQ(checked->place, "https://meet.example.com/a");
  // None given: nothing when optional, both required otherwise; any detail asks for both.
  EXPECT_FALSE(CheckInterview(InterviewInput{}, now, false));
  EXPECT_EQ(InterviewErrors(InterviewInput{}, now, true),
            (Keys{{"interview_at", "hiring:interview_at_required"},
                  {"interview_format", "hiring:interview_format_required"}}));
  InterviewInput place_only;
  place_only.place = "Main street 1";
  EXPECT_EQ(InterviewErrors(place_only, now, false),
            (Keys{{"interview_at", "hiring:interview_at_required"},
                  {"interview_format", "hiring:interview_format_required"}}));
  auto with = [&](auto change) {
    InterviewInput input = online;
    change(input);
    return InterviewErrors(input, now, true);
  };
  EXPECT_EQ(with([&](InterviewInput& i) { i.at = now; }),
            (Keys{{"interview_at", "hiring:interview_at_past"}}));
  EXPECT_TRUE(
      with([&](InterviewInput& i) { i.at = now + std::chrono::days(kMaxInterviewDaysAhead); }).empty());
  EXPECT_EQ(with([&](InterviewInput& i) { i.at = now + std::chrono::days(kMaxInterviewDaysAhead + 1); }),
            (Keys{{"interview_at", "hiring:interview_at_too_far"}}));
  EXPECT_EQ(with([](InterviewInput& i) { i.format = "fax"; }),
            (Keys{{"interview_format", "hiring:interview_format_invalid"}}));
  EXPECT_EQ(with([](InterviewInput& i) { i.place = " "; }),
            (Keys{{"interview_place", "hiring:interview_link_required"}}));
  for (const char* link : {"meet.example.com", "javascript:alert(1)", "https://", "https://a b.com"}) {
    EXPECT_EQ(with([&](InterviewInput& i) { i.place = link; }),
              (Keys{{"interview_place", "hiring:interview_link_invalid"}}))
        << link;
  }
  EXPECT_EQ(with([](InterviewInput& i) {
              i.format = "in_person";
              i.place = "";
            }),
            (Keys{{"interview_place", "hiring:interview_address_required"}}));
  EXPECT_TRUE(with([](InterviewInput& i) {
                i.format = "phone";
                i.place = "";
              }).empty());
  EXPECT_EQ(with([](InterviewInput& i) { i.place = std::string(301, 'x'); }),
            (Keys{{"interview_place", "validation:length.max"}}));
  EXPECT_EQ(with([](InterviewInput& i) { i.message = std::string(3001, 'x'); }),
            (Keys{{"interview_message", "validation:length.max"}}));
}

TEST_F(InputTest, OnlyTheTransitionsAreActionsOfTheRoute) {
  EXPECT_EQ(ParseTransition("view"), Action::kView);
  EXPECT_EQ(ParseTransition("reapply"), Action::kReapply);
  EXPECT_FALSE(ParseTransition("apply"));
  EXPECT_FALSE(ParseTransition("invite"));
  EXPECT_FALSE(ParseTransition("archive"));
}

}  // namespace
}  // namespace artel::hiring
