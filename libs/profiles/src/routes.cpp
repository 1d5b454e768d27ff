// HTTP for profiles: the public user card (tag "user") and the performer and customer profiles, portfolios
// and prices (docs/api/openapi.yaml, tag "profiles"). The operations of libs/profiles/api.yaml are bound with
// web::Api to the named handlers of `CardEdge` and `Edge` (the catalogue's: catalogue_routes.cpp).

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/kernel/json.hpp"
#include "artel/profiles/editor.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::profiles {

/// libs/profiles/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;

/// The contract's `PublicUser`: the card, when the user joined, and the reputation parts other domains add
/// (reviews' `as_performer` and `as_customer`, their RatingSummary schema) as they wrote them.
struct PublicUserView : UserCardView {
  TimePoint created_at;
  boost::json::value as_performer;
  boost::json::value as_customer;
};
BOOST_DESCRIBE_STRUCT(PublicUserView, (UserCardView), (created_at, as_performer, as_customer))

/// getPublicUser.
class CardEdge final {
 public:
  explicit CardEdge(Profiles& profiles) : profiles_(profiles) {}

  awaitable<PublicUserView> PublicUser(const web::Call& call) {
    // The contributors' parts are in the card's pipeline (one round trip), written into one object.
    const boost::json::object card = co_await profiles_.PublicCard(call.Id());
    PublicUserView view;
    kernel::FromJson(card, view);
    co_return view;
  }

 private:
  Profiles& profiles_;
};

/// listPrices' and reorderPrices' answer.
struct PricesView {
  std::vector<PriceView> items;
};
BOOST_DESCRIBE_STRUCT(PricesView, (), (items))

/// IdOrder: every own id, each once, in the new order.
struct IdOrder {
  std::vector<std::int64_t> ids;
};
BOOST_DESCRIBE_STRUCT(IdOrder, (), (ids))

/// reorderPortfolioGroups' answer.
struct GroupsView {
  std::vector<PortfolioGroupView> groups;
};
BOOST_DESCRIBE_STRUCT(GroupsView, (), (groups))

/// reorderPortfolioProjects' body: the projects of one group (or of none, null).
struct ProjectOrder {
  std::optional<std::int64_t> group_id;
  std::vector<std::int64_t> ids;
};
BOOST_DESCRIBE_STRUCT(ProjectOrder, (), (group_id, ids))

/// setPortfolioAddress' body and answer: the address, null for none.
struct SlugView {
  std::optional<std::string> slug;
};
BOOST_DESCRIBE_STRUCT(SlugView, (), (slug))

/// The named handlers of libs/profiles/api.yaml. The owner is the caller (x-access: user); the editor checks
/// the forms' rules and that an item is the caller's (somebody else's: 404).
class Edge final {
 public:
  Edge(Editor& editor, const storage::FileStore& files, boost::asio::thread_pool& blocking)
      : editor_(editor), files_(files), blocking_(blocking) {}

  // ---- Public reads ----

  /// The key is the numeric id or the portfolio address; `completeness.missing` is the owner's only.
  awaitable<FreelancerProfileView> Freelancer(const web::Call& call) {
    auto profile = co_await editor_.Freelancer(call.Param("key"), call.ViewerId());
    co_return profile;
  }

  awaitable<CustomerProfileView> Customer(const web::Call& call) {
    auto profile = co_await editor_.Customer(call.Id(), call.ViewerId());
    co_return profile;
  }

  awaitable<PricesView> Prices(const web::Call& call) {
    auto items = co_await editor_.Prices(call.Id());
    co_return PricesView{.items = std::move(items)};
  }

  // ---- Portfolio ----

  /// 201. Decoded, bounded and re-encoded: the type comes from the bytes, never from Content-Type; at most
  /// kMaxPendingUploads wait unattached (the editor's check, before the image is decoded).
  awaitable<PortfolioUploadView> UploadImage(const web::Call& call) {
    const auto user_id = call.User().user_id;
    co_await editor_.CheckUploadAllowance(user_id);
    const auto stored = co_await storage::PutImageOn(blocking_, files_, call.Raw().body);
    auto upload = co_await editor_.AddUpload(user_id, stored);
    co_return upload;
  }

  awaitable<PortfolioView> Portfolio(const web::Call& call) {
    auto portfolio = co_await editor_.Portfolio(call.Id());
    co_return portfolio;
  }

  awaitable<PortfolioProjectView> Project(const web::Call& call) {
    auto project = co_await editor_.Project(call.Id());
    co_return project;
  }

  awaitable<PortfolioGroupView> CreateGroup(const web::Call& call, GroupInput input) {
    auto created = co_await editor_.CreateGroup(call.User().user_id, std::move(input));
    co_return created;
  }

  awaitable<PortfolioGroupView> UpdateGroup(const web::Call& call, GroupInput input) {
    auto updated = co_await editor_.UpdateGroup(call.User().user_id, call.Id(), std::move(input));
    co_return updated;
  }

  awaitable<web::NoContent> DeleteGroup(const web::Call& call) {
    co_await editor_.DeleteGroup(call.User().user_id, call.Id());
    co_return web::NoContent{};
  }

  awaitable<GroupsView> ReorderGroups(const web::Call& call, IdOrder order) {
    auto groups = co_await editor_.ReorderGroups(call.User().user_id, order.ids);
    co_return GroupsView{.groups = std::move(groups)};
  }

