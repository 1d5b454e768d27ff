#pragma once

// Performer and customer profiles, portfolios and prices: the owner's edits and the public reads
// (docs/api/openapi.yaml, tag "profiles"). Knows nothing of HTTP: takes and answers the contract's shapes as
// described structs (libs/profiles/api.yaml binds them as they are) and checks every form's rules itself
// (src/input.hpp), whoever calls it. Every change of an item checks its owner in SQL: another user's group,
// project, image or price is NotFound and unchanged.

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/profiles/reputation.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::catalog {
class Catalog;
}  // namespace artel::catalog

namespace artel::storage {
struct StoredFile;
}  // namespace artel::storage

namespace artel::profiles {

inline constexpr std::size_t kMaxSpecializations = 5;
inline constexpr std::size_t kMaxSkills = 30;
inline constexpr std::size_t kMaxLanguages = 10;
inline constexpr std::size_t kMaxGroups = 30;
inline constexpr std::size_t kMaxProjects = 300;
inline constexpr std::size_t kMaxPrices = 50;
inline constexpr std::size_t kMaxImages = 10;
inline constexpr std::size_t kMaxTools = 20;
/// The about texts (a performer's and a customer's), in characters.
inline constexpr std::size_t kMaxAbout = 5000;
/// Portfolio uploads a user may have waiting for a project at once.
inline constexpr std::int64_t kMaxPendingUploads = 30;

/// A specialization of a performer's: the contract's `ProfileSpecialization` (the form's and the profile's).
struct ProfileSpecialization {
  std::int64_t id = 0;
  bool main = false;
};
BOOST_DESCRIBE_STRUCT(ProfileSpecialization, (), (id, main))

/// A performer's rate: the contract's `Money`.
struct RateView {
  /// Minor units.
  std::int64_t amount = 0;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(RateView, (), (amount, currency))

/// A performer's profile as the owner writes it (the contract's `FreelancerProfileInput`, bound as it is).
/// Editor::UpdateFreelancer checks it against the catalog (CheckFreelancer) and derives the rest (the main
/// specialization, the categories, the rate in roubles).
struct FreelancerInput {
  std::string headline;
  std::string about;
  /// In the owner's order; exactly one main when any.
  std::vector<ProfileSpecialization> specializations;
  std::vector<std::int64_t> skill_ids;
  std::optional<std::int64_t> experience_years;
  std::optional<std::int64_t> country_id;
  std::optional<std::int64_t> city_id;
  /// ISO 639-1 codes.
  std::vector<std::string> languages;
  std::optional<RateView> rate;
  bool available = true;
};
BOOST_DESCRIBE_STRUCT(FreelancerInput, (),
                      (headline, about, specializations, skill_ids, experience_years, country_id, city_id,
                       languages, rate, available))

/// The contract's `PerformerStats`.
struct PerformerStatsView {
  std::optional<double> rating;
  std::int32_t review_count = 0;
  std::int32_t completed_orders = 0;
  std::int32_t repeat_customers = 0;
};
BOOST_DESCRIBE_STRUCT(PerformerStatsView, (), (rating, review_count, completed_orders, repeat_customers))

/// The contract's `PortfolioUpload`: an image stored, not yet part of any project.
struct PortfolioUploadView {
  /// The upload's id, for a project's `images`.
  std::int64_t id = 0;
  std::string url;
  std::string thumbnail_url;
  std::int32_t width = 0;
  std::int32_t height = 0;
};
BOOST_DESCRIBE_STRUCT(PortfolioUploadView, (), (id, url, thumbnail_url, width, height))

/// The contract's `Completeness`.
struct CompletenessView {
  std::int32_t score = 0;
  /// The owner only; [] for others.
  std::vector<std::string> missing;
};
BOOST_DESCRIBE_STRUCT(CompletenessView, (), (score, missing))

/// The contract's `FreelancerProfile` (libs/web/api.yaml).
struct FreelancerProfileView {
  UserCardView user;
  TimePoint created_at;
  std::optional<std::string> slug;
  std::string headline;
  std::string about;
  std::vector<ProfileSpecialization> specializations;
  std::vector<std::int64_t> category_ids;
  std::vector<std::int64_t> skill_ids;
  std::optional<std::int32_t> experience_years;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::vector<std::string> languages;
  std::optional<RateView> rate;
  bool available = true;
  bool online = false;
  PerformerStatsView stats;
  std::int64_t project_count = 0;
  std::int64_t group_count = 0;
  std::int64_t price_count = 0;
  CompletenessView completeness;
  bool is_owner = false;
};
BOOST_DESCRIBE_STRUCT(FreelancerProfileView, (),
                      (user, created_at, slug, headline, about, specializations, category_ids, skill_ids,
                       experience_years, country_id, city_id, languages, rate, available, online, stats,
                       project_count, group_count, price_count, completeness, is_owner))

/// The contract's `CustomerProfile` (libs/web/api.yaml): a customer's about text and figures.
struct CustomerProfileView {
  UserCardView user;
  TimePoint created_at;
  std::string about;
  CustomerStatsView stats;
  bool is_owner = false;
};
BOOST_DESCRIBE_STRUCT(CustomerProfileView, (), (user, created_at, about, stats, is_owner))

/// updateCustomerProfile's body.
struct CustomerInput {
  std::string about;
};
BOOST_DESCRIBE_STRUCT(CustomerInput, (), (about))

/// A portfolio group as the owner writes it (the contract's `PortfolioGroupInput`, bound as it is);
/// Editor::CreateGroup/UpdateGroup check it (CheckGroup).
struct GroupInput {
  std::string name;
  std::string description;
};
BOOST_DESCRIBE_STRUCT(GroupInput, (), (name, description))

struct ImageRef {
  std::int64_t id = 0;
  bool cover = false;
};
BOOST_DESCRIBE_STRUCT(ImageRef, (), (id, cover))

/// A portfolio project as the owner writes it (the contract's `PortfolioProjectInput`, bound as it is);
/// Editor::CreateProject/UpdateProject check it (CheckProject).
struct ProjectInput {
  std::optional<std::int64_t> group_id;
  std::string name;
  std::string description;
  std::vector<std::string> tools;
  /// An http(s) URL; blank or null for none.
  std::optional<std::string> link;
  /// In display order; exactly one cover when any (CheckProject marks the first when none is).
  std::vector<ImageRef> images;
};
BOOST_DESCRIBE_STRUCT(ProjectInput, (), (group_id, name, description, tools, link, images))

/// The contract's `PortfolioGroup`.
struct PortfolioGroupView {
  std::int64_t id = 0;
  std::string name;
  std::string description;
  std::int32_t priority = 0;
  std::int64_t project_count = 0;
};
BOOST_DESCRIBE_STRUCT(PortfolioGroupView, (), (id, name, description, priority, project_count))

/// The contract's `PortfolioImage`: a project's image with its thumbnail (URLs).
struct PortfolioImageView {
  std::int64_t id = 0;
  std::string url;
  std::string thumbnail_url;
  std::int32_t width = 0;
  std::int32_t height = 0;
  bool is_cover = false;
};
BOOST_DESCRIBE_STRUCT(PortfolioImageView, (), (id, url, thumbnail_url, width, height, is_cover))

/// The contract's `PortfolioProjectCard`: a project in a portfolio's list.
struct PortfolioProjectCardView {
  std::int64_t id = 0;
  std::optional<std::int64_t> group_id;
  std::string name;
  std::string description;
  std::vector<std::string> tools;
  std::optional<std::string> link;
  std::int32_t priority = 0;
  std::optional<PortfolioImageView> cover;
  std::int64_t image_count = 0;
};
BOOST_DESCRIBE_STRUCT(PortfolioProjectCardView, (),
                      (id, group_id, name, description, tools, link, priority, cover, image_count))

struct PortfolioGroupRef {
  std::int64_t id = 0;
  std::string name;
};
BOOST_DESCRIBE_STRUCT(PortfolioGroupRef, (), (id, name))

/// The contract's `PortfolioProject`: the card and all its images, its owner and its group (the schema's
/// allOf, by inheritance).
struct PortfolioProjectView : PortfolioProjectCardView {
  std::vector<PortfolioImageView> images;
  UserCardView user;
  std::optional<PortfolioGroupRef> group;
};
BOOST_DESCRIBE_STRUCT(PortfolioProjectView, (PortfolioProjectCardView), (images, user, group))

/// The contract's `Portfolio`: the groups and project cards in the owner's order.
struct PortfolioView {
  std::vector<PortfolioGroupView> groups;
  std::vector<PortfolioProjectCardView> projects;
};
BOOST_DESCRIBE_STRUCT(PortfolioView, (), (groups, projects))

/// A price as the owner writes it (the contract's `PriceInput`, bound as it is). Editor::CreatePrice and
/// UpdatePrice check it (CheckPrice: lengths, kind, unit, a positive amount, a currency the catalog knows).
struct PriceInput {
  std::string name;
  std::string description;
  /// PriceKind: fixed, from.
  std::string kind;
  /// Minor units.
  std::int64_t amount = 0;
  std::string currency;
  /// PriceUnit.
  std::string unit;
};
BOOST_DESCRIBE_STRUCT(PriceInput, (), (name, description, kind, amount, currency, unit))

/// One price as the contract's `Price` schema has it (listPrices writes it as it is).
struct PriceView {
  std::int64_t id = 0;
  std::string name;
  std::string description;
  std::string kind;
  std::int64_t amount = 0;
  std::string currency;
  std::string unit;
  std::int32_t priority = 0;
};
BOOST_DESCRIBE_STRUCT(PriceView, (), (id, name, description, kind, amount, currency, unit, priority))

class Editor final {
 public:
  /// `catalog`: the currencies a price may name (and the rest of the taxonomy the forms refer to).
  Editor(db::Pool& pool, catalog::Catalog& catalog, const Clock& clock = DefaultClock());
  ~Editor();
  Editor(const Editor&) = delete;
  Editor& operator=(const Editor&) = delete;

