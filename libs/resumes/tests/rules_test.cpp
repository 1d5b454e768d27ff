// The pure parts of resumes: the months and the derived experience and education, the form's rules against a
// small in-memory catalog, the list's query parameters and the filter as a stored value.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <map>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/resumes/resumes.hpp"
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

/// The fields of the ValidationFailed the service's checks give the form, each with its first message key.
std::map<std::string, std::string> BadFields(ResumeInput input) {
  const auto catalog = TestCatalog();
  ValidationErrors errors;
  CheckRules(input, kNow, errors);
  CheckReferences(catalog, input, errors);
  std::map<std::string, std::string> fields;
  try {
    errors.ThrowIfAny();
  } catch (const Error& error) {
    for (const auto& [field, messages] : error.Fields()) fields[field] = messages.front().key;
  }
  return fields;
}

ResumeInput Form() {
  ResumeInput input;
  input.position = "Backend developer";
  input.category_id = 1;
  return input;
}

TEST(ResumeRulesTest, AWholeFormPassesAndGetsItsBaseSalary) {
  auto input = Form();
  input.position = "  Backend developer ";
  input.specialization_ids = {101};
  input.salary = kernel::Money{100000, "USD"};
  input.employments = {"full", "project", "full"};
  input.experience = {Job(M(2020, 1), std::nullopt)};
  input.education = {{"higher", "MSU", "CS", 2019}};
  input.skill_ids = {1, 2};
  input.languages = {{"en", "b2"}};
  input.country_id = 1;
  input.city_id = 10;
  const auto catalog = TestCatalog();
  ValidationErrors errors;
  CheckRules(input, kNow, errors);
  CheckReferences(catalog, input, errors);
  EXPECT_NO_THROW(errors.ThrowIfAny());
  EXPECT_EQ(input.position, "Backend developer");
  // Each code once; the base is the shared conversion at the catalog's rate.
  EXPECT_EQ(input.employments, (std::vector<std::string>{"full", "project"}));
  EXPECT_EQ(input.salary_base, 9000000);
}

TEST(ResumeRulesTest, EveryRuleHasItsMessage) {
  auto input = Form();
  input.position = "A";
  input.category_id = 99;
  input.specialization_ids = {203, 101, 1, 2, 3, 4};
  input.salary = kernel::Money{-5, "RUB"};
  input.employments = {"full", "weekends"};
  input.schedules = {"night"};
  auto future = Job(M(2027, 1), std::nullopt);
  future.company = " ";
  input.experience = {future, Job(M(2020, 5), M(2020, 4))};
  input.education = {{"phd", "X", "", 1800}};
  input.skill_ids = {7};
  input.languages = {{"english", "fluent"}, {"en", "b2"}, {"en", "c1"}};
  input.about = std::string(5001, 'a');
  input.country_id = 2;
  input.city_id = 10;
  input.visibility = "secret";
  const auto fields = BadFields(input);
  EXPECT_EQ(fields.at("position"), "validation:length.min");
  EXPECT_EQ(fields.at("category_id"), "catalog:category_unknown");
  EXPECT_EQ(fields.at("specialization_ids"), "resumes:specializations_max");
  EXPECT_EQ(fields.at("salary.amount"), "resumes:salary_positive");
  EXPECT_EQ(fields.at("employments"), "resumes:employment_unknown");
  EXPECT_EQ(fields.at("schedules"), "resumes:schedule_unknown");
  EXPECT_EQ(fields.at("experience.0.company"), "validation:required");
  EXPECT_EQ(fields.at("experience.0.start"), "resumes:month_future");
  EXPECT_EQ(fields.at("experience.1.end"), "resumes:end_before_start");
  EXPECT_EQ(fields.at("education.0.level"), "validation:one_of");
  EXPECT_EQ(fields.at("education.0.graduation_year"), "resumes:graduation_year");
  EXPECT_EQ(fields.at("skill_ids"), "catalog:skill_unknown");
  EXPECT_EQ(fields.at("languages.0.code"), "resumes:language_code");
  EXPECT_EQ(fields.at("languages.0.level"), "validation:one_of");
  EXPECT_EQ(fields.at("languages.2.code"), "resumes:language_repeated");
  EXPECT_EQ(fields.at("about"), "resumes:about_max");
  EXPECT_EQ(fields.at("city_id"), "catalog:city_country");
  EXPECT_EQ(fields.at("visibility"), "validation:one_of");
}

TEST(ResumeRulesTest, TooManyEntriesAndASpecializationOfAnotherCategory) {
  auto input = Form();
  input.specialization_ids = {203};
  input.experience.assign(kMaxExperience + 1, Job(M(2020, 1), std::nullopt));
  const auto fields = BadFields(input);
  EXPECT_EQ(fields.at("experience"), "resumes:experience_max");
  EXPECT_EQ(fields.at("specialization_ids"), "catalog:specialization_unknown");
}

TEST(ResumeRulesTest, APatchKeepsWhatItDoesNotGiveAndNullClears) {
  auto stored = Form();
  stored.category_id = 2;
  stored.specialization_ids = {203};
  stored.about = "Old";
  stored.salary = kernel::Money{5000, "USD"};
  stored.city_id = 10;
  ResumePatch patch;
  patch.about = {true, "New"};
  patch.city_id = {true, std::nullopt};
  auto merged = stored;
  patch.ApplyTo(merged);
  EXPECT_EQ(merged.position, stored.position);
  EXPECT_EQ(merged.about, "New");
  EXPECT_EQ(merged.specialization_ids, std::vector<std::int32_t>{203});
  ASSERT_TRUE(merged.salary);
  EXPECT_EQ(merged.salary->currency, "USD");
  EXPECT_FALSE(merged.city_id);
  // A category change must not leave the old category's specializations behind: the merged form is checked.
  ResumePatch category;
  category.category_id = {true, 1};
  merged = stored;
  category.ApplyTo(merged);
  EXPECT_EQ(BadFields(merged).at("specialization_ids"), "catalog:specialization_unknown");
}

TEST(ResumeFilterTest, RoundTripsThroughJson) {
  Filter filter;
  EXPECT_EQ(Filter::FromJson(filter.ToJson()), filter);
  EXPECT_TRUE(filter.ToJson().empty());
  filter.query = "go dev";
  filter.category_id = 1;
  filter.specialization_id = 101;
  filter.employments = {"full"};
  filter.schedules = {"remote", "shift"};
  filter.experience = "1_3";
  filter.education = "higher";
  filter.salary = 100;
  filter.currency = "USD";
  filter.country_id = 1;
  filter.city_id = 10;
  filter.skill_ids = {2};
  filter.relocate = true;
  filter.remote = true;
  filter.sort = Sort::kRelevance;
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
