#pragma once

// Resumes (docs/api/openapi.yaml, tag "resumes"; db/migrations/resumes/0025_resumes.sql): the owner's edits,
// the visibility rule of every read, the public list and its counts. Knows nothing of HTTP; answers in the
// contract's JSON shapes.
//
// Who sees a resume: its owner always; anybody when it is published and public; an employer it was sent to
// (resumes::Grants) while it is published or hidden. Everybody else gets NotFound, as for a missing one.
// Lists, searches and counts show published public resumes only.

#include <boost/asio/awaitable.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/kernel/json.hpp"
#include "artel/kernel/money.hpp"
#include "artel/resumes/views.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::catalog {
class Catalog;
class Snapshot;
}  // namespace artel::catalog

namespace artel::storage {
struct StoredFile;
}  // namespace artel::storage

namespace artel::resumes {

inline constexpr std::size_t kMaxResumesPerUser = 20;
inline constexpr std::size_t kMaxSpecializations = 5;
inline constexpr std::size_t kMaxExperience = 20;
inline constexpr std::size_t kMaxEducation = 10;
inline constexpr std::size_t kMaxSkills = 30;
inline constexpr std::size_t kMaxLanguages = 10;
/// Longest side of a stored photo.
inline constexpr int kPhotoSide = 800;

/// A calendar month ("2021-03").
struct YearMonth {
  std::int32_t year = 0;
  std::int32_t month = 0;  // 1..12
  /// Months since year 0: comparable, subtractable.
  std::int32_t Index() const noexcept { return year * 12 + (month - 1); }
  bool operator==(const YearMonth&) const = default;
};
/// "YYYY-MM" with a month 01..12 and a year 1940..2100; nullopt otherwise.
std::optional<YearMonth> ParseYearMonth(std::string_view text);
std::string FormatYearMonth(YearMonth month);

struct ExperienceEntry {
  std::string company;
  std::string position;
  YearMonth start;
  /// nullopt: works there now.
  std::optional<YearMonth> end;
  std::string description;
};

struct EducationEntry {
  std::string level;  // secondary | vocational | higher
  std::string institution;
  std::string specialty;
  std::optional<std::int32_t> graduation_year;
};

struct Language {
  std::string code;   // ISO 639-1
  std::string level;  // a1 … c2, native
};

/// Every field of a resume as the owner gives it (an edit is a ResumePatch merged onto the stored form, so
/// the whole form is always checked and saved).
struct ResumeInput {
  std::string position;
  std::int32_t category_id = 0;
  std::vector<std::int32_t> specialization_ids;
  std::optional<kernel::Money> salary;
  /// The salary in rouble kopecks at the catalog's rate (catalog::Snapshot::ToBase), set with `salary`.
  std::optional<std::int64_t> salary_base;
  std::vector<std::string> employments;
  std::vector<std::string> schedules;
  std::vector<ExperienceEntry> experience;
  std::vector<EducationEntry> education;
  std::vector<std::int32_t> skill_ids;
  std::vector<Language> languages;
  std::string about;
  std::optional<std::int32_t> citizenship_id;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  bool relocate = false;
  bool business_trips = false;
  std::string visibility = "public";
  bool publish = false;
};

/// An edit (PATCH): each field absent (kept) or sent; a sent null clears the salary, citizenship, country or
/// city. Resumes::Update merges it onto the stored form and checks the merged form as a new one.
struct ResumePatch {
  kernel::Patch<std::string> position;
  kernel::Patch<std::int32_t> category_id;
  kernel::Patch<std::vector<std::int32_t>> specialization_ids;
  kernel::Patch<std::optional<kernel::Money>> salary;
  kernel::Patch<std::vector<std::string>> employments;
  kernel::Patch<std::vector<std::string>> schedules;
  kernel::Patch<std::vector<ExperienceEntry>> experience;
  kernel::Patch<std::vector<EducationEntry>> education;
  kernel::Patch<std::vector<std::int32_t>> skill_ids;
  kernel::Patch<std::vector<Language>> languages;
  kernel::Patch<std::string> about;
  kernel::Patch<std::optional<std::int32_t>> citizenship_id;
  kernel::Patch<std::optional<std::int32_t>> country_id;
  kernel::Patch<std::optional<std::int32_t>> city_id;
  kernel::Patch<bool> relocate;
  kernel::Patch<bool> business_trips;
  kernel::Patch<std::string> visibility;