  /// FreelancerProfile of the user whose id (all digits) or slug (case-insensitive) is `key`; NotFound
  /// (profiles:users.not_found) otherwise. `completeness.missing` only for the owner.
  boost::asio::awaitable<FreelancerProfileView> Freelancer(std::string_view key,
                                                           std::optional<std::int64_t> viewer_id);
  boost::asio::awaitable<FreelancerProfileView> FreelancerById(std::int64_t user_id,
                                                               std::optional<std::int64_t> viewer_id);
  /// ValidationFailed (every field's error at once) for a profile CheckFreelancer refuses; the saved profile
  /// as its owner sees it.
  boost::asio::awaitable<FreelancerProfileView> UpdateFreelancer(std::int64_t user_id, FreelancerInput input);
  /// ValidationFailed("slug", profiles:slug_*) for a bad or taken address; returns the slug as saved.
  boost::asio::awaitable<std::optional<std::string>> SetSlug(std::int64_t user_id,
                                                             std::optional<std::string> slug);

  boost::asio::awaitable<CustomerProfileView> Customer(std::int64_t user_id,
                                                       std::optional<std::int64_t> viewer_id);
  /// ValidationFailed ("about", validation:length.max) beyond kMaxAbout characters; the saved profile.
  boost::asio::awaitable<CustomerProfileView> UpdateCustomer(std::int64_t user_id, CustomerInput input);

