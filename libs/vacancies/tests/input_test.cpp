// The vacancy form's validation against a small in-memory catalog.

#include "input.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "artel/catalog/catalog.hpp"
#include "artel/web/json.hpp"

namespace artel::vacancies {
namespace {

catalog::Snapshot TestCatalog() {
  catalog::Category development{1, "development", {"Development", "Разработка"}, {}};
  development.specializations.push_back({101, 1, "web", {"Web", "Веб"}});
  catalog::Category design{2, "design", {"Design", "Дизайн"}, {}};
  design.specializations.push_back({201, 2, "logo", {"Logo", "Логотипы"}});
  catalog::Country russia{1, "RU", {"Russia", "Россия"}, {}};
  russia.cities.push_back({1, 1, {"Moscow", "Москва"}});
  catalog::Country kazakhstan{2, "KZ", {"Kazakhstan", "Казахстан"}, {}};
  kazakhstan.cities.push_back({21, 2, {"Almaty", "Алматы"}});
  std::vector<catalog::Skill> skills{{1, "cpp", {"C++", "C++"}}, {2, "python", {"Python", "Python"}}};
  std::vector<catalog::Currency> currencies{{"RUB", {"Ruble", "Рубль"}, "₽", 2, 1.0},
                                            {"USD", {"Dollar", "Доллар"}, "$", 2, 90.0}};
  return catalog::Snapshot({development, design}, skills, {russia, kazakhstan}, currencies);
}

struct Outcome {
  VacancyInput input;
  FieldErrors errors;
};

Outcome Read(const boost::json::object& body, bool with_company = true) {
  static const auto catalog = TestCatalog();
  web::JsonReader reader(body);
  Outcome outcome;
  outcome.input = ReadVacancyInput(reader, catalog, with_company);
  try {
    reader.Finish();
  } catch (const Error& error) {
    outcome.errors = error.Fields();
  }
  return outcome;
}

boost::json::object Valid() {
  return boost::json::parse(R"({
    "company_id": 7, "title": "Backend developer", "category_id": 1, "specialization_id": 101,
    "description": "Go, PostgreSQL.", "skill_ids": [1, 2],
    "salary": {"from": 10000000, "to": 20000000, "currency": "RUB", "gross": false},
    "employment": "full", "schedule": "remote", "experience": "3_6", "education": "higher",
    "country_id": 1, "city_id": 1, "address": "Moscow",
    "contact": {"name": "Anna", "email": "hr@example.com", "phone": "+7 900"}, "publish": true})")
      .as_object();
}

std::string FirstKey(const FieldErrors& errors, std::string_view field) {
  auto it = errors.find(field);
  return it == errors.end() || it->second.empty() ? std::string() : it->second.front().key;
}

std::string KeyWith(std::string_view field, boost::json::value value) {
  auto body = Valid();
  if (value.is_null() && field != "salary") {
    body.erase(field);
  } else {
    body[field] = std::move(value);
  }
  return FirstKey(Read(body).errors, field);
}

TEST(VacancyInputTest, AValidFormReadsWhole) {
  auto outcome = Read(Valid());
  EXPECT_TRUE(outcome.errors.empty());
  EXPECT_EQ(outcome.input.company_id, 7);
  EXPECT_EQ(outcome.input.title, "Backend developer");
  ASSERT_TRUE(outcome.input.salary.has_value());
  EXPECT_EQ(outcome.input.salary->to, 20000000);
  EXPECT_FALSE(outcome.input.salary->gross);
  EXPECT_EQ(outcome.input.salary_base, 20000000);  // the top of the range in kopecks
  EXPECT_EQ(outcome.input.contact.email, "hr@example.com");
  EXPECT_TRUE(outcome.input.publish);
}

TEST(VacancyInputTest, SalaryBaseIsTheTopOfTheRangeInKopecks) {
  auto body = Valid();
  body["salary"] = boost::json::parse(R"({"from": 300000, "to": null, "currency": "USD", "gross": true})");
  auto outcome = Read(body);
  EXPECT_TRUE(outcome.errors.empty());
  EXPECT_EQ(outcome.input.salary_base, 300000 * 90);
  body["salary"] = nullptr;
  outcome = Read(body);
  EXPECT_FALSE(outcome.input.salary.has_value());
  EXPECT_FALSE(outcome.input.salary_base.has_value());
}

TEST(VacancyInputTest, EveryFieldIsChecked) {
  EXPECT_EQ(KeyWith("title", "ab"), "validation:length.min");
  EXPECT_EQ(KeyWith("title", nullptr), "validation:required");
  EXPECT_EQ(KeyWith("description", boost::json::string(std::string(10001, 'a'))), "validation:length.max");
  EXPECT_EQ(KeyWith("category_id", 99), "marketplace:catalog.category_unknown");
  EXPECT_EQ(KeyWith("specialization_id", 201), "marketplace:catalog.specialization_unknown");
  EXPECT_EQ(KeyWith("skill_ids", boost::json::array{1, 99}), "marketplace:catalog.skill_unknown");
  boost::json::array many;
  for (int i = 0; i < 31; ++i) many.push_back(1 + i % 2);
  // 31 entries but only 2 distinct ids: duplicates are dropped, so this is valid.
  EXPECT_EQ(KeyWith("skill_ids", many), "");
  EXPECT_EQ(KeyWith("employment", "weekly"), "vacancies:employment_unknown");
  EXPECT_EQ(KeyWith("schedule", "nights"), "vacancies:schedule_unknown");
  EXPECT_EQ(KeyWith("experience", "10_plus"), "vacancies:experience_unknown");
  EXPECT_EQ(KeyWith("education", "phd"), "vacancies:education_unknown");
  EXPECT_EQ(KeyWith("employment", nullptr), "validation:required");
  EXPECT_EQ(KeyWith("country_id", 99), "marketplace:catalog.country_unknown");
  EXPECT_EQ(KeyWith("city_id", 21), "marketplace:catalog.city_unknown");
  EXPECT_EQ(KeyWith("address", boost::json::string(std::string(301, 'a'))), "validation:length.max");
  EXPECT_EQ(KeyWith("company_id", nullptr), "validation:required");
}

TEST(VacancyInputTest, SalaryRules) {
  auto salary = [](std::string_view json) { return KeyWith("salary", boost::json::parse(json)); };
  EXPECT_EQ(salary(R"({"from": null, "to": null, "currency": "RUB", "gross": true})"),
            "vacancies:salary_empty");
  EXPECT_EQ(salary(R"({"from": 0, "to": 100, "currency": "RUB", "gross": true})"),
            "vacancies:salary_positive");
  EXPECT_EQ(salary(R"({"from": 200, "to": 100, "currency": "RUB", "gross": true})"),
            "vacancies:salary_range");
  EXPECT_EQ(salary(R"({"from": 100, "currency": "XXX", "gross": true})"),
            "marketplace:catalog.currency_unknown");
  EXPECT_EQ(salary(R"({"from": 2000000000000, "currency": "RUB"})"), "vacancies:salary_too_large");
  EXPECT_EQ(salary(R"({"from": "a lot", "currency": "RUB"})"), "vacancies:salary_invalid");
  EXPECT_EQ(salary(R"({"to": 100})"), "");  // RUB and gross by default
}

TEST(VacancyInputTest, ContactRules) {
  auto body = Valid();
  body["contact"] = boost::json::parse(R"({"name": "", "email": "not-an-address", "phone": ""})");
  EXPECT_EQ(FirstKey(Read(body).errors, "contact.email"), "validation:email");
  body["contact"] = boost::json::parse(R"({"name": "", "email": "", "phone": ""})");
  EXPECT_TRUE(Read(body).errors.empty());
  body["contact"] = boost::json::object{{"name", "A"}, {"email", ""}, {"phone", std::string(41, '1')}};
  EXPECT_EQ(FirstKey(Read(body).errors, "contact.phone"), "vacancies:contact_phone_invalid");
}

TEST(VacancyInputTest, AnEditReadsNoCompany) {
  auto body = Valid();
  body.erase("company_id");
  auto outcome = Read(body, false);
  EXPECT_TRUE(outcome.errors.empty());
  EXPECT_EQ(outcome.input.company_id, 0);
}

TEST(VacancyInputTest, InputJsonReadsBackAsTheSameForm) {
  auto first = Read(Valid());
  Vacancy vacancy;
  vacancy.title = first.input.title;
  vacancy.category_id = first.input.category_id;
  vacancy.specialization_id = first.input.specialization_id;
  vacancy.description = first.input.description;
  vacancy.skill_ids = first.input.skill_ids;
  vacancy.salary = first.input.salary;
  vacancy.employment = first.input.employment;
  vacancy.schedule = first.input.schedule;
  vacancy.experience = first.input.experience;
  vacancy.education = first.input.education;
  vacancy.country_id = first.input.country_id;
  vacancy.city_id = first.input.city_id;
  vacancy.address = first.input.address;
  vacancy.contact = first.input.contact;
  auto again = Read(InputJson(vacancy), false);
  EXPECT_TRUE(again.errors.empty());
  EXPECT_EQ(again.input.title, first.input.title);
  EXPECT_EQ(again.input.salary, first.input.salary);
  EXPECT_EQ(again.input.salary_base, first.input.salary_base);
  EXPECT_EQ(again.input.contact, first.input.contact);
}

}  // namespace
}  // namespace artel::vacancies

