// The companies service against a real PostgreSQL with the repository's migrations: a company form's rules
// hold whoever calls (the HTTP edge, the demo seeder, a test), not only behind the HTTP reader.

#include <gtest/gtest.h>

#include "artel/companies/companies.hpp"
#include "artel/core/error.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/platform/events.hpp"

namespace artel::companies {
namespace {

using db::testing::TestDatabase;

TEST(CompaniesTest, TheServiceChecksTheRulesOfEveryForm) {
  TestDatabase db;
  platform::EventBus events;
  Companies companies(db.GetPool(), events);

  CompanyInput bad;
  bad.name = "  A  ";
  bad.website = "ftp://example.com";
  bad.industry = "alchemy";
  bad.founded_year = 1600;
  try {
    (void)db.Run(companies.Create(1, bad));
    ADD_FAILURE() << "a form breaking the rules was created";
  } catch (const Error& error) {
    ASSERT_EQ(error.Code(), ErrorCode::kValidationFailed);
    const auto key = [&](const char* field) {
      return error.Fields().contains(field) ? error.Fields().at(field).front().key : std::string("(none)");
    };
    EXPECT_EQ(key("name"), "validation:length.min");
    EXPECT_EQ(key("website"), "companies:website_invalid");
    EXPECT_EQ(key("industry"), "companies:industry_invalid");
    EXPECT_EQ(key("size"), "validation:required");
    EXPECT_EQ(key("founded_year"), "companies:founded_year_range");
    EXPECT_FALSE(error.Fields().contains("description"));
  }

  // Somebody else's (here: no) company is 404 before its form is looked at.
  try {
    (void)db.Run(companies.Update(1, 1, bad));
    ADD_FAILURE() << "an update of nobody's company passed";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kNotFound);
  }
}

}  // namespace
}  // namespace artel::companies
