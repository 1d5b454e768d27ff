// The wallet's HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the request
// against the contract, converts it and writes the answer); the handlers call the service.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/serialize.hpp>
#include <utility>

#include "artel/kernel/json.hpp"
#include "artel/platform/idempotency.hpp"
#include "artel/wallet/deals.hpp"
#include "artel/wallet/payouts.hpp"
#include "artel/wallet/sandbox.hpp"
#include "artel/wallet/wallet.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::wallet {

/// libs/wallet/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

struct BalancesView {
  std::vector<Balance> balances;
};
BOOST_DESCRIBE_STRUCT(BalancesView, (), (balances))

struct StatementParams {
  std::optional<std::string> currency;
  std::optional<std::string> kind;
  std::optional<std::string> direction;
  std::optional<std::string> from;
  std::optional<std::string> to;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(StatementParams, (), (currency, kind, direction, from, to, cursor, limit))

struct CardInput {
  std::string card_number;
};
BOOST_DESCRIBE_STRUCT(CardInput, (), (card_number))

struct CodeInput {
  std::string code;
};
BOOST_DESCRIBE_STRUCT(CodeInput, (), (code))

struct WebhookView {
  bool changed = false;
};
BOOST_DESCRIBE_STRUCT(WebhookView, (), (changed))

struct MessageInput {
  std::string message;
};
BOOST_DESCRIBE_STRUCT(MessageInput, (), (message))

struct ResolveInput {
  std::string release;
};
BOOST_DESCRIBE_STRUCT(ResolveInput, (), (release))

struct DealsView {
  std::vector<DealSummary> deals;
};
BOOST_DESCRIBE_STRUCT(DealsView, (), (deals))

struct DisputesView {
  std::vector<DisputeSummary> disputes;
};
BOOST_DESCRIBE_STRUCT(DisputesView, (), (disputes))

/// The safe deal's operations.
class DealEdge final {
 public:
  explicit DealEdge(Deals& deals) : deals_(deals) {}

  awaitable<Deal> Get(const Call& call) { co_return co_await deals_.Get(call.User(), call.Id()); }

  awaitable<DealsView> List(const Call& call) {
    auto deals = co_await deals_.List(call.User().user_id);
    co_return DealsView{std::move(deals)};
  }

  awaitable<web::Reply<Deal>> AddMilestone(const Call& call, MilestoneInput input) {
    Deal deal = co_await deals_.AddMilestone(call.User(), call.Id(), std::move(input));
    co_return web::Reply<Deal>{std::move(deal), 201};
  }

  awaitable<web::Reply<Deal>> Fund(const Call& call) {
    co_return co_await Money(call, MilestoneAction::kFund);
  }
  awaitable<web::Reply<Deal>> Accept(const Call& call) {
    co_return co_await Money(call, MilestoneAction::kAccept);
  }
  awaitable<web::Reply<Deal>> Refund(const Call& call) {
    co_return co_await Money(call, MilestoneAction::kRefund);
  }

  awaitable<Deal> Deliver(const Call& call, MessageInput input) {
    co_return co_await Say(call, MilestoneAction::kDeliver, std::move(input.message));
  }
  awaitable<Deal> RequestChanges(const Call& call, MessageInput input) {
    co_return co_await Say(call, MilestoneAction::kRequestChanges, std::move(input.message));
  }
  awaitable<Deal> Dispute(const Call& call, MessageInput input) {
    co_return co_await Say(call, MilestoneAction::kDispute, std::move(input.message));
  }

  awaitable<DisputesView> Disputes(const Call& call) {
    auto disputes = co_await deals_.Disputes(call.User());
    co_return DisputesView{std::move(disputes)};
  }

  awaitable<web::Reply<Deal>> Resolve(const Call& call, ResolveInput input) {
    std::string key = platform::Idempotency::RequireKey(call.Raw().Header(platform::Idempotency::kHeader));
    const std::string canonical = boost::json::serialize(kernel::ToJson(input));
    std::string hash = platform::Idempotency::RequestHash("POST", call.Raw().path, canonical);
    auto answer = co_await deals_.Resolve(call.User(), call.Id(), std::move(input.release), std::move(key),
                                          std::move(hash));
    co_return web::Reply<Deal>{std::move(answer.deal), answer.status};
  }

 private:
  /// A money-moving step: the Idempotency-Key first (a request without one moves nothing).
  awaitable<web::Reply<Deal>> Money(const Call& call, MilestoneAction action) {
    std::string key = platform::Idempotency::RequireKey(call.Raw().Header(platform::Idempotency::kHeader));
    std::string hash = platform::Idempotency::RequestHash("POST", call.Raw().path, "");
    const std::optional<std::string> none;
    auto answer = co_await deals_.Act(call.User(), call.Id(), action, none, std::move(key), std::move(hash));
    co_return web::Reply<Deal>{std::move(answer.deal), answer.status};
  }

