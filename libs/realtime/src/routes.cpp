// The real-time edge: each operation of api.yaml bound to a named handler.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <string>
#include <utility>

#include "artel/core/error.hpp"
#include "artel/realtime/channels.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "protocol.hpp"
#include "socket_server.hpp"

namespace artel::realtime {

/// libs/realtime/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

struct ConfigView {
  std::string key;
  std::int64_t ws_port = 0;
  std::string ws_path_on_main_port;
};
BOOST_DESCRIBE_STRUCT(ConfigView, (), (key, ws_port, ws_path_on_main_port))

struct AuthInput {
  std::string socket_id;
  std::string channel_name;
};
BOOST_DESCRIBE_STRUCT(AuthInput, (), (socket_id, channel_name))

struct AuthView {
  std::string auth;
  std::string channel_data;
};
BOOST_DESCRIBE_STRUCT(AuthView, (), (auth, channel_data))

class Edge final {
 public:
  Edge(std::shared_ptr<SocketServer> sockets, const Channels& channels)
      : sockets_(std::move(sockets)), channels_(channels) {}

  awaitable<ConfigView> Config(const Call&) {
    co_return ConfigView{.key = sockets_->GetSettings().key,
                         .ws_port = sockets_->listen_port.load(),
                         .ws_path_on_main_port = "/app"};
  }

  /// The socket checks the signature at subscribe time; the channel's owner module decides who may have it.
  awaitable<AuthView> Auth(const Call& call, AuthInput input) {
    // The socket id's and channel name's shapes (protocol::ValidSocketId, ValidChannelName) are the schema's
    // pattern and length, checked before this runs.
    const Actor& actor = call.User();
    const Grant grant = co_await channels_.Authorize(actor, input.channel_name);
    if (!grant.allowed) throw Forbidden();
    const auto& settings = sockets_->GetSettings();
    // Every private and presence subscription names the session that authorised it (signed, so it cannot be
    // swapped for another): the socket server drops it once that session ends. pusher-js sends the
    // channel_data of the answer with its pusher:subscribe for private channels too.
    AuthView view;
    view.channel_data =
        protocol::KindOf(input.channel_name) == protocol::ChannelKind::kPresence
            ? protocol::ChannelData(actor.session_id, std::to_string(actor.user_id), grant.user_info)
            : protocol::ChannelData(actor.session_id);
    view.auth = protocol::AuthToken(settings.key, settings.secret, input.socket_id, input.channel_name,
                                    view.channel_data);
    co_return view;
  }

 private:
  std::shared_ptr<SocketServer> sockets_;
  const Channels& channels_;
};

}  // namespace

void Register(web::App& app, std::shared_ptr<SocketServer> sockets, const Channels& channels) {
  if (!app.GetContract().HasPart("realtime")) app.GetContract().AddPart("realtime", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(std::move(sockets), channels));
  api.Add("broadcastingConfig", &Edge::Config);
  api.Add("broadcastingAuth", &Edge::Auth);
}

}  // namespace artel::realtime
