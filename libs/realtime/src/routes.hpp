#pragma once

#include <memory>

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::realtime {

class Channels;
class SocketServer;

/// Binds libs/realtime/api.yaml: where pusher-js connects, and the signature of a private or presence
/// subscription (pusher-js's authEndpoint).
void Register(web::App& app, std::shared_ptr<SocketServer> sockets, const Channels& channels);

}  // namespace artel::realtime
