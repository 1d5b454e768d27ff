// The resumes service against a real PostgreSQL with the repository's migrations: a form's catalog references
// are checked whoever calls (the HTTP edge, the demo seeder, a test), not only behind the HTTP reader.

#include <gtest/gtest.h>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/resumes/resumes.hpp"

namespace artel::resumes {
namespace {

using db::testing::TestDatabase;

TEST(ResumesTest, TheServiceChecksTheCatalogReferencesOfEveryForm) {
  TestDatabase db;
  catalog::Catalog catalog(db.GetPool());
  Resumes resumes(db.GetPool(), catalog);
  auto snapshot = db.Run(catalog.Get());
  const auto* country = snapshot->FindCountry(1);
  ASSERT_NE(country, nullptr);
  ASSERT_FALSE(country->cities.empty());

  ResumeInput bad;
  bad.position = "Backend developer";
  bad.category_id = 999'999;
  bad.specialization_ids = {1};
  bad.skill_ids = {1, 999'999};
  bad.salary = kernel::Money{100'000, "XXX"};
  bad.citizenship_id = 999'999;
  bad.city_id = country->cities.front().id;  // a city without its country
  try {
    (void)db.Run(resumes.Create(1, bad));
    ADD_FAILURE() << "a form with unknown references was created";
  } catch (const Error& error) {
    ASSERT_EQ(error.Code(), ErrorCode::kValidationFailed);
    const auto key = [&](const char* field) {
      return error.Fields().contains(field) ? error.Fields().at(field).front().key : std::string("(none)");
    };
    EXPECT_EQ(key("category_id"), "catalog:category_unknown");
    EXPECT_EQ(key("skill_ids"), "catalog:skill_unknown");
    EXPECT_EQ(key("salary.currency"), "catalog:currency_unknown");
    EXPECT_EQ(key("citizenship_id"), "catalog:country_unknown");
    EXPECT_EQ(key("city_id"), "catalog:city_country");
    // The category is unknown, so its specializations are not looked at.
    EXPECT_FALSE(error.Fields().contains("specialization_ids"));
  }

  ResumeInput negative;
  negative.position = "Backend developer";
  negative.category_id = snapshot->FindCategory("development")->id;
  negative.salary = kernel::Money{-5, "RUB"};
  try {
    (void)db.Run(resumes.Create(1, negative));
    ADD_FAILURE() << "a form with a negative salary was accepted";
  } catch (const Error& error) {
    ASSERT_EQ(error.Code(), ErrorCode::kValidationFailed);
    EXPECT_EQ(error.Fields().at("salary.amount").front().key, "resumes:salary_positive");
  }
  // Somebody else's (here: no) resume is 404 before its form is looked at.
  ResumePatch unknown;
  unknown.category_id = {true, 999'999};
  try {
    db.Run(resumes.Update(1, 1, unknown));
    ADD_FAILURE() << "an update of nobody's resume passed";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kNotFound);
  }
}

}  // namespace
}  // namespace artel::resumes