  /// The groups and project cards of the user; NotFound for an unknown user.
  boost::asio::awaitable<PortfolioView> Portfolio(std::int64_t user_id);
  /// A project with all its images; NotFound (profiles:project_not_found).
  boost::asio::awaitable<PortfolioProjectView> Project(std::int64_t project_id);

  /// ValidationFailed for a group CheckGroup refuses; Conflict (profiles:groups_max) at kMaxGroups.
  boost::asio::awaitable<PortfolioGroupView> CreateGroup(std::int64_t user_id, GroupInput input);
  /// As CreateGroup; somebody else's or no group: NotFound (profiles:group_not_found).
  boost::asio::awaitable<PortfolioGroupView> UpdateGroup(std::int64_t user_id, std::int64_t group_id,
                                                         GroupInput input);
  boost::asio::awaitable<void> DeleteGroup(std::int64_t user_id, std::int64_t group_id);
  /// `ids`: every own group, each once (ValidationFailed "ids" profiles:order_ids otherwise); the groups in
  /// their new order.
  boost::asio::awaitable<std::vector<PortfolioGroupView>> ReorderGroups(std::int64_t user_id,
                                                                        const std::vector<std::int64_t>& ids);

  /// ValidationFailed for a project CheckProject refuses, a group that is not the user's
  /// (profiles:group_unknown) or an image that is neither their upload nor the project's
  /// (profiles:image_unknown); Conflict (profiles:projects_max) at kMaxProjects. The new project's id.
  boost::asio::awaitable<std::int64_t> CreateProject(std::int64_t user_id, ProjectInput input);
  /// As CreateProject; somebody else's or no project: NotFound (profiles:project_not_found).
  boost::asio::awaitable<void> UpdateProject(std::int64_t user_id, std::int64_t project_id,
                                             ProjectInput input);
  boost::asio::awaitable<void> DeleteProject(std::int64_t user_id, std::int64_t project_id);
  boost::asio::awaitable<void> ReorderProjects(std::int64_t user_id, std::optional<std::int64_t> group_id,
                                               const std::vector<std::int64_t>& ids);

  /// Conflict (profiles:uploads_pending) when the user has kMaxPendingUploads images waiting.
  boost::asio::awaitable<void> CheckUploadAllowance(std::int64_t user_id);
  /// Records a stored image (FileStore::PutImage, with its thumbnail) as an upload of `user_id`.
  boost::asio::awaitable<PortfolioUploadView> AddUpload(std::int64_t user_id,
                                                        const storage::StoredFile& stored);

  boost::asio::awaitable<std::vector<PriceView>> Prices(std::int64_t user_id);
  /// ValidationFailed (every field's error at once) for a price CheckPrice refuses; Conflict
  /// (profiles:prices_max) at kMaxPrices.
  boost::asio::awaitable<PriceView> CreatePrice(std::int64_t user_id, PriceInput input);
  /// As CreatePrice; somebody else's or no price: NotFound (profiles:price_not_found).
  boost::asio::awaitable<PriceView> UpdatePrice(std::int64_t user_id, std::int64_t price_id,
                                                PriceInput input);
  boost::asio::awaitable<void> DeletePrice(std::int64_t user_id, std::int64_t price_id);
  /// `ids`: every own price, each once (ValidationFailed "ids" profiles:order_ids otherwise); the prices in
  /// their new order.
  boost::asio::awaitable<std::vector<PriceView>> ReorderPrices(std::int64_t user_id,
                                                               const std::vector<std::int64_t>& ids);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::profiles
