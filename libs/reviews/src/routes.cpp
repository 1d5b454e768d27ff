// The reviews' HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the request
// against the contract, converts it and writes the answer); the public user card is libs/profiles'.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>
#include <optional>
#include <string>

#include "artel/kernel/side.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/reviews/reviews.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "views.hpp"

namespace artel::reviews {

/// libs/reviews/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

struct ReviewInput {
  std::int32_t rating = 0;
  std::string text;
};
BOOST_DESCRIBE_STRUCT(ReviewInput, (), (rating, text))

struct ReplyInput {
  std::string text;
};
BOOST_DESCRIBE_STRUCT(ReplyInput, (), (text))

struct AboutParams {
  std::string as;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(AboutParams, (), (as, cursor, limit))

class Edge final {
 public:
  Edge(Reviews& reviews, profiles::Profiles& profiles) : reviews_(reviews), profiles_(profiles) {}

  awaitable<ReviewView> Create(const Call& call, ReviewInput input) {
    const auto user_id = call.User().user_id;
    auto review = co_await reviews_.Create(user_id, call.Id(), input.rating, std::move(input.text));
    co_return View(review, user_id);
  }

  awaitable<ReviewView> Reply(const Call& call, ReplyInput input) {
    const auto user_id = call.User().user_id;
    auto review = co_await reviews_.Reply(user_id, call.Id(), std::move(input.text));
    co_return View(review, user_id);
  }

  /// 404 for an unknown user, through profiles.
  awaitable<ReviewPageView> About(const Call& call, AboutParams params) {
    const auto user_id = call.Id();
    co_await profiles_.RequireUser(user_id);
    // The schema's enum has checked it.
    const auto side = kernel::ParseSide(params.as).value_or(kernel::Side::kPerformer);
    auto page = co_await reviews_.ListAbout(user_id, side, std::move(params.cursor), params.limit);
    co_return PageView(page, call.ViewerId());
  }

 private:
  Reviews& reviews_;
  profiles::Profiles& profiles_;
};

}  // namespace

void Register(web::App& app, Reviews& reviews, profiles::Profiles& profiles) {
  if (!app.GetContract().HasPart("reviews")) app.GetContract().AddPart("reviews", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(reviews, profiles));
  api.Add("createReview", &Edge::Create);
  api.Add("replyToReview", &Edge::Reply);
  api.Add("listUserReviews", &Edge::About);
}

}  // namespace artel::reviews