  awaitable<Deal> Say(const Call& call, MilestoneAction action, std::string message) {
    std::optional<std::string> text = std::move(message);
    std::string key;
    std::string hash;
    auto answer =
        co_await deals_.Act(call.User(), call.Id(), action, std::move(text), std::move(key), std::move(hash));
    co_return std::move(answer.deal);
  }

  Deals& deals_;
};

struct PayoutMethodsView {
  std::vector<PayoutMethod> methods;
};
BOOST_DESCRIBE_STRUCT(PayoutMethodsView, (), (methods))

struct PayoutsView {
  std::vector<Payout> payouts;
  std::vector<PayoutLimits> limits;
};
BOOST_DESCRIBE_STRUCT(PayoutsView, (), (payouts, limits))

struct PendingPayoutsView {
  std::vector<Payout> payouts;
};
BOOST_DESCRIBE_STRUCT(PendingPayoutsView, (), (payouts))

struct ReasonInput {
  std::string reason;
};
BOOST_DESCRIBE_STRUCT(ReasonInput, (), (reason))

/// Payouts: the saved methods, withdrawals and the admins' approvals.
class PayoutEdge final {
 public:
  explicit PayoutEdge(Payouts& payouts) : payouts_(payouts) {}

  awaitable<PayoutMethodsView> Methods(const Call& call) {
    auto methods = co_await payouts_.Methods(call.User().user_id);
    co_return PayoutMethodsView{std::move(methods)};
  }

  awaitable<web::Reply<PayoutMethod>> AddMethod(const Call& call, PayoutMethodInput input) {
    PayoutMethod method = co_await payouts_.AddMethod(call.User().user_id, std::move(input));
    co_return web::Reply<PayoutMethod>{std::move(method), 201};
  }

  awaitable<web::NoContent> DeleteMethod(const Call& call) {
    co_await payouts_.DeleteMethod(call.User().user_id, call.Id());
    co_return web::NoContent{};
  }

  awaitable<PayoutsView> List(const Call& call) {
    auto payouts = co_await payouts_.List(call.User().user_id);
    auto limits = co_await payouts_.Limits(call.User().user_id);
    co_return PayoutsView{std::move(payouts), std::move(limits)};
  }

  awaitable<web::Reply<Payout>> Create(const Call& call, PayoutInput input) {
    std::string key = platform::Idempotency::RequireKey(call.Raw().Header(platform::Idempotency::kHeader));
    const std::string canonical = boost::json::serialize(kernel::ToJson(input));
    std::string hash = platform::Idempotency::RequestHash("POST", call.Raw().path, canonical);
    auto answer =
        co_await payouts_.Request(call.User().user_id, std::move(key), std::move(hash), std::move(input));
    co_return web::Reply<Payout>{std::move(answer.payout), answer.status};
  }

  awaitable<web::Reply<Payout>> Cancel(const Call& call) {
    std::string key = platform::Idempotency::RequireKey(call.Raw().Header(platform::Idempotency::kHeader));
    std::string hash = platform::Idempotency::RequestHash("POST", call.Raw().path, "");
    auto answer = co_await payouts_.Cancel(call.User().user_id, call.Id(), std::move(key), std::move(hash));
    co_return web::Reply<Payout>{std::move(answer.payout), answer.status};
  }

  awaitable<PendingPayoutsView> Pending(const Call& call) {
    auto payouts = co_await payouts_.Pending(call.User());
    co_return PendingPayoutsView{std::move(payouts)};
  }

  awaitable<Payout> Approve(const Call& call) { co_return co_await payouts_.Approve(call.User(), call.Id()); }

  awaitable<web::Reply<Payout>> Reject(const Call& call, ReasonInput input) {
    std::string key = platform::Idempotency::RequireKey(call.Raw().Header(platform::Idempotency::kHeader));
    const std::string canonical = boost::json::serialize(kernel::ToJson(input));
    std::string hash = platform::Idempotency::RequestHash("POST", call.Raw().path, canonical);
    auto answer = co_await payouts_.Reject(call.User(), call.Id(), std::move(input.reason), std::move(key),
                                           std::move(hash));
    co_return web::Reply<Payout>{std::move(answer.payout), answer.status};
  }

 private:
  Payouts& payouts_;
};

class Edge final {
 public:
  explicit Edge(Wallet& wallet) : wallet_(wallet) {}

  awaitable<BalancesView> Get(const Call& call) {
    auto balances = co_await wallet_.Balances(call.User().user_id);
    co_return BalancesView{std::move(balances)};
  }

  awaitable<StatementPage> Statement(const Call& call, StatementParams params) {
    StatementQuery query;
    query.currency = std::move(params.currency);
    query.kind = std::move(params.kind);
    query.direction = std::move(params.direction);
    query.from = std::move(params.from);
    query.to = std::move(params.to);
    query.cursor = std::move(params.cursor);
    query.limit = params.limit;
    co_return co_await wallet_.Statement(call.User().user_id, query);
  }