  awaitable<PortfolioProjectView> CreateProject(const web::Call& call, ProjectInput input) {
    const auto id = co_await editor_.CreateProject(call.User().user_id, std::move(input));
    auto created = co_await editor_.Project(id);
    co_return created;
  }

  awaitable<PortfolioProjectView> UpdateProject(const web::Call& call, ProjectInput input) {
    const auto project_id = call.Id();
    co_await editor_.UpdateProject(call.User().user_id, project_id, std::move(input));
    auto updated = co_await editor_.Project(project_id);
    co_return updated;
  }

  awaitable<web::NoContent> DeleteProject(const web::Call& call) {
    co_await editor_.DeleteProject(call.User().user_id, call.Id());
    co_return web::NoContent{};
  }

  /// The whole portfolio after the change.
  awaitable<PortfolioView> ReorderProjects(const web::Call& call, ProjectOrder order) {
    const auto user_id = call.User().user_id;
    co_await editor_.ReorderProjects(user_id, order.group_id, order.ids);
    auto portfolio = co_await editor_.Portfolio(user_id);
    co_return portfolio;
  }

  /// The address's rules (SlugProblem, free) are the editor's.
  awaitable<SlugView> SetSlug(const web::Call& call, SlugView input) {
    auto saved = co_await editor_.SetSlug(call.User().user_id, std::move(input.slug));
    co_return SlugView{.slug = std::move(saved)};
  }

  // ---- The owner's profile ----

  awaitable<FreelancerProfileView> MyFreelancer(const web::Call& call) {
    const auto user_id = call.User().user_id;
    auto profile = co_await editor_.FreelancerById(user_id, user_id);
    co_return profile;
  }

  awaitable<FreelancerProfileView> UpdateFreelancer(const web::Call& call, FreelancerInput input) {
    auto saved = co_await editor_.UpdateFreelancer(call.User().user_id, std::move(input));
    co_return saved;
  }

  awaitable<CustomerProfileView> UpdateCustomer(const web::Call& call, CustomerInput input) {
    auto saved = co_await editor_.UpdateCustomer(call.User().user_id, std::move(input));
    co_return saved;
  }

  // ---- Prices ----

  awaitable<PriceView> CreatePrice(const web::Call& call, PriceInput input) {
    auto created = co_await editor_.CreatePrice(call.User().user_id, std::move(input));
    co_return created;
  }

  awaitable<PriceView> UpdatePrice(const web::Call& call, PriceInput input) {
    auto updated = co_await editor_.UpdatePrice(call.User().user_id, call.Id(), std::move(input));
    co_return updated;
  }

  awaitable<web::NoContent> DeletePrice(const web::Call& call) {
    co_await editor_.DeletePrice(call.User().user_id, call.Id());
    co_return web::NoContent{};
  }

  awaitable<PricesView> ReorderPrices(const web::Call& call, IdOrder order) {
    auto items = co_await editor_.ReorderPrices(call.User().user_id, order.ids);
    co_return PricesView{.items = std::move(items)};
  }

 private:
  Editor& editor_;
  const storage::FileStore& files_;
  boost::asio::thread_pool& blocking_;
};

}  // namespace

void Register(web::App& app, Profiles& profiles) {
  if (!app.GetContract().HasPart("profiles")) app.GetContract().AddPart("profiles", ContractPart());
  web::Api<CardEdge> api(app, std::make_shared<CardEdge>(profiles));
  api.Add("getPublicUser", &CardEdge::PublicUser);
}

void RegisterEditor(web::App& app, Editor& editor, const storage::FileStore& files,
                    boost::asio::thread_pool& blocking, std::size_t max_image_bytes) {
  if (!app.GetContract().HasPart("profiles")) app.GetContract().AddPart("profiles", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(editor, files, blocking),
                     web::ApiOptions{.upload_limit = max_image_bytes});
  api.Add("getFreelancer", &Edge::Freelancer);
  api.Add("getCustomer", &Edge::Customer);
  api.Add("getMyFreelancerProfile", &Edge::MyFreelancer);
  api.Add("updateFreelancerProfile", &Edge::UpdateFreelancer);
  api.Add("updateCustomerProfile", &Edge::UpdateCustomer);
  api.Add("uploadPortfolioImage", &Edge::UploadImage);
  api.Add("getPortfolio", &Edge::Portfolio);
  api.Add("getPortfolioProject", &Edge::Project);
  api.Add("createPortfolioGroup", &Edge::CreateGroup);
  api.Add("updatePortfolioGroup", &Edge::UpdateGroup);
  api.Add("deletePortfolioGroup", &Edge::DeleteGroup);
  api.Add("reorderPortfolioGroups", &Edge::ReorderGroups);
  api.Add("createPortfolioProject", &Edge::CreateProject);
  api.Add("updatePortfolioProject", &Edge::UpdateProject);
  api.Add("deletePortfolioProject", &Edge::DeleteProject);
  api.Add("reorderPortfolioProjects", &Edge::ReorderProjects);
  api.Add("setPortfolioAddress", &Edge::SetSlug);
  api.Add("listPrices", &Edge::Prices);
  api.Add("createPrice", &Edge::CreatePrice);
  api.Add("updatePrice", &Edge::UpdatePrice);
  api.Add("deletePrice", &Edge::DeletePrice);
  api.Add("reorderPrices", &Edge::ReorderPrices);
}

}  // namespace artel::profiles
