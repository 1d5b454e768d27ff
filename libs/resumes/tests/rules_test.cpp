// The pure parts of resumes: the months and the derived experience and education, the form's rules against a
// small in-memory catalog, the list's query parameters and the filter as a stored value.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <map>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/web/http.hpp"
#include "artel/web/json.hpp"
#include "input.hpp"
#include "list.hpp"

namespace artel::resumes {
namespace {

catalog::Snapshot TestCatalog() {
  catalog::Category development{1, "development", {"Development", "Разработка"}, {}};
  development.specializations.push_back({101, 1, "web-development", {"Web", "Веб"}});
  catalog::Category design{2, "design", {"Design", "Дизайн"}, {}};
  design.specializations.push_back({203, 2, "logo-branding", {"Logo", "Логотипы"}});
  catalog::Country russia{1, "RU", {"Russia", "Россия"}, {}};
  russia.cities.push_back({10, 1, {"Moscow", "Москва"}});
  catalog::Country kazakhstan{2, "KZ", {"Kazakhstan", "Казахстан"}, {}};
  kazakhstan.cities.push_back({20, 2, {"Almaty", "Алматы"}});
  std::vector<catalog::Skill> skills{{1, "cpp", {"C++", "C++"}}, {2, "python", {"Python", "Python"}}};
  std::vector<catalog::Currency> currencies{{"RUB", {"Ruble", "Рубль"}, "₽", 2, 1.0},
                                            {"USD", {"Dollar", "Доллар"}, "$", 2, 90.0}};
  return catalog::Snapshot({development, design}, skills, {russia, kazakhstan}, currencies);
}

YearMonth M(int year, int month) {
  return {year, month};
}

ExperienceEntry Job(YearMonth start, std::optional<YearMonth> end) {
  ExperienceEntry entry;
  entry.company = "A";
  entry.position = "B";
  entry.start = start;
  entry.end = end;
  return entry;
}

// 2026-11-15 UTC.
const TimePoint kNow = std::chrono::sys_days{std::chrono::year{2026} / 11 / 15};

TEST(ResumeRulesTest, MonthsParseOnlyAsYearDashMonth) {
  EXPECT_EQ(ParseYearMonth("2021-03"), M(2021, 3));
  EXPECT_EQ(FormatYearMonth(M(2021, 3)), "2021-03");
  for (auto bad :
       {"2021-3", "2021-13", "2021-00", "21-03", "2021/03", "2021-03-01", "1939-12", "abcd-ef", ""})
    EXPECT_FALSE(ParseYearMonth(bad)) << bad;
  EXPECT_EQ(MonthOf(kNow), M(2026, 11));
}

TEST(ResumeRulesTest, ExperienceCountsEveryMonthOnce) {
  const auto now = M(2026, 11);
  EXPECT_EQ(ExperienceMonths({}, now), 0);
  // Both ends inclusive: March to March is one month; a year is Jan to Dec.
  EXPECT_EQ(ExperienceMonths({Job(M(2021, 3), M(2021, 3))}, now), 1);
  EXPECT_EQ(ExperienceMonths({Job(M(2020, 1), M(2020, 12))}, now), 12);
  // An open entry runs to the current month.
  EXPECT_EQ(ExperienceMonths({Job(M(2026, 1), std::nullopt)}, now), 11);
  // Overlaps count once; a gap does not count.
  EXPECT_EQ(ExperienceMonths({Job(M(2020, 1), M(2020, 12)), Job(M(2020, 7), M(2021, 6))}, now), 18);
  EXPECT_EQ(ExperienceMonths({Job(M(2020, 1), M(2020, 6)), Job(M(2021, 1), M(2021, 6))}, now), 12);
  // One entry inside another.
  EXPECT_EQ(ExperienceMonths({Job(M(2018, 1), M(2022, 12)), Job(M(2019, 1), M(2019, 2))}, now), 60);
  // The order of entries does not matter; future months are not counted.
  EXPECT_EQ(ExperienceMonths({Job(M(2021, 1), M(2021, 6)), Job(M(2020, 1), M(2020, 6))}, now), 12);
  EXPECT_EQ(ExperienceMonths({Job(M(2026, 10), M(2027, 5))}, now), 2);
}

TEST(ResumeRulesTest, ExperienceBucketsAreWholeYears) {
  EXPECT_EQ(ExperienceBucket(0), "none");
  EXPECT_EQ(ExperienceBucket(11), "none");
  EXPECT_EQ(ExperienceBucket(12), "1_3");
  EXPECT_EQ(ExperienceBucket(35), "1_3");
  EXPECT_EQ(ExperienceBucket(36), "3_6");
  EXPECT_EQ(ExperienceBucket(71), "3_6");
  EXPECT_EQ(ExperienceBucket(72), "6_plus");
}

TEST(ResumeRulesTest, EducationLevelIsTheHighest) {
  EXPECT_EQ(EducationLevel({}), "none");
  EducationEntry school{"secondary", "School 5", "", 2010};
  EducationEntry college{"vocational", "College", "", 2012};
  EducationEntry university{"higher", "MSU", "", 2016};
  EXPECT_EQ(EducationLevel({school}), "secondary");
  EXPECT_EQ(EducationLevel({college, school}), "vocational");
  EXPECT_EQ(EducationLevel({school, university, college}), "higher");
}

ResumeInput ReadInput(std::string_view body, const std::optional<ResumeInput>& base = std::nullopt) {
  const auto catalog = TestCatalog();
  auto json = boost::json::parse(body).as_object();
  web::JsonReader reader(json);
  auto input = ReadResumeInput(reader, catalog, kNow, base);
  reader.Finish();
  return input;
}

/// The fields of the ValidationFailed the form gets, each with its first message key.
std::map<std::string, std::string> BadFields(std::string_view body) {
  try {
    ReadInput(body);
  } catch (const Error& error) {
    std::map<std::string, std::string> fields;
    for (const auto& [field, messages] : error.Fields()) fields[field] = messages.front().key;
    return fields;
  }
  return {};
}

TEST(ResumeInputTest, ReadsAWholeResume) {
  const auto input = ReadInput(R"({
    "position": "  Backend developer ", "category_id": 1, "specialization_ids": [101],
    "salary": {"amount": 300000}, "employments": ["full", "project"], "schedules": ["remote"],
    "experience": [{"company": "Yandex", "position": "Developer", "start": "2020-01", "end": null,
                    "description": "Go"}],
    "education": [{"level": "higher", "institution": "MSU", "specialty": "CS", "graduation_year": 2019}],
    "skill_ids": [1, 2], "languages": [{"code": "en", "level": "b2"}], "about": "Hi",
    "citizenship_id": 1, "country_id": 1, "city_id": 10, "relocate": true, "business_trips": false,
    "visibility": "responded", "publish": true})");
  EXPECT_EQ(input.position, "Backend developer");
  ASSERT_TRUE(input.salary);
  // The currency defaults to the rouble; the base is the shared conversion.
  EXPECT_EQ(input.salary->currency, "RUB");
  EXPECT_EQ(input.salary_base, 300000);
  ASSERT_EQ(input.experience.size(), 1U);
  EXPECT_FALSE(input.experience[0].end);
  EXPECT_EQ(input.visibility, "responded");
  EXPECT_TRUE(input.publish);
}

TEST(ResumeInputTest, ConvertsTheSalaryThroughTheCatalogRate) {
  const auto input = ReadInput(R"({"position": "QA", "category_id": 1, "salary": {"amount": 100000,
    "currency": "USD"}})");
  EXPECT_EQ(input.salary_base, 9000000);
}

