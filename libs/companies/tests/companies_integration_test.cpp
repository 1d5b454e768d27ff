// The companies service against a real PostgreSQL with the repository's migrations: a company form's rules
// hold whoever calls (the HTTP edge, the demo seeder, a test), not only behind the HTTP reader.

#include <gtest/gtest.h>

#include "artel/catalog/catalog.hpp"
#include "artel/companies/companies.hpp"
#include "artel/core/error.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/platform/events.hpp"

namespace artel::companies {
namespace {

using db::testing::TestDatabase;

TEST(CompaniesTest, TheServiceChecksTheRulesOfEveryForm) {
  TestDatabase db;
  catalog::Catalog catalog{db.GetPool()};
  platform::EventBus events;
  Companies companies(db.GetPool(), catalog, events);

  CompanyInput bad;
  bad.name = "  A  ";
  bad.website = "ftp://example.com";
  bad.industry = "alchemy";
  bad.founded_year = 1600;
  bad.country_id = 999999;
  bad.city_id = 999999;
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
    EXPECT_EQ(key("country_id"), "catalog:country_unknown");
    // The unknown country has its error; the city's is only that it is unknown.
    EXPECT_EQ(key("city_id"), "catalog:city_unknown");
    EXPECT_FALSE(error.Fields().contains("description"));
  }

  // Somebody else's (here: no) company is 404 before its form is looked at.
  CompanyPatch patch;
  patch.name = {true, "A"};
  try {
    (void)db.Run(companies.Update(1, 1, patch));
    ADD_FAILURE() << "an update of nobody's company passed";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kNotFound);
  }
}

}  // namespace
}  // namespace artel::companies
