// `artel seed-demo`'s vacancies: the rows of demo/vacancies.yaml (about 40 vacancies in Russian and English
// across the catalog's categories) for the demo companies (libs/companies' seeder, which runs before this
// one), in every state: published over the last four weeks (a few about to expire), drafts and archived ones.
// Responses come from libs/hiring's seeder, which runs after this one.

#include "demo.hpp"

#include <fmt/format.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/db/pool.hpp"
#include "artel/platform/demo_data.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::vacancies {

/// libs/vacancies/demo/vacancies.yaml, compiled in (artel_embed_text in CMakeLists.txt).
std::string_view DemoVacancies();

namespace {

using boost::asio::awaitable;
using namespace std::chrono_literals;

constexpr std::string_view kSource = "libs/vacancies/demo/vacancies.yaml";

/// A vacancy in one language, as its row in demo/vacancies.yaml has it. `industry` picks the company (one of
/// that industry when there is one).
struct Template {
  std::string industry;
  std::int32_t category_id = 0;
  std::int32_t specialization_id = 0;
  std::string title;
  std::string description;
  std::vector<std::int64_t> skills;
  /// In major units; nullopt: by agreement.
  std::optional<Salary> salary;
  std::string employment;
  std::string schedule;
  std::string experience;
  std::string education;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::string address;
  std::string contact;
  /// draft, published, expiring (published 29 days ago), archived.
  std::string state;
};

std::vector<Template> ReadTemplates() {
  std::vector<Template> templates;
  for (const auto& row :
       platform::ReadDemoRows(DemoVacancies(), kSource,
                              {"industry", "category", "specialization", "title", "description", "skills",
                               "salary", "employment", "schedule", "experience", "education", "country",
                               "city", "address", "contact", "state"})) {
    Template t;
    t.industry = row.Text("industry");
    t.category_id = static_cast<std::int32_t>(row.Int("category"));
    t.specialization_id = static_cast<std::int32_t>(row.Int("specialization"));
    t.title = row.Text("title");
    t.description = row.Text("description");
    t.skills = row.Ints("skills");
    if (auto salary = row.Child("salary", {"from", "to", "currency", "gross"})) {
      t.salary = Salary{salary->OptionalInt("from"), salary->OptionalInt("to"), salary->Text("currency"),
                        salary->Bool("gross")};
    }
    t.employment = row.Text("employment");
    t.schedule = row.Text("schedule");
    t.experience = row.Text("experience");
    t.education = row.Text("education");
    if (auto country = row.OptionalInt("country")) t.country_id = static_cast<std::int32_t>(*country);
    if (auto city = row.OptionalInt("city")) t.city_id = static_cast<std::int32_t>(*city);
    t.address = row.Text("address");
    t.contact = row.Text("contact");
    t.state = row.Text("state");
    if (t.state != "draft" && t.state != "published" && t.state != "expiring" && t.state != "archived") {
      throw std::runtime_error(
          fmt::format("{} row {}: `state` must be draft, published, expiring or archived", kSource,
                      templates.size() + 1));
    }
    templates.push_back(std::move(t));
  }
  return templates;
}

constexpr db::Statement kDemoCompanies{"vacancies.demo_companies", R"sql(
SELECT c.id, c.owner_id, c.industry
FROM companies.companies c
JOIN identity.users u ON u.id = c.owner_id
WHERE u.email LIKE '%@demo.artel.local'
ORDER BY c.id
)sql"};
constexpr db::Statement kDemoVacancies{"vacancies.demo_count", R"sql(
SELECT count(*) AS vacancies
FROM vacancies.vacancies v
JOIN identity.users u ON u.id = v.owner_id
WHERE u.email LIKE '%@demo.artel.local'
)sql"};
/// Spreads the dates: created, published `age` ago; archived ones archived `age` ago after 30 days up.
constexpr db::Statement kBackdate{"vacancies.demo_backdate", R"sql(
UPDATE vacancies.vacancies
SET created_at = $2::timestamptz - interval '1 hour', updated_at = $2::timestamptz,
  published_at = CASE WHEN status = 'draft' THEN NULL ELSE $2::timestamptz END,
  expires_at = CASE WHEN status = 'draft' THEN NULL ELSE $2::timestamptz + interval '30 days' END,
  status = CASE WHEN $3::boolean THEN 'archived' ELSE status END,
  archived_at = CASE WHEN $3::boolean THEN $2::timestamptz + interval '30 days' ELSE NULL END
WHERE id = $1
)sql"};

struct Company {
  std::int64_t id;
  std::int64_t owner_id;
  std::string industry;
};

const Company& PickCompany(const std::vector<Company>& companies, std::string_view industry,
                           std::size_t index) {
  std::vector<const Company*> matching;
  for (const auto& company : companies) {
    if (company.industry == industry) matching.push_back(&company);
  }
  if (matching.empty()) return companies[index % companies.size()];
  return *matching[index % matching.size()];
}

}  // namespace

awaitable<std::size_t> SeedDemoVacancies(db::Pool& pool, Vacancies& vacancies, catalog::Catalog& catalog) {
  auto existing = co_await pool.Query(kDemoVacancies);
  if (existing.One().Get<std::int64_t>("vacancies") > 0) co_return 0;
  auto rows = co_await pool.Query(kDemoCompanies);
  std::vector<Company> companies;
  for (auto row : rows) {
    companies.push_back(
        {row.Get<std::int64_t>("id"), row.Get<std::int64_t>("owner_id"), row.Get<std::string>("industry")});
  }
  if (companies.empty()) co_return 0;
  auto snapshot = co_await catalog.Get();
  const TimePoint now = vacancies.GetClock().Now();
  std::size_t seeded = 0;
  const auto templates = ReadTemplates();
  for (std::size_t i = 0; i < templates.size(); ++i) {
    const auto& t = templates[i];
    const auto& company = PickCompany(companies, t.industry, i);
    VacancyInput input;
    input.company_id = company.id;
    input.title = t.title;
    input.category_id = t.category_id;
    input.specialization_id = t.specialization_id;
    input.description = t.description;
    input.skill_ids = t.skills;
    if (t.salary) {
      const std::int64_t minor = 100;
      Salary salary = *t.salary;
      if (salary.from) *salary.from *= minor;
      if (salary.to) *salary.to *= minor;
      input.salary = std::move(salary);
    }
    input.employment = t.employment;
    input.schedule = t.schedule;
    input.experience = t.experience;
    input.education = t.education;
    input.country_id = t.country_id;
    input.city_id = t.city_id;
    input.address = t.address;
    input.contact.name = t.contact;
    input.contact.email = "hr@demo.artel.local";
    input.contact.phone = "+7 900 000-00-" + std::to_string(10 + i);
    input.publish = t.state != "draft";
    auto tx = co_await pool.Begin();
    const auto vacancy_id = co_await vacancies.Create(tx, company.owner_id, input);
    // Published over the last four weeks; "expiring" ones 29 days ago; archived ones ran out 5 to 40 days
    // ago.
    std::chrono::hours age = std::chrono::hours(6 + static_cast<std::int64_t>(i) * 17 % (24 * 26));
    const bool archived = t.state == "archived";
    if (t.state == "expiring") age = std::chrono::hours(24 * 29 + 20);
    if (archived) age = std::chrono::hours(24 * (35 + static_cast<std::int64_t>(i) % 36));
    const TimePoint at = now - age;
    co_await tx.Query(kBackdate, vacancy_id, at, archived);
    co_await tx.Commit();
    ++seeded;
  }
  co_return seeded;
}

}  // namespace artel::vacancies