TEST(ResumeInputTest, EveryFieldHasItsMessage) {
  const auto fields = BadFields(R"({
    "position": "A", "category_id": 99, "specialization_ids": [203, 101, 1, 2, 3, 4],
    "salary": {"amount": -5}, "employments": ["full", "weekends"], "schedules": ["night"],
    "experience": [{"company": "", "position": "Dev", "start": "2027-01", "end": "2019-13"}],
    "education": [{"level": "phd", "institution": "X", "graduation_year": 1800}],
    "skill_ids": [7], "languages": [{"code": "english", "level": "fluent"}], "about": 5,
    "country_id": 2, "city_id": 10, "visibility": "secret"})");
  EXPECT_EQ(fields.at("position"), "validation:length.min");
  EXPECT_EQ(fields.at("category_id"), "marketplace:catalog.category_unknown");
  EXPECT_EQ(fields.at("specialization_ids"), "resumes:specializations_max");
  EXPECT_EQ(fields.at("salary.amount"), "resumes:salary_positive");
  EXPECT_EQ(fields.at("employments"), "resumes:employment_unknown");
  EXPECT_EQ(fields.at("schedules"), "resumes:schedule_unknown");
  EXPECT_EQ(fields.at("experience.0.company"), "validation:required");
  EXPECT_EQ(fields.at("experience.0.start"), "resumes:month_future");
  EXPECT_EQ(fields.at("experience.0.end"), "resumes:month_format");
  EXPECT_EQ(fields.at("education.0.level"), "validation:one_of");
  EXPECT_EQ(fields.at("education.0.graduation_year"), "resumes:graduation_year");
  EXPECT_EQ(fields.at("skill_ids"), "marketplace:catalog.skill_unknown");
  EXPECT_EQ(fields.at("languages.0.code"), "resumes:language_code");
  EXPECT_EQ(fields.at("languages.0.level"), "validation:one_of");
  EXPECT_EQ(fields.at("about"), "validation:type.string");
  EXPECT_EQ(fields.at("city_id"), "resumes:city_country");
  EXPECT_EQ(fields.at("visibility"), "validation:one_of");
}