  awaitable<web::Reply<Topup>> CreateTopup(const Call& call, TopupInput input) {
    // The key is checked before anything else: a request without one moves nothing.
    std::string key = platform::Idempotency::RequireKey(call.Raw().Header(platform::Idempotency::kHeader));
    // The request as the contract read it (whitespace and key order in the body do not make another request).
    const std::string canonical = boost::json::serialize(kernel::ToJson(input));
    std::string hash = platform::Idempotency::RequestHash("POST", call.Raw().path, canonical);
    auto answer = co_await wallet_.CreateTopup(call.User().user_id, call.Lang(), std::move(key),
                                               std::move(hash), std::move(input));
    co_return web::Reply<Topup>{std::move(answer.topup), answer.status};
  }

  awaitable<Topup> GetTopup(const Call& call) {
    co_return co_await wallet_.GetTopup(call.User().user_id, call.Id(), call.Lang());
  }

  awaitable<Topup> SandboxPay(const Call& call, CardInput input) {
    co_return co_await wallet_.SandboxPay(call.User().user_id, call.Id(), std::move(input.card_number),
                                          call.Lang());
  }

  awaitable<Topup> SandboxConfirm(const Call& call, CodeInput input) {
    co_return co_await wallet_.SandboxConfirm(call.User().user_id, call.Id(), std::move(input.code),
                                              call.Lang());
  }

  awaitable<WebhookView> SandboxWebhook(const Call& call) {
    const auto& request = call.Raw();
    std::optional<std::string> signature;
    if (auto header = request.Header(SandboxGateway::kSignatureHeader)) signature = std::string(*header);
    std::string body = request.body;
    std::string remote_ip = request.remote_ip;
    const bool changed = co_await wallet_.ReceiveWebhook("sandbox", std::move(body), std::move(signature),
                                                         std::move(remote_ip));
    co_return WebhookView{changed};
  }

  /// YooKassa's notifications are not signed: the gateway checks the sender's address and asks YooKassa's
  /// API whether it is so.
  awaitable<WebhookView> YooKassaWebhook(const Call& call) {
    const auto& request = call.Raw();
    std::string body = request.body;
    std::optional<std::string> signature;
    std::string remote_ip = request.remote_ip;
    const bool changed = co_await wallet_.ReceiveWebhook("yookassa", std::move(body), std::move(signature),
                                                         std::move(remote_ip));
    co_return WebhookView{changed};
  }

 private:
  Wallet& wallet_;
};

}  // namespace

void Register(web::App& app, Wallet& wallet, Deals& deals, Payouts& payouts) {
  if (!app.GetContract().HasPart("wallet")) app.GetContract().AddPart("wallet", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(wallet));
  api.Add("getWallet", &Edge::Get);
  api.Add("getWalletStatement", &Edge::Statement);
  api.Add("createTopup", &Edge::CreateTopup);
  api.Add("getTopup", &Edge::GetTopup);
  api.Add("sandboxPay", &Edge::SandboxPay);
  api.Add("sandboxConfirm", &Edge::SandboxConfirm);
  api.Add("sandboxWebhook", &Edge::SandboxWebhook);
  api.Add("yookassaWebhook", &Edge::YooKassaWebhook);
  web::Api<DealEdge> deal_api(app, std::make_shared<DealEdge>(deals));
  deal_api.Add("getOrderDeal", &DealEdge::Get);
  deal_api.Add("listWalletDeals", &DealEdge::List);
  deal_api.Add("addDealMilestone", &DealEdge::AddMilestone);
  deal_api.Add("fundMilestone", &DealEdge::Fund);
  deal_api.Add("deliverMilestone", &DealEdge::Deliver);
  deal_api.Add("acceptMilestone", &DealEdge::Accept);
  deal_api.Add("requestMilestoneChanges", &DealEdge::RequestChanges);
  deal_api.Add("refundMilestone", &DealEdge::Refund);
  deal_api.Add("disputeMilestone", &DealEdge::Dispute);
  deal_api.Add("resolveMilestone", &DealEdge::Resolve);
  deal_api.Add("listDealDisputes", &DealEdge::Disputes);
  web::Api<PayoutEdge> payout_api(app, std::make_shared<PayoutEdge>(payouts));
  payout_api.Add("listPayoutMethods", &PayoutEdge::Methods);
  payout_api.Add("createPayoutMethod", &PayoutEdge::AddMethod);
  payout_api.Add("deletePayoutMethod", &PayoutEdge::DeleteMethod);
  payout_api.Add("listPayouts", &PayoutEdge::List);
  payout_api.Add("createPayout", &PayoutEdge::Create);
  payout_api.Add("cancelPayout", &PayoutEdge::Cancel);
  payout_api.Add("listPendingPayouts", &PayoutEdge::Pending);
  payout_api.Add("approvePayout", &PayoutEdge::Approve);
  payout_api.Add("rejectPayout", &PayoutEdge::Reject);
}

}  // namespace artel::wallet
