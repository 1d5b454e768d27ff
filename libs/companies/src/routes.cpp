// The companies HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the request
// against the contract, converts it and writes the answer). The rules the schemas cannot state run in the
// service (Companies::Create/Update/PutReview/Reply).

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "artel/companies/companies.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "input.hpp"
#include "views.hpp"

namespace artel::companies {

/// libs/companies/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

struct VerifiedInput {
  bool verified = false;
};
BOOST_DESCRIBE_STRUCT(VerifiedInput, (), (verified))

struct ReplyInput {
  std::string text;
};
BOOST_DESCRIBE_STRUCT(ReplyInput, (), (text))

struct PageParams {
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(PageParams, (), (cursor, limit))

/// putCompanyReview's body (CompanyReviewInput): the axes by name, as the schema has them.
struct ReviewBody {
  std::int32_t rating = 0;
  std::optional<std::int32_t> salary;
  std::optional<std::int32_t> management;
  std::optional<std::int32_t> team;
  std::optional<std::int32_t> growth;
  std::optional<std::int32_t> conditions;
  std::string pros;
  std::string cons;
  std::string relation;
  std::string position;
  std::optional<bool> recommend;
  bool anonymous = false;
};
BOOST_DESCRIBE_STRUCT(ReviewBody, (),
                      (rating, salary, management, team, growth, conditions, pros, cons, relation, position,
                       recommend, anonymous))

ReviewInput InputOf(ReviewBody body) {
  ReviewInput input;
  input.rating = body.rating;
  input.axes = {body.salary, body.management, body.team, body.growth, body.conditions};
  input.pros = std::move(body.pros);
  input.cons = std::move(body.cons);
  input.relation = std::move(body.relation);
  input.position = std::move(body.position);
  input.recommend = body.recommend;
  input.anonymous = body.anonymous;
  return input;
}

class Edge final {
 public:
  Edge(Companies& companies, const storage::FileStore& files, boost::asio::thread_pool& blocking)
      : companies_(companies), files_(files), blocking_(blocking) {}

  awaitable<CompanyView> Create(const Call& call, CompanyInput input) {
    const auto user_id = call.User().user_id;
    auto company = co_await companies_.Create(user_id, input);
    co_return co_await ViewOf(company, user_id);
  }

  awaitable<MyCompaniesView> Mine(const Call& call) {
    const auto user_id = call.User().user_id;
    auto mine = co_await companies_.OfOwner(user_id);
    MyCompaniesView view;
    for (const auto& company : mine) {
      auto item = co_await ViewOf(company, user_id);
      view.items.push_back(std::move(item));
    }
    co_return view;
  }

  awaitable<CompanyView> Get(const Call& call) {
    auto company = co_await companies_.Get(call.Id());
    const auto viewer_id = call.ViewerId();
    co_return co_await ViewOf(company, viewer_id);
  }

  awaitable<CompanyView> Update(const Call& call, CompanyPatch patch) {
    const auto user_id = call.User().user_id;
    auto company = co_await companies_.Update(call.Id(), user_id, patch);
    co_return co_await ViewOf(company, user_id);
  }

  awaitable<web::NoContent> Delete(const Call& call) {
    co_await companies_.Delete(call.Id(), call.User().user_id);
    co_return web::NoContent{};
  }

  awaitable<CompanyView> UploadLogo(const Call& call) {
    const auto user_id = call.User().user_id;
    const auto id = call.Id();
    // Nothing is stored for a company that is not the caller's.
    auto owned = co_await companies_.GetOwned(id, user_id);
    // The type comes from the bytes; decoded, bounded and re-encoded, as the avatar.
    auto stored = co_await storage::PutImageOn(blocking_, files_, call.Raw().body, kLogoImage);
    std::pair<std::string, std::string> logo{stored.name, stored.thumbnail_name.value_or(stored.name)};
    auto company = co_await companies_.SetLogo(id, user_id, std::move(logo));
    co_return co_await ViewOf(company, user_id);
  }

  awaitable<CompanyView> DeleteLogo(const Call& call) {
    const auto user_id = call.User().user_id;
    auto company = co_await companies_.SetLogo(call.Id(), user_id, std::nullopt);
    co_return co_await ViewOf(company, user_id);
  }

  awaitable<CompanyView> SetVerified(const Call& call, VerifiedInput input) {
    auto company = co_await companies_.SetVerified(call.Id(), input.verified);
    co_return co_await ViewOf(company, call.User().user_id);
  }

  awaitable<ReviewPageView> Reviews(const Call& call, PageParams params) {
    std::optional<std::string> cursor = std::move(params.cursor);
    auto page = co_await companies_.Reviews(call.Id(), cursor, params.limit);
    co_return PageView(page, call.ViewerId());
  }

  awaitable<MyReviewView> MyReview(const Call& call) {
    const auto user_id = call.User().user_id;
    auto review = co_await companies_.ReviewOf(call.Id(), user_id);
    MyReviewView view;
    if (review) view.review = View(*review, user_id);
    co_return view;
  }

  awaitable<web::Reply<ReviewView>> PutReview(const Call& call, ReviewBody body) {
    const auto user_id = call.User().user_id;
    auto input = InputOf(std::move(body));
    auto result = co_await companies_.PutReview(call.Id(), user_id, input);
    co_return web::Reply<ReviewView>{View(result.first, user_id), result.second ? 201 : 200};
  }

  awaitable<web::NoContent> DeleteReview(const Call& call) {
    co_await companies_.DeleteReview(call.Id(), call.User().user_id);
    co_return web::NoContent{};
  }

  awaitable<ReviewView> Reply(const Call& call, ReplyInput input) {
    const auto user_id = call.User().user_id;
    std::string text = std::move(input.text);
    auto review = co_await companies_.Reply(call.Id(), call.Id("review_id"), user_id, text);
    // The owner's answer: an anonymous review stays anonymous (the owner is not its author).
    co_return View(review, user_id);
  }

 private:
  /// The company's answer with every contributor's part (vacancies' vacancy_count).
  awaitable<CompanyView> ViewOf(const Company& company, std::optional<std::int64_t> viewer_id) {
    auto contributed = co_await companies_.Contributed(company, viewer_id);
    co_return View(company, viewer_id, contributed);
  }

  Companies& companies_;
  const storage::FileStore& files_;
  boost::asio::thread_pool& blocking_;
};

}  // namespace

void Register(web::App& app, Companies& companies, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_logo_bytes) {
  if (!app.GetContract().HasPart("companies")) app.GetContract().AddPart("companies", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(companies, files, blocking),
                     web::ApiOptions{.upload_limit = max_logo_bytes});
  api.Add("createCompany", &Edge::Create);
  api.Add("listMyCompanies", &Edge::Mine);
  api.Add("getCompany", &Edge::Get);
  api.Add("updateCompany", &Edge::Update);
  api.Add("deleteCompany", &Edge::Delete);
  api.Add("uploadCompanyLogo", &Edge::UploadLogo);
  api.Add("deleteCompanyLogo", &Edge::DeleteLogo);
  api.Add("setCompanyVerified", &Edge::SetVerified);
  api.Add("listCompanyReviews", &Edge::Reviews);
  api.Add("getMyCompanyReview", &Edge::MyReview);
  api.Add("putCompanyReview", &Edge::PutReview);
  api.Add("deleteCompanyReview", &Edge::DeleteReview);
  api.Add("replyToCompanyReview", &Edge::Reply);
}

}  // namespace artel::companies