TEST(ResumeInputTest, RequiresPositionAndCategoryOnCreate) {
  const auto fields = BadFields("{}");
  EXPECT_EQ(fields.at("position"), "validation:required");
  EXPECT_EQ(fields.at("category_id"), "validation:required");
}

TEST(ResumeInputTest, EndBeforeStartAndSpecializationOfAnotherCategory) {
  const auto fields = BadFields(R"({"position": "Dev", "category_id": 1, "specialization_ids": [203],
    "experience": [{"company": "A", "position": "B", "start": "2020-05", "end": "2020-04"}]})");
  EXPECT_EQ(fields.at("experience.0.end"), "resumes:end_before_start");
  EXPECT_EQ(fields.at("specialization_ids"), "marketplace:catalog.specialization_unknown");
}

TEST(ResumeInputTest, TooManyEntries) {
  std::string jobs;
  for (int i = 0; i < 21; ++i)
    jobs += std::string(i ? "," : "") + R"({"company": "A", "position": "B", "start": "2020-01"})";
  const auto fields = BadFields(R"({"position": "Dev", "category_id": 1, "experience": [)" + jobs + "]}");
  EXPECT_EQ(fields.at("experience"), "resumes:experience_max");
}

TEST(ResumeInputTest, APatchKeepsWhatItDoesNotGive) {
  auto base = ReadInput(R"({"position": "Designer", "category_id": 2, "specialization_ids": [203],
    "about": "Old", "salary": {"amount": 5000, "currency": "USD"}})");
  const auto patched = ReadInput(R"({"about": "New"})", base);
  EXPECT_EQ(patched.position, "Designer");
  EXPECT_EQ(patched.about, "New");
  EXPECT_EQ(patched.specialization_ids, std::vector<std::int32_t>{203});
  ASSERT_TRUE(patched.salary);
  EXPECT_EQ(patched.salary->currency, "USD");
  // A category change must not leave the old category's specializations behind.
  EXPECT_THROW(ReadInput(R"({"category_id": 1})", base), Error);
}

