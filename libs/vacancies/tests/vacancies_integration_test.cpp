// The vacancies service against a real PostgreSQL with the repository's migrations: the rules of a form hold
// whoever calls (the HTTP edge, the demo seeder, a test), not only behind the HTTP reader.

#include <gtest/gtest.h>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/platform/events.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::vacancies {
namespace {

using db::testing::TestDatabase;

VacancyInput Form(std::int64_t company_id, std::int32_t category_id) {
  VacancyInput input;
  input.company_id = company_id;
  input.title = "Backend developer";
  input.category_id = category_id;
  input.description = "Services in C++.";
  input.employment = "full";
  input.schedule = "remote";
  input.experience = "1_3";
  input.education = "any";
  return input;
}

/// A throwaway database with the repository's migrations, the service over it, and the catalog's snapshot
/// with its "development" category.
class VacanciesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    snapshot = db.Run(catalog.Get());
    development = snapshot->FindCategory("development");
    ASSERT_NE(development, nullptr);
  }

  TestDatabase db;
  catalog::Catalog catalog{db.GetPool()};
  platform::EventBus events;
  Vacancies vacancies{db.GetPool(), catalog, events};
  decltype(db.Run(catalog.Get())) snapshot;
  const catalog::Category* development = nullptr;
};

TEST_F(VacanciesTest, TheServiceChecksTheCatalogReferencesOfEveryForm) {
  auto bad = Form(1, 999'999);
  bad.skill_ids = {1, 999'999};
  bad.salary = Salary{.from = 100'000, .to = std::nullopt, .currency = "XXX", .gross = true};
  bad.city_id = snapshot->FindCountry(1)->cities.front().id;  // a city without its country
  try {
    (void)db.Run(vacancies.Create(1, bad));
    ADD_FAILURE() << "a form with unknown references was created";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kValidationFailed);
    for (const auto* field : {"category_id", "skill_ids", "salary", "city_id"}) {
      EXPECT_TRUE(error.Fields().contains(field)) << field;
    }
    EXPECT_EQ(error.Fields().at("category_id").front().key, "catalog:category_unknown");
  }

  // Known references pass the check; then the company must be the caller's (none here: 404).
  auto good = Form(1, development->id);
  good.skill_ids = {1};
  try {
    (void)db.Run(vacancies.Create(1, good));
    ADD_FAILURE() << "a vacancy of nobody's company was created";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kNotFound);
  }
}

TEST_F(VacanciesTest, TheServiceChecksTheRulesOfEveryForm) {
  auto bad = Form(1, development->id);
  bad.title = "  ab  ";
  bad.description = " ";
  bad.salary = Salary{.from = 200'000, .to = 100'000, .currency = "RUB", .gross = true};
  bad.employment = "sometimes";
  bad.schedule.clear();
  bad.contact.email = "nobody";
  // Each skill counts once (the service drops repeats), so the form carries kMaxSkills + 1 different ids.
  for (std::int64_t id = 1; id <= static_cast<std::int64_t>(kMaxSkills) + 1; ++id)
    bad.skill_ids.push_back(id);
  try {
    (void)db.Run(vacancies.Create(1, bad));
    ADD_FAILURE() << "a form breaking the rules was created";
  } catch (const Error& error) {
    ASSERT_EQ(error.Code(), ErrorCode::kValidationFailed);
    const auto key = [&](const char* field) {
      return error.Fields().contains(field) ? error.Fields().at(field).front().key : std::string("(none)");
    };
    EXPECT_EQ(key("title"), "validation:length.min");
    EXPECT_EQ(key("description"), "validation:required");
    EXPECT_EQ(key("salary"), "vacancies:salary_range");
    EXPECT_EQ(key("employment"), "vacancies:employment_unknown");
    EXPECT_EQ(key("schedule"), "validation:required");
    EXPECT_EQ(key("contact.email"), "validation:email");
    EXPECT_EQ(key("skill_ids"), "vacancies:skills_too_many");
    EXPECT_FALSE(error.Fields().contains("experience"));
  }

  auto empty_salary = Form(1, development->id);
  empty_salary.salary = Salary{.from = std::nullopt, .to = std::nullopt, .currency = "RUB", .gross = true};
  try {
    (void)db.Run(vacancies.Create(1, empty_salary));
    ADD_FAILURE() << "a salary without either end was accepted";
  } catch (const Error& error) {
    ASSERT_EQ(error.Code(), ErrorCode::kValidationFailed);
    EXPECT_EQ(error.Fields().at("salary").front().key, "vacancies:salary_empty");
  }
}

// An edit merged onto the stored form: somebody else's (or a missing) vacancy is 404 before the patch is
// looked at, whatever it carries.
TEST_F(VacanciesTest, APatchOfAVacancyNotTheCallersIsNotFoundFirst) {
  VacancyPatch patch;
  patch.company_id = {true, 12345};
  patch.title = {true, "ab"};
  try {
    db.Run(vacancies.Update(1, 999'999, patch));
    ADD_FAILURE() << "a patch of a missing vacancy was applied";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kNotFound);
  }
}

}  // namespace
}  // namespace artel::vacancies
