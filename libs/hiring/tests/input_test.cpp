// The input rules of the response routes.

#include "input.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "artel/core/error.hpp"
#include "artel/web/json.hpp"

namespace artel::hiring {
namespace {

std::vector<std::string> Fields(const boost::json::object& body, std::string_view id_field) {
  web::JsonReader reader(body);
  ReadSendInput(reader, id_field);
  try {
    reader.Finish();
  } catch (const Error& error) {
    std::vector<std::string> fields;
    for (const auto& [field, messages] : error.Fields()) fields.push_back(field);
    return fields;
  }
  return {};
}

TEST(InputTest, ASendNeedsItsIdAndALetterOfAtMost3000) {
  EXPECT_TRUE(Fields(boost::json::parse(R"({"resume_id": 5})").as_object(), "resume_id").empty());
  EXPECT_TRUE(
      Fields(boost::json::parse(R"({"resume_id": 5, "letter": "Hello"})").as_object(), "resume_id").empty());
  EXPECT_EQ(Fields(boost::json::parse(R"({})").as_object(), "resume_id"),
            std::vector<std::string>{"resume_id"});
  EXPECT_EQ(Fields(boost::json::parse(R"({"vacancy_id": 0})").as_object(), "vacancy_id"),
            std::vector<std::string>{"vacancy_id"});
  boost::json::object long_letter{{"resume_id", 1}, {"letter", std::string(3001, 'a')}};
  EXPECT_EQ(Fields(long_letter, "resume_id"), std::vector<std::string>{"letter"});
  boost::json::object max_letter{{"resume_id", 1}, {"letter", std::string(3000, 'a')}};
  EXPECT_TRUE(Fields(max_letter, "resume_id").empty());
}

TEST(InputTest, ADiscardReasonIsOptionalAndAtMost1000) {
  boost::json::object empty;
  web::JsonReader none(empty);
  auto input = ReadActionInput(none);
  EXPECT_NO_THROW(none.Finish());
  EXPECT_FALSE(input.reason);
  EXPECT_FALSE(input.resume_id);
  boost::json::object long_reason{{"reason", std::string(1001, 'x')}};
  web::JsonReader reader(long_reason);
  ReadActionInput(reader);
  EXPECT_THROW(reader.Finish(), Error);
}

TEST(InputTest, OnlyTheTransitionsAreActionsOfTheRoute) {
  EXPECT_EQ(ParseTransition("view"), Action::kView);
  EXPECT_EQ(ParseTransition("reapply"), Action::kReapply);
  EXPECT_FALSE(ParseTransition("apply"));
  EXPECT_FALSE(ParseTransition("invite"));
  EXPECT_FALSE(ParseTransition("archive"));
}

}  // namespace
}  // namespace artel::hiring
