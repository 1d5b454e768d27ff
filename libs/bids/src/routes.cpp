// The bids HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the request
// against the contract, converts it and writes the answer). A bid's rules are Bids::Create/Update's, a job
// offer's order form the orders service's (Orders::Create through Bids::CreateJobOffer).

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>

#include "artel/bids/bids.hpp"
#include "artel/orders/orders.hpp"
#include "artel/orders/views.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "views.hpp"

namespace artel::bids {

/// libs/bids/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

/// createBid's and updateBid's body (api.yaml BidInput) as the schema checked it.
struct BidForm {
  std::string kind;
  std::string comment;
  std::int32_t term_days = 0;
  std::optional<kernel::Money> price;
};
BOOST_DESCRIBE_STRUCT(BidForm, (), (kind, comment, term_days, price))

struct SelectInput {
  std::int64_t bid_id = 0;
};
BOOST_DESCRIBE_STRUCT(SelectInput, (), (bid_id))

struct InviteInput {
  std::int64_t performer_id = 0;
};
BOOST_DESCRIBE_STRUCT(InviteInput, (), (performer_id))

/// createJobOffer's body: the order form and the performer it is offered to.
struct JobOfferInput : orders::OrderForm {
  std::int64_t performer_id = 0;
};
BOOST_DESCRIBE_STRUCT(JobOfferInput, (orders::OrderForm), (performer_id))

struct InvitationsParams {
  std::string as;
};
BOOST_DESCRIBE_STRUCT(InvitationsParams, (), (as))

BidInput InputOf(const BidForm& form) {
  BidInput input;
  input.kind = ParseKind(form.kind).value_or(Kind::kFinal);  // the schema's enum has checked it
  input.comment = form.comment;
  input.term_days = form.term_days;
  input.price = form.price;
  return input;
}

/// x-access: user on every operation; who may do what to which order or bid is the service's.
class Edge final {
 public:
  Edge(Bids& bids, orders::Orders& orders) : bids_(bids), orders_(orders) {}

  awaitable<BidListView> ListForOrder(const Call& call) {
    auto list = co_await bids_.ListForOrder(call.User().user_id, call.Id());
    co_return ViewOf(list);
  }

  awaitable<web::Reply<NewBidView>> Create(const Call& call, BidForm form) {
    const BidInput input = InputOf(form);
    auto created = co_await bids_.Create(call.User().user_id, call.Id(), input);
    NewBidView view;
    view.bid = ViewOf(created.bid);
    view.first_bid = created.first_bid;
    co_return web::Reply<NewBidView>{std::move(view), 201};
  }

  awaitable<BidView> Update(const Call& call, BidForm form) {
    const BidInput input = InputOf(form);
    auto bid = co_await bids_.Update(call.User().user_id, call.Id(), input);
    co_return ViewOf(bid);
  }

  awaitable<web::Done> Withdraw(const Call& call) {
    co_await bids_.Withdraw(call.User().user_id, call.Id());
    co_return web::Done{};
  }

  awaitable<orders::OrderDetailView> Select(const Call& call, SelectInput input) {
    const auto user_id = call.User().user_id;
    const auto order_id = call.Id();
    co_await bids_.Select(user_id, order_id, input.bid_id);
    co_return co_await DetailOf(order_id, user_id);
  }

  awaitable<web::Reply<InvitationView>> Invite(const Call& call, InviteInput input) {
    auto invitation = co_await bids_.Invite(call.User().user_id, call.Id(), input.performer_id);
    co_return web::Reply<InvitationView>{ViewOf(invitation), 201};
  }

  awaitable<web::Reply<JobOfferView>> Offer(const Call& call, JobOfferInput input) {
    const auto user_id = call.User().user_id;
    const orders::OrderInput form = orders::InputOf(input);
    auto offer = co_await bids_.CreateJobOffer(user_id, form, input.performer_id);
    JobOfferView view;
    view.order = co_await DetailOf(offer.order_id, user_id);
    view.invitation = ViewOf(offer.invitation);
    co_return web::Reply<JobOfferView>{std::move(view), 201};
  }

  awaitable<InvitationListView> Invitations(const Call& call, InvitationsParams params) {
    const auto side = kernel::ParseSide(params.as).value_or(kernel::Side::kPerformer);
    auto list = co_await bids_.ListInvitations(call.User().user_id, side);
    co_return ViewOf(list);
  }

  awaitable<orders::OrderDetailView> Accept(const Call& call) {
    const auto user_id = call.User().user_id;
    const auto order_id = co_await bids_.Accept(user_id, call.Id());
    co_return co_await DetailOf(order_id, user_id);
  }

  awaitable<InvitationView> Decline(const Call& call) {
    auto invitation = co_await bids_.Decline(call.User().user_id, call.Id());
    co_return ViewOf(invitation);
  }

 private:
  awaitable<orders::OrderDetailView> DetailOf(std::int64_t order_id, std::int64_t user_id) {
    auto order = co_await orders_.GetVisible(order_id, user_id);
    co_return co_await orders::Detail(orders_, order, user_id);
  }

  Bids& bids_;
  orders::Orders& orders_;
};

}  // namespace

void Register(web::App& app, Bids& bids, orders::Orders& orders) {
  if (!app.GetContract().HasPart("bids")) app.GetContract().AddPart("bids", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(bids, orders));
  api.Add("listOrderBids", &Edge::ListForOrder);
  api.Add("createBid", &Edge::Create);
  api.Add("updateBid", &Edge::Update);
  api.Add("withdrawBid", &Edge::Withdraw);
  api.Add("selectPerformer", &Edge::Select);
  api.Add("inviteToOrder", &Edge::Invite);
  api.Add("createJobOffer", &Edge::Offer);
  api.Add("listInvitations", &Edge::Invitations);
  api.Add("acceptInvitation", &Edge::Accept);
  api.Add("declineInvitation", &Edge::Decline);
}

}  // namespace artel::bids