namespace artel::vacancies {
namespace {

// What the service runs on every Create and Update (seeders and tests included), without a reader.
TEST(VacancyReferencesTest, TheServiceChecksTheCatalogOfATypedForm) {
  const auto catalog = TestCatalog();
  VacancyInput input;
  input.category_id = 1;
  input.skill_ids = {1, 2};
  input.salary = Salary{.from = 300000, .to = std::nullopt, .currency = "RUB", .gross = true};
  input.country_id = 1;
  ValidationErrors clean;
  CheckReferences(catalog, input, clean);
  EXPECT_TRUE(clean.Empty());
  EXPECT_EQ(input.salary_base, 300000);  // set by the check, whatever the caller put there

  input.category_id = 99;
  input.skill_ids = {1, 99};
  input.salary->currency = "XXX";
  input.country_id = 1;
  input.city_id = 21;  // a city of the other country
  ValidationErrors errors;
  CheckReferences(catalog, input, errors);
  EXPECT_TRUE(errors.Has("category_id"));
  EXPECT_TRUE(errors.Has("skill_ids"));
  EXPECT_TRUE(errors.Has("salary"));
  EXPECT_TRUE(errors.Has("city_id"));
  EXPECT_FALSE(errors.Has("country_id"));
  EXPECT_FALSE(input.salary_base.has_value());
  EXPECT_THROW(errors.ThrowIfAny(), Error);
}

}  // namespace
}  // namespace artel::vacancies