  /// The stored form with the sent fields replaced.
  void ApplyTo(ResumeInput& form) const;
};

// ---- What is derived from the entries on save ----

/// Total months worked: every entry from its first to its last month inclusive (an open entry up to
/// `now`), months covered by several entries counted once; an entry ending before it starts counts nothing.
std::int32_t ExperienceMonths(const std::vector<ExperienceEntry>& entries, YearMonth now);
/// The vacancies' experience bucket: under a year "none", then "1_3", "3_6", "6_plus" (whole years).
std::string_view ExperienceBucket(std::int32_t months);
/// The highest level among the entries (higher > vocational > secondary), "none" without any.
std::string_view EducationLevel(const std::vector<EducationEntry>& entries);
/// The rank of an education level: none 0, secondary 1, vocational 2, higher 3; -1 for an unknown one.
int EducationRank(std::string_view level);

// ---- The public list's filters: a plain value a saved search can store ----

enum class Sort : std::uint8_t { kDate, kSalary, kRelevance };
std::optional<Sort> ParseSort(std::string_view name);
std::string_view SortName(Sort sort);

struct Filter {
  std::optional<std::int32_t> category_id;
  std::optional<std::int32_t> specialization_id;
  std::optional<std::string> query;
  /// Any of them.
  std::vector<std::string> employments;
  std::vector<std::string> schedules;
  /// The experience bucket.
  std::optional<std::string> experience;
  /// The least education level (secondary, vocational, higher).
  std::optional<std::string> education;
  /// The most expected salary, in minor units of `currency` (converted at the rate of the day it runs).
  std::optional<std::int64_t> salary;
  std::string currency = "RUB";
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  /// Every one of them.
  std::vector<std::int32_t> skill_ids;
  bool relocate = false;
  /// Schedules include "remote".
  bool remote = false;
  Sort sort = Sort::kDate;

  /// Only the fields that are set (and the sort when not the default).
  boost::json::object ToJson() const;
  /// What ToJson made (values of the wrong type are ignored, as absent).
  static Filter FromJson(const boost::json::object& json);
  bool operator==(const Filter&) const = default;
};

inline constexpr std::int32_t kDefaultLimit = 20;
inline constexpr std::int32_t kMaxLimit = 50;

struct PageRequest {
  std::optional<std::string> cursor;
  std::int32_t limit = kDefaultLimit;
};

struct Page {
  std::vector<ResumeCardView> items;
  std::optional<std::string> next_cursor;
  /// The typo fallback's words when it made this page.
  std::optional<std::string> corrected;
};

struct Counts {
  std::int64_t total = 0;
  std::vector<std::pair<std::int32_t, std::int64_t>> categories;
};

class Resumes final {
 public:
  Resumes(db::Pool& pool, catalog::Catalog& catalog, const Clock& clock = DefaultClock());
  ~Resumes();
  Resumes(const Resumes&) = delete;
  Resumes& operator=(const Resumes&) = delete;

  catalog::Catalog& Catalog() noexcept;

  /// Conflict (resumes:too_many) beyond kMaxResumesPerUser. Returns the new resume's id.
  boost::asio::awaitable<std::int64_t> Create(std::int64_t user_id, const ResumeInput& input);
  /// Merges `patch` onto the stored form (NotFound unless `user_id` owns it, before the form is looked at),
  /// checks the merged form as Create does, and replaces every field and the entries (the owner's order).
  boost::asio::awaitable<void> Update(std::int64_t user_id, std::int64_t resume_id, const ResumePatch& patch);
  /// Conflict (resumes:in_use) while responses refer to it.
  boost::asio::awaitable<void> Delete(std::int64_t user_id, std::int64_t resume_id);
  /// publish / hide through the state machine: Conflict (resumes:illegal_transition), nothing changed.
  boost::asio::awaitable<void> Publish(std::int64_t user_id, std::int64_t resume_id);
  boost::asio::awaitable<void> Hide(std::int64_t user_id, std::int64_t resume_id);
  /// NotFound (resumes:not_found) unless `user_id` owns the resume (before a photo is stored for it).
  boost::asio::awaitable<void> RequireOwner(std::int64_t user_id, std::int64_t resume_id);
  /// A stored image (FileStore::PutImage with a thumbnail) as the photo; nullopt removes it.
  boost::asio::awaitable<void> SetPhoto(std::int64_t user_id, std::int64_t resume_id,
                                        const std::optional<storage::StoredFile>& stored);

  /// The Resume shape under the visibility rule; NotFound (resumes:not_found) for anybody it is not shown to.
  boost::asio::awaitable<ResumeView> Get(std::int64_t resume_id, std::optional<std::int64_t> viewer_id);
  /// The owner's resumes (MyResumeCard), last updated first.
  boost::asio::awaitable<std::vector<MyResumeCardView>> Mine(std::int64_t user_id);
  /// Published public resumes only. ValidationFailed("cursor") for a cursor of another sort or mode.
  boost::asio::awaitable<Page> List(const Filter& filter, const PageRequest& page);
  /// Cached for a few seconds per filter combination.
  boost::asio::awaitable<Counts> CountAll(const Filter& filter);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::resumes
