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

namespace artel::web {
/// libs/web/api.yaml, compiled into libs/web.
std::string_view PlatformContract();
}  // namespace artel::web

namespace artel::hiring {
/// libs/hiring/api.yaml, compiled into libs/hiring.
std::string_view ContractPart();

namespace {

class InputTest : public ::testing::Test {
 protected:
  InputTest() {
    contract.AddPart("platform", web::PlatformContract());
    contract.AddPart("hiring", ContractPart());
  }

  /// field → the first message key of the body's errors.
  std::map<std::string, std::string> Errors(std::string_view operation, const boost::json::value& sent) {
    boost::json::value body = sent;
    ValidationErrors errors;
    contract.CheckBody(contract.Find(operation), body, errors);
    std::map<std::string, std::string> keys;
    try {
      errors.ThrowIfAny();
    } catch (const Error& error) {
      for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
    }
    return keys;
  }

  web::Contract contract;
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

TEST_F(InputTest, OnlyTheTransitionsAreActionsOfTheRoute) {
  EXPECT_EQ(ParseTransition("view"), Action::kView);
  EXPECT_EQ(ParseTransition("reapply"), Action::kReapply);
  EXPECT_FALSE(ParseTransition("apply"));
  EXPECT_FALSE(ParseTransition("invite"));
  EXPECT_FALSE(ParseTransition("archive"));
}

}  // namespace
}  // namespace artel::hiring
