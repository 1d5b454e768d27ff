// The resumes HTTP edge: each operation of libs/resumes/api.yaml bound to a named handler (web::Api checks
// the request against the contract, converts it and writes the answer). The form's rules and references,
// the ownership and the states are the service's (Resumes).

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::resumes {

/// libs/resumes/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;
using web::Patch;

// ---- The form (ResumeFields) as sent ----

struct SalaryForm {
  std::int64_t amount = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(SalaryForm, (), (amount, currency))

struct ExperienceForm {
  std::string company;
  std::string position;
  std::string start;
  std::optional<std::string> end;
  std::string description;
};
BOOST_DESCRIBE_STRUCT(ExperienceForm, (), (company, position, start, end, description))

/// ResumeInput: a new resume.
struct ResumeForm {
  std::string position;
  std::int64_t category_id = 0;
  std::vector<std::int64_t> specialization_ids;
  std::optional<SalaryForm> salary;
  std::vector<std::string> employments;
  std::vector<std::string> schedules;
  std::vector<ExperienceForm> experience;
  std::vector<EducationView> education;
  std::vector<std::int64_t> skill_ids;
  std::vector<LanguageView> languages;
  std::string about;
  std::optional<std::int64_t> citizenship_id;
  std::optional<std::int64_t> country_id;
  std::optional<std::int64_t> city_id;
  bool relocate = false;
  bool business_trips = false;
  std::string visibility = "public";
  bool publish = false;
};
BOOST_DESCRIBE_STRUCT(ResumeForm, (),
                      (position, category_id, specialization_ids, salary, employments, schedules, experience,
                       education, skill_ids, languages, about, citizenship_id, country_id, city_id, relocate,
                       business_trips, visibility, publish))

/// ResumePatch: the fields to change.
struct ResumePatchForm {
  Patch<std::string> position;
  Patch<std::int64_t> category_id;
  Patch<std::vector<std::int64_t>> specialization_ids;
  Patch<std::optional<SalaryForm>> salary;
  Patch<std::vector<std::string>> employments;
  Patch<std::vector<std::string>> schedules;
  Patch<std::vector<ExperienceForm>> experience;
  Patch<std::vector<EducationView>> education;
  Patch<std::vector<std::int64_t>> skill_ids;
  Patch<std::vector<LanguageView>> languages;
  Patch<std::string> about;
  Patch<std::optional<std::int64_t>> citizenship_id;
  Patch<std::optional<std::int64_t>> country_id;
  Patch<std::optional<std::int64_t>> city_id;
  Patch<bool> relocate;
  Patch<bool> business_trips;
  Patch<std::string> visibility;
};
BOOST_DESCRIBE_STRUCT(ResumePatchForm, (),
                      (position, category_id, specialization_ids, salary, employments, schedules, experience,
                       education, skill_ids, languages, about, citizenship_id, country_id, city_id, relocate,
                       business_trips, visibility))

/// A catalog id as sent: one beyond the catalog's int32 ids is unknown (-1) rather than cut.
std::int32_t IdOf(std::int64_t id) {
  if (id < 1 || id > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(id);
}
std::vector<std::int32_t> IdsOf(const std::vector<std::int64_t>& ids) {
  std::vector<std::int32_t> out;
  out.reserve(ids.size());
  for (auto id : ids) out.push_back(IdOf(id));
  return out;
}
std::optional<std::int32_t> IdOf(const std::optional<std::int64_t>& id) {
  if (!id) return std::nullopt;
  return IdOf(*id);
}
std::optional<kernel::Money> MoneyOf(const std::optional<SalaryForm>& salary) {
  if (!salary) return std::nullopt;
  return kernel::Money{salary->amount, salary->currency.empty() ? std::string("RUB") : salary->currency};
}
/// The schema's pattern has checked the months; one it let through that is no month fails CheckRules.
std::vector<ExperienceEntry> EntriesOf(const std::vector<ExperienceForm>& forms) {
  std::vector<ExperienceEntry> entries;
  for (const auto& form : forms) {
    ExperienceEntry entry;
    entry.company = form.company;
    entry.position = form.position;
    entry.start = ParseYearMonth(form.start).value_or(YearMonth{});
    if (form.end) entry.end = ParseYearMonth(*form.end).value_or(YearMonth{});
    entry.description = form.description;
    entries.push_back(std::move(entry));
  }
  return entries;
}
std::vector<EducationEntry> EntriesOf(const std::vector<EducationView>& forms) {
  std::vector<EducationEntry> entries;
  for (const auto& form : forms)
    entries.push_back({form.level, form.institution, form.specialty, form.graduation_year});
  return entries;
}
std::vector<Language> LanguagesOf(const std::vector<LanguageView>& forms) {
  std::vector<Language> languages;
  for (const auto& form : forms) languages.push_back({form.code, form.level});
  return languages;
}

ResumeInput InputOf(const ResumeForm& form) {
  ResumeInput input;
  input.position = form.position;
  input.category_id = IdOf(form.category_id);
  input.specialization_ids = IdsOf(form.specialization_ids);
  input.salary = MoneyOf(form.salary);
  input.employments = form.employments;
  input.schedules = form.schedules;
  input.experience = EntriesOf(form.experience);
  input.education = EntriesOf(form.education);
  input.skill_ids = IdsOf(form.skill_ids);
  input.languages = LanguagesOf(form.languages);
  input.about = form.about;
  input.citizenship_id = IdOf(form.citizenship_id);
  input.country_id = IdOf(form.country_id);
  input.city_id = IdOf(form.city_id);
  input.relocate = form.relocate;
  input.business_trips = form.business_trips;
  input.visibility = form.visibility.empty() ? std::string("public") : form.visibility;
  input.publish = form.publish;
  return input;
}

/// A sent field as the service's type.
template <class To, class From, class Convert>
void Carry(const Patch<From>& from, kernel::Patch<To>& to, Convert convert) {
  if (!from) return;
  to.present = true;
  to.value = convert(from.value);
}

ResumePatch PatchOf(const ResumePatchForm& form) {
  ResumePatch patch;
  auto same = [](const auto& value) { return value; };
  Carry(form.position, patch.position, same);
  Carry(form.category_id, patch.category_id, [](std::int64_t id) { return IdOf(id); });
  Carry(form.specialization_ids, patch.specialization_ids, IdsOf);
  Carry(form.salary, patch.salary, MoneyOf);
  Carry(form.employments, patch.employments, same);
  Carry(form.schedules, patch.schedules, same);
  Carry(form.experience, patch.experience, [](const auto& forms) { return EntriesOf(forms); });
  Carry(form.education, patch.education, [](const auto& forms) { return EntriesOf(forms); });
  Carry(form.skill_ids, patch.skill_ids, IdsOf);
  Carry(form.languages, patch.languages, LanguagesOf);
  Carry(form.about, patch.about, same);
  auto optional_id = [](const std::optional<std::int64_t>& id) { return IdOf(id); };
  Carry(form.citizenship_id, patch.citizenship_id, optional_id);
  Carry(form.country_id, patch.country_id, optional_id);
  Carry(form.city_id, patch.city_id, optional_id);
  Carry(form.relocate, patch.relocate, same);
  Carry(form.business_trips, patch.business_trips, same);
  // A blank visibility is "clear it": the default.
  Carry(form.visibility, patch.visibility,
        [](const std::string& value) { return value.empty() ? std::string("public") : value; });
  return patch;
}

// ---- The public list's query ----

/// countResumes' parameters (the list's without the category, the sort and the page).
struct CountParams {
  std::optional<std::int64_t> specialization;
  std::optional<std::string> q;
  std::vector<std::string> employment;
  std::vector<std::string> schedule;
  std::optional<std::string> experience;
  std::optional<std::string> education;
  std::optional<std::int64_t> salary;
  std::optional<std::string> currency;
  std::optional<std::int64_t> country;
  std::optional<std::int64_t> city;
  std::vector<std::int64_t> skill;
  std::optional<bool> relocate;
  std::optional<bool> remote;
};
BOOST_DESCRIBE_STRUCT(CountParams, (),
                      (specialization, q, employment, schedule, experience, education, salary, currency,
                       country, city, skill, relocate, remote))

/// listResumes' parameters.
struct ListParams : CountParams {
  std::optional<std::string> category;
  std::optional<std::string> sort;
  std::optional<std::string> cursor;
  std::int32_t limit = kDefaultLimit;
};
BOOST_DESCRIBE_STRUCT(ListParams, (CountParams), (category, sort, cursor, limit))

/// The filter of the parameters (the schema has checked their types, enums and ranges); the catalog's
/// codes and ids they name must exist (422 under the parameter otherwise).
Filter FilterOf(const catalog::Snapshot& catalog, const CountParams& params) {
  ValidationErrors errors;
  Filter filter;
  filter.specialization_id = IdOf(params.specialization);
  if (filter.specialization_id && catalog.FindSpecialization(*filter.specialization_id) == nullptr)
    errors.Add("specialization", {"resumes:filter_invalid", {}});
  filter.query = params.q;
  for (const auto& value : params.employment) {
    if (std::find(filter.employments.begin(), filter.employments.end(), value) == filter.employments.end())
      filter.employments.push_back(value);
  }
  for (const auto& value : params.schedule) {
    if (std::find(filter.schedules.begin(), filter.schedules.end(), value) == filter.schedules.end())
      filter.schedules.push_back(value);
  }
  filter.experience = params.experience;
  filter.education = params.education;
  filter.salary = params.salary;
  filter.currency = params.currency.value_or(std::string(catalog::kBaseCurrency));
  if (catalog.FindCurrency(filter.currency) == nullptr)
    errors.Add("currency", {"catalog:currency_unknown", {}});
  filter.country_id = IdOf(params.country);
  filter.city_id = IdOf(params.city);
  filter.skill_ids = IdsOf(params.skill);
  filter.relocate = params.relocate.value_or(false);
  filter.remote = params.remote.value_or(false);
  errors.ThrowIfAny();
  return filter;
}

class Edge final {
 public:
  Edge(Resumes& resumes, const storage::FileStore& files, boost::asio::thread_pool& blocking)
      : resumes_(resumes), files_(files), blocking_(blocking) {}

  awaitable<ResumePageView> List(const Call&, ListParams params) {
    auto catalog = co_await resumes_.Catalog().Get();
    auto filter = FilterOf(*catalog, params);
    if (params.category) {
      const auto* found = catalog->FindCategory(*params.category);
      if (found == nullptr) {
        throw ValidationFailed("category", {"catalog:category_unknown", {}});
      }
      filter.category_id = found->id;
    }
    filter.sort = ParseSort(params.sort.value_or("date")).value_or(Sort::kDate);
    const PageRequest request{.cursor = std::move(params.cursor), .limit = params.limit};
    auto page = co_await resumes_.List(filter, request);
    co_return ResumePageView{std::move(page.items), std::move(page.next_cursor), std::move(page.corrected)};
  }

  awaitable<CountsView> Count(const Call&, CountParams params) {
    auto catalog = co_await resumes_.Catalog().Get();
    const auto filter = FilterOf(*catalog, params);
    const auto counts = co_await resumes_.CountAll(filter);
    CountsView view{.total = counts.total, .categories = {}};
    for (const auto& [category_id, count] : counts.categories)
      view.categories.push_back({category_id, count});
    co_return view;
  }

  awaitable<MyResumesView> Mine(const Call& call) {
    auto items = co_await resumes_.Mine(call.User().user_id);
    co_return MyResumesView{std::move(items)};
  }

  awaitable<ResumeView> Create(const Call& call, ResumeForm form) {
    const auto user_id = call.User().user_id;
    const auto input = InputOf(form);
    const auto id = co_await resumes_.Create(user_id, input);
    co_return co_await resumes_.Get(id, user_id);
  }

  awaitable<ResumeView> Get(const Call& call) {
    const auto id = call.Id();
    const auto viewer = call.ViewerId();
    co_return co_await resumes_.Get(id, viewer);
  }

  awaitable<ResumeView> Update(const Call& call, ResumePatchForm form) {
    const auto user_id = call.User().user_id;
    const auto id = call.Id();
    const auto patch = PatchOf(form);
    co_await resumes_.Update(user_id, id, patch);
    co_return co_await resumes_.Get(id, user_id);
  }

  awaitable<web::NoContent> Delete(const Call& call) {
    co_await resumes_.Delete(call.User().user_id, call.Id());
    co_return web::NoContent{};
  }

  awaitable<ResumeView> Publish(const Call& call) {
    const auto user_id = call.User().user_id;
    const auto id = call.Id();
    co_await resumes_.Publish(user_id, id);
    co_return co_await resumes_.Get(id, user_id);
  }

  awaitable<ResumeView> Hide(const Call& call) {
    const auto user_id = call.User().user_id;
    const auto id = call.Id();
    co_await resumes_.Hide(user_id, id);
    co_return co_await resumes_.Get(id, user_id);
  }

  awaitable<ResumeView> UploadPhoto(const Call& call) {
    const auto user_id = call.User().user_id;
    const auto id = call.Id();
    // Somebody else's resume is NotFound before anything is stored.
    co_await resumes_.RequireOwner(user_id, id);
    // Decoded, bounded and re-encoded: the type comes from the bytes, never from Content-Type.
    const storage::ImageOptions options{.max_side = kPhotoSide, .thumbnail = true};
    auto stored = co_await storage::PutImageOn(blocking_, files_, call.Raw().body, options);
    std::optional<storage::StoredFile> photo(std::move(stored));
    co_await resumes_.SetPhoto(user_id, id, photo);
    co_return co_await resumes_.Get(id, user_id);
  }

  awaitable<ResumeView> DeletePhoto(const Call& call) {
    const auto user_id = call.User().user_id;
    const auto id = call.Id();
    const std::optional<storage::StoredFile> none;
    co_await resumes_.SetPhoto(user_id, id, none);
    co_return co_await resumes_.Get(id, user_id);
  }

 private:
  Resumes& resumes_;
  const storage::FileStore& files_;
  boost::asio::thread_pool& blocking_;
};

}  // namespace

void Register(web::App& app, Resumes& resumes, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_image_bytes) {
  if (!app.GetContract().HasPart("resumes")) app.GetContract().AddPart("resumes", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(resumes, files, blocking),
                     {.upload_limit = max_image_bytes});
  api.Add("listResumes", &Edge::List);
  api.Add("countResumes", &Edge::Count);
  api.Add("listMyResumes", &Edge::Mine);
  api.Add("createResume", &Edge::Create);
  api.Add("getResume", &Edge::Get);
  api.Add("updateResume", &Edge::Update);
  api.Add("deleteResume", &Edge::Delete);
  api.Add("publishResume", &Edge::Publish);
  api.Add("hideResume", &Edge::Hide);
  api.Add("uploadResumePhoto", &Edge::UploadPhoto);
  api.Add("deleteResumePhoto", &Edge::DeletePhoto);
}

}  // namespace artel::resumes
