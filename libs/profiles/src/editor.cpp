// The profile editor's profiles: the performer's (read by id or portfolio address, edited, with its
// completeness) and the customer's, and the portfolio address. The portfolio is portfolio.cpp's, the prices
// prices.cpp's (editor_impl.hpp).

#include "editor_impl.hpp"

namespace artel::profiles {

Editor::Editor(db::Pool& pool, catalog::Catalog& catalog, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, catalog, clock)) {}

Editor::~Editor() = default;

awaitable<FreelancerProfileView> Editor::Freelancer(std::string_view key,
                                                    std::optional<std::int64_t> viewer_id) {
  const bool numeric = !key.empty() && key.size() <= 18 &&
                       std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (numeric) {
    const std::string digits(key);
    const std::int64_t id = std::stoll(digits);
    co_return co_await FreelancerById(id, viewer_id);
  }
  if (key.size() > kSlugMaxLength) throw UserNotFound();
  const std::string slug(key);
  auto rows = co_await impl_->pool.Query(kUserBySlug, slug);
  if (rows.Empty()) throw UserNotFound();
  co_return co_await FreelancerById(rows.One().Get<std::int64_t>("user_id"), viewer_id);
}

awaitable<FreelancerProfileView> Editor::FreelancerById(std::int64_t user_id,
                                                        std::optional<std::int64_t> viewer_id) {
  auto rows = co_await impl_->pool.Query(impl_->freelancer, user_id);
  if (rows.Empty()) throw UserNotFound();
  auto row = rows.One();
  FreelancerProfileView profile;
  profile.is_owner = viewer_id && *viewer_id == user_id;
  profile.user = CardView(kernel::ReadUserCard(row, "user"));
  profile.created_at = row.Get<TimePoint>("created_at");
  profile.slug = row.Get<std::optional<std::string>>("slug");
  profile.headline = row.Get<std::string>("headline");
  profile.about = row.Get<std::string>("about");
  const auto main = row.Get<std::optional<std::int32_t>>("main_specialization_id");
  for (auto id : row.Get<std::vector<std::int64_t>>("specialization_ids")) {
    profile.specializations.push_back({.id = id, .main = main && *main == id});
  }
  profile.category_ids = row.Get<std::vector<std::int64_t>>("category_ids");
  profile.skill_ids = row.Get<std::vector<std::int64_t>>("skill_ids");
  profile.experience_years = row.Get<std::optional<std::int32_t>>("experience_years");
  profile.country_id = row.Get<std::optional<std::int32_t>>("country_id");
  profile.city_id = row.Get<std::optional<std::int32_t>>("city_id");
  profile.languages = row.Get<std::vector<std::string>>("languages");
  if (auto amount = row.Get<std::optional<std::int64_t>>("rate_amount")) {
    profile.rate = RateView{.amount = *amount, .currency = row.Get<std::string>("rate_currency")};
  }
  profile.available = row.Get<bool>("available");
  profile.online = row.Get<bool>("online");
  profile.stats = {.rating = row.Get<std::optional<double>>("rating"),
                   .review_count = row.Get<std::int32_t>("review_count"),
                   .completed_orders = row.Get<std::int32_t>("completed_orders"),
                   .repeat_customers = row.Get<std::int32_t>("repeat_customers")};
  profile.project_count = row.Get<std::int64_t>("project_count");
  profile.group_count = row.Get<std::int64_t>("group_count");
  profile.price_count = row.Get<std::int64_t>("price_count");

  CompletenessInput completeness;
  completeness.avatar = profile.user.avatar.has_value();
  completeness.headline = !profile.headline.empty();
  completeness.about_length = static_cast<std::size_t>(row.Get<std::int32_t>("about_length"));
  completeness.main_specialization = main.has_value();
  completeness.skills = profile.skill_ids.size();
  completeness.rate = profile.rate.has_value();
  completeness.location = profile.country_id.has_value();
  completeness.projects = profile.project_count;
  completeness.prices = profile.price_count;
  auto score = ComputeCompleteness(completeness);
  profile.completeness.score = score.score;
  if (profile.is_owner) profile.completeness.missing = std::move(score.missing);
  co_return profile;
}

awaitable<FreelancerProfileView> Editor::UpdateFreelancer(std::int64_t user_id, FreelancerInput input) {
  FreelancerForm form;
  {
    auto snapshot = co_await impl_->catalog.Get();
    ValidationErrors errors;
    form = CheckFreelancer(input, *snapshot, errors);
    errors.ThrowIfAny();
  }
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    std::optional<std::int64_t> amount;
    std::optional<std::string> currency;
    if (form.rate) {
      amount = form.rate->amount;
      currency = form.rate->currency;
    }
    const auto specialization_ids = Wide(form.specialization_ids);
    const auto category_ids = Wide(form.category_ids);
    const auto skill_ids = Wide(form.skill_ids);
    co_await tx.Query(kUpdateFreelancer, user_id, form.headline, form.about, specialization_ids,
                      form.main_specialization_id, category_ids, skill_ids, form.experience_years,
                      form.country_id, form.city_id, form.languages, amount, currency, form.rate_base,
                      form.available, now);
    co_await impl_->Refresh(tx, user_id);
    co_await tx.Commit();
  }
  co_return co_await FreelancerById(user_id, user_id);
}

awaitable<std::optional<std::string>> Editor::SetSlug(std::int64_t user_id, std::optional<std::string> slug) {
  if (slug) {
    if (auto problem = SlugProblem(*slug)) throw ValidationFailed("slug", {*problem, {}});
  }
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  if (slug) {
    auto taken = co_await tx.Query(kSlugTaken, *slug, user_id);
    if (!taken.Empty()) throw ValidationFailed("slug", {"profiles:slug_taken", {}});
  }
  bool raced = false;
  try {
    co_await tx.Query(kSetSlug, user_id, slug, now);
  } catch (const db::UniqueViolation&) {
    raced = true;  // the same address saved by somebody else a moment ago
  }
  if (raced) throw ValidationFailed("slug", {"profiles:slug_taken", {}});
  co_await tx.Commit();
  co_return slug;
}

awaitable<CustomerProfileView> Editor::Customer(std::int64_t user_id, std::optional<std::int64_t> viewer_id) {
  auto rows = co_await impl_->pool.Query(kCustomer, user_id);
  if (rows.Empty()) throw UserNotFound();
  auto row = rows.One();
  co_return CustomerProfileView{.user = CardView(kernel::ReadUserCard(row, "user")),
                                .created_at = row.Get<TimePoint>("created_at"),
                                .about = row.Get<std::string>("about"),
                                .stats = CustomerStatsOf(row),
                                .is_owner = viewer_id && *viewer_id == user_id};
}

awaitable<CustomerProfileView> Editor::UpdateCustomer(std::int64_t user_id, CustomerInput input) {
  input.about = std::string(Trim(input.about, kAsciiWhitespace));
  ValidationErrors errors;
  errors.CheckLength("about", input.about, 0, kMaxAbout);
  errors.ThrowIfAny();
  co_await impl_->pool.Query(kUpdateCustomer, user_id, input.about, impl_->clock.Now());
  co_return co_await Customer(user_id, user_id);
}

}  // namespace artel::profiles
