// The notifications' HTTP edge: each operation of api.yaml bound to a named handler.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>

#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "inbox.hpp"
#include "settings.hpp"

namespace artel::notifications {

/// libs/notifications/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

struct TokenQuery {
  std::string token;
};
BOOST_DESCRIBE_STRUCT(TokenQuery, (), (token))

class Edge final {
 public:
  Edge(const Settings& settings, const Inbox& inbox) : settings_(settings), inbox_(inbox) {}

  awaitable<NotificationListView> List(const Call& call) { co_return co_await inbox_.List(call.User()); }

  awaitable<web::Done> MarkRead(const Call& call) {
    co_await inbox_.MarkRead(call.User());
    co_return web::Done{};
  }

  awaitable<NotificationSettingsView> Get(const Call& call) {
    co_return co_await settings_.Get(call.User(), call.Id());
  }

  awaitable<NotificationSettingsView> Put(const Call& call, NotificationSettingsInput input) {
    co_return co_await settings_.Put(call.User(), call.Id(), input);
  }

  awaitable<UnsubscribedView> Unsubscribe(const Call&, TokenQuery query) {
    co_return co_await settings_.Unsubscribe(query.token);
  }

 private:
  const Settings& settings_;
  const Inbox& inbox_;
};

}  // namespace

void Register(web::App& app, const Settings& settings, const Inbox& inbox) {
  if (!app.GetContract().HasPart("notifications")) app.GetContract().AddPart("notifications", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(settings, inbox));
  api.Add("listNotifications", &Edge::List);
  api.Add("markNotificationsRead", &Edge::MarkRead);
  api.Add("getNotificationSettings", &Edge::Get);
  api.Add("updateNotificationSettings", &Edge::Put);
  api.Add("unsubscribeNotifications", &Edge::Unsubscribe);
}

}  // namespace artel::notifications