Filter ReadQuery(std::string query, PageRequest* page = nullptr) {
  const auto catalog = TestCatalog();
  web::Request request;
  request.query = std::move(query);
  PageRequest ignored;
  return ReadFilter(request, catalog, false, page != nullptr ? page : &ignored);
}

TEST(ResumeFilterTest, ReadsEveryParameter) {
  PageRequest page;
  const auto filter = ReadQuery(
      "q=go&category=design&specialization=203&employment=full&employment=part&schedule=remote&experience=3_"
      "6&"
      "education=vocational&salary=500000&currency=USD&country=1&city=10&skill=1&skill=2&relocate=true&"
      "remote=1&sort=salary&limit=5",
      &page);
  EXPECT_EQ(filter.query, "go");
  EXPECT_EQ(filter.category_id, 2);
  EXPECT_EQ(filter.specialization_id, 203);
  EXPECT_EQ(filter.employments, (std::vector<std::string>{"full", "part"}));
  EXPECT_EQ(filter.schedules, std::vector<std::string>{"remote"});
  EXPECT_EQ(filter.experience, "3_6");
  EXPECT_EQ(filter.education, "vocational");
  EXPECT_EQ(filter.salary, 500000);
  EXPECT_EQ(filter.currency, "USD");
  EXPECT_EQ(filter.skill_ids, (std::vector<std::int32_t>{1, 2}));
  EXPECT_TRUE(filter.relocate && filter.remote);
  EXPECT_EQ(filter.sort, Sort::kSalary);
  EXPECT_EQ(page.limit, 5);
}

TEST(ResumeFilterTest, RefusesUnknownValues) {
  for (auto query : {"employment=weekends", "schedule=night", "experience=10", "education=phd", "sort=rating",
                     "currency=XXX", "category=nothing", "specialization=999", "limit=0"}) {
    EXPECT_THROW(ReadQuery(query), Error) << query;
  }
}

TEST(ResumeFilterTest, RoundTripsThroughJson) {
  Filter filter;
  EXPECT_EQ(Filter::FromJson(filter.ToJson()), filter);
  EXPECT_TRUE(filter.ToJson().empty());
  filter = ReadQuery(
      "q=go dev&category=development&specialization=101&employment=full&schedule=remote&schedule=shift&"
      "experience=1_3&education=higher&salary=100&currency=USD&country=1&city=10&skill=2&relocate=1&remote=1&"
      "sort=relevance");
  const auto json = filter.ToJson();
  EXPECT_EQ(Filter::FromJson(json), filter);
  // Through text, as a saved search would store it.
  EXPECT_EQ(Filter::FromJson(boost::json::parse(boost::json::serialize(json)).as_object()), filter);
}

TEST(ResumeListTest, EveryQueryIsPublicOnly) {
  Filter filter;
  filter.query = "go";
  for (auto query : {list::BuildList(filter, std::nullopt, {}, std::nullopt),
                     list::BuildWindow(filter, std::nullopt, {}, 2000),
                     list::BuildCategoryCounts(filter, std::nullopt, std::nullopt),
                     list::BuildTotal(filter, std::nullopt, std::nullopt)}) {
    EXPECT_NE(std::string(query.statement.sql).find(list::kPublic), std::string::npos) << query.statement.sql;
  }
}

TEST(ResumeListTest, CursorsBelongToTheirSort) {
  const auto cursor = list::EncodeCursor(Sort::kSalary, {42, 7, true});
  const auto decoded = list::DecodeCursor(Sort::kSalary, cursor);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->key, 42);
  EXPECT_EQ(decoded->id, 7);
  EXPECT_TRUE(decoded->fuzzy);
  EXPECT_FALSE(list::DecodeCursor(Sort::kDate, cursor));
  Filter filter;
  filter.sort = Sort::kRelevance;
  EXPECT_EQ(list::EffectiveSort(filter), Sort::kDate);
}

}  // namespace
}  // namespace artel::resumes
