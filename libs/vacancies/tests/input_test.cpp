// A vacancy form as the edge checks it (the contract part compiled into the library) and then the service
// (CheckRules, CheckReferences), against a small in-memory catalog.

#include "input.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "artel/catalog/catalog.hpp"
#include "artel/kernel/json.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/testing/contract_body_test.hpp"

namespace artel::vacancies {
/// libs/vacancies/api.yaml, compiled into libs/vacancies.
std::string_view ContractPart();

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

class FormTest : public web::testing::ContractBodyTest {
 protected:
  FormTest() : ContractBodyTest({{"vacancies", ContractPart()}}) {}

  struct Outcome {
    VacancyInput input;
    FieldErrors errors;
  };

  /// The body as the edge reads it (the contract's schema, then the typed form) and, when the schema passes,
  /// as the service checks it (CheckRules, CheckReferences): the two answers a client may get, in order.
  Outcome Read(const boost::json::object& sent, std::string_view operation = "createVacancy") {
    static const auto catalog = TestCatalog();
    boost::json::value body = sent;
    ValidationErrors errors;
    contract.CheckBody(contract.Find(operation), body, errors);
    Outcome outcome;
    if (errors.Empty()) {
      if (operation == "createVacancy") {
        FormInput form;
        kernel::FromJson(body, form);
        outcome.input = InputOf(std::move(form));
      } else {
        outcome.input = FormOf(Stored());
        VacancyPatch patch;
        kernel::FromJson(body, patch);
        Merge(patch, outcome.input);
      }
      CheckRules(outcome.input, errors);
      CheckReferences(catalog, outcome.input, errors);
    }
    try {
      errors.ThrowIfAny();
    } catch (const Error& error) {
      outcome.errors = error.Fields();
    }
    return outcome;
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

  static Vacancy Stored() {
    Vacancy vacancy;
    vacancy.company.id = 7;
    vacancy.title = "Backend developer";
    vacancy.category_id = 1;
    vacancy.specialization_id = 101;
    vacancy.description = "Go, PostgreSQL.";
    vacancy.skill_ids = {1, 2};
    vacancy.salary = Salary{.from = 10000000, .to = 20000000, .currency = "RUB", .gross = false};
    vacancy.employment = "full";
    vacancy.schedule = "remote";
    vacancy.experience = "3_6";
    vacancy.education = "higher";
    vacancy.country_id = 1;
    vacancy.city_id = 1;
    vacancy.address = "Moscow";
    vacancy.contact = {"Anna", "hr@example.com", "+7 900"};
    return vacancy;
  }
};

TEST_F(FormTest, AValidFormReadsWhole) {
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

TEST_F(FormTest, SalaryBaseIsTheTopOfTheRangeInKopecks) {
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

TEST_F(FormTest, EveryFieldIsChecked) {
  EXPECT_EQ(KeyWith("title", "ab"), "validation:length.min");
  EXPECT_EQ(KeyWith("title", "  ab  "), "validation:length.min");  // trimmed first
  EXPECT_EQ(KeyWith("title", nullptr), "validation:required");
  EXPECT_EQ(KeyWith("description", boost::json::string(std::string(10001, 'a'))), "validation:length.max");
  EXPECT_EQ(KeyWith("category_id", 99), "catalog:category_unknown");
  EXPECT_EQ(KeyWith("category_id", std::int64_t{1} << 32 | 1), "catalog:category_unknown");
  EXPECT_EQ(KeyWith("specialization_id", 201), "catalog:specialization_unknown");
  EXPECT_EQ(KeyWith("skill_ids", boost::json::array{1, 99}), "catalog:skill_unknown");
  boost::json::array many;
  for (int i = 0; i < 31; ++i) many.push_back(1 + i % 2);
  EXPECT_EQ(KeyWith("skill_ids", many), "vacancies:skills_too_many");  // the schema counts what is sent
  EXPECT_EQ(KeyWith("skill_ids", boost::json::array{1, 2, 1}), "");    // the service keeps each once
  EXPECT_EQ(KeyWith("employment", "weekly"), "vacancies:employment_unknown");
  EXPECT_EQ(KeyWith("schedule", "nights"), "vacancies:schedule_unknown");
  EXPECT_EQ(KeyWith("experience", "10_plus"), "vacancies:experience_unknown");
  EXPECT_EQ(KeyWith("education", "phd"), "vacancies:education_unknown");
  EXPECT_EQ(KeyWith("employment", nullptr), "validation:required");
  EXPECT_EQ(KeyWith("country_id", 99), "catalog:country_unknown");
  EXPECT_EQ(KeyWith("city_id", 21), "catalog:city_country");
  EXPECT_EQ(KeyWith("address", boost::json::string(std::string(301, 'a'))), "validation:length.max");
  EXPECT_EQ(KeyWith("company_id", nullptr), "validation:required");
  EXPECT_EQ(KeyWith("company_id", 0), "companies:not_found");
}

TEST_F(FormTest, SalaryRules) {
  auto salary = [&](std::string_view json) {
    auto body = Valid();
    body["salary"] = boost::json::parse(json);
    auto errors = Read(body).errors;
    for (const auto& [field, messages] : errors) {
      if (field.starts_with("salary")) return field + " " + messages.front().key;
    }
    return std::string();
  };
  EXPECT_EQ(salary(R"({"from": null, "to": null, "currency": "RUB", "gross": true})"),
            "salary vacancies:salary_empty");
  EXPECT_EQ(salary(R"({"from": 0, "to": 100, "currency": "RUB", "gross": true})"),
            "salary.from vacancies:salary_positive");
  EXPECT_EQ(salary(R"({"from": 200, "to": 100, "currency": "RUB", "gross": true})"),
            "salary vacancies:salary_range");
  EXPECT_EQ(salary(R"({"from": 100, "to": null, "currency": "XXX", "gross": true})"),
            "salary catalog:currency_unknown");
  EXPECT_EQ(salary(R"({"from": 100, "to": null, "currency": "rub", "gross": true})"),
            "salary.currency vacancies:salary_invalid");
  EXPECT_EQ(salary(R"({"from": 2000000000000, "to": null, "currency": "RUB", "gross": true})"),
            "salary vacancies:salary_too_large");
  EXPECT_EQ(salary(R"({"from": "a lot", "to": null, "currency": "RUB", "gross": true})"),
            "salary.from vacancies:salary_invalid");
}

TEST_F(FormTest, ContactRules) {
  auto body = Valid();
  body["contact"] = boost::json::parse(R"({"name": "", "email": "not-an-address", "phone": ""})");
  EXPECT_EQ(FirstKey(Read(body).errors, "contact.email"), "validation:email");
  body["contact"] = boost::json::parse(R"({"name": "", "email": "", "phone": ""})");
  EXPECT_TRUE(Read(body).errors.empty());
  body["contact"] = boost::json::object{{"name", "A"}};  // the rest empty
  EXPECT_TRUE(Read(body).errors.empty());
  body["contact"] = boost::json::object{{"name", "A"}, {"email", ""}, {"phone", std::string(41, '1')}};
  EXPECT_EQ(FirstKey(Read(body).errors, "contact.phone"), "vacancies:contact_phone_invalid");
  body["contact"] = boost::json::object{{"name", std::string(121, 'a')}};
  EXPECT_EQ(FirstKey(Read(body).errors, "contact.name"), "vacancies:contact_name_invalid");
}

TEST_F(FormTest, APatchKeepsWhatItDoesNotSend) {
  auto outcome =
      Read(boost::json::parse(R"({"title": "Senior backend developer", "salary": null})").as_object(),
           "updateVacancy");
  EXPECT_TRUE(outcome.errors.empty());
  EXPECT_EQ(outcome.input.title, "Senior backend developer");
  EXPECT_FALSE(outcome.input.salary.has_value());
  EXPECT_EQ(outcome.input.description, "Go, PostgreSQL.");
  EXPECT_EQ(outcome.input.skill_ids, (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(outcome.input.city_id, 1);
  // A null for a property that is not nullable is absent; an empty patch keeps the whole form.
  outcome = Read(boost::json::parse(R"({"title": null})").as_object(), "updateVacancy");
  EXPECT_EQ(outcome.input.title, "Backend developer");
  outcome = Read(boost::json::object(), "updateVacancy");
  EXPECT_TRUE(outcome.errors.empty());
  EXPECT_EQ(outcome.input.salary, Stored().salary);
  // The merged form meets the rules of a full one: a city of the other country.
  outcome = Read(boost::json::parse(R"({"city_id": 21})").as_object(), "updateVacancy");
  EXPECT_EQ(FirstKey(outcome.errors, "city_id"), "catalog:city_country");
  outcome =
      Read(boost::json::parse(R"({"employment": "weekly", "title": "ab"})").as_object(), "updateVacancy");
  EXPECT_EQ(FirstKey(outcome.errors, "employment"), "vacancies:employment_unknown");
  EXPECT_EQ(FirstKey(outcome.errors, "title"), "validation:length.min");
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
