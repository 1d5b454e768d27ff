#include "socket_server.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <charconv>
#include <random>

#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"
#include "artel/realtime/publisher.hpp"
#include "protocol.hpp"

namespace artel::realtime {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace json = boost::json;
using net::awaitable;
using Clock = std::chrono::steady_clock;

namespace {

constexpr auto kUseTuple = net::as_tuple(net::use_awaitable);
/// Opening and closing handshakes: a peer that never finishes one does not hold a socket.
constexpr auto kHandshakeTimeout = std::chrono::seconds(10);
constexpr db::Statement kPayload{"realtime.payload", R"sql(
SELECT envelope FROM realtime.payloads WHERE id = $1
)sql"};

constexpr db::Statement kJoin{"realtime.presence_join", R"sql(
WITH joined AS (
  INSERT INTO realtime.presence (channel, socket_id, instance, user_id, user_info, joined_at)
  VALUES ($1, $2, $3, $4, $5::jsonb, now())
  ON CONFLICT (channel, socket_id) DO UPDATE SET user_info = EXCLUDED.user_info
  RETURNING 1
)
SELECT EXISTS (SELECT 1 FROM realtime.presence WHERE channel = $1 AND user_id = $4 AND socket_id <> $2)
  FROM joined
)sql"};

constexpr db::Statement kMembers{"realtime.presence_members", R"sql(
SELECT user_id, user_info::text FROM (
  SELECT DISTINCT ON (user_id) user_id, user_info, joined_at FROM realtime.presence
   WHERE channel = $1 ORDER BY user_id, joined_at
) AS members ORDER BY joined_at LIMIT 100
)sql"};

constexpr db::Statement kLeave{"realtime.presence_leave", R"sql(
WITH gone AS (
  DELETE FROM realtime.presence WHERE channel = $1 AND socket_id = $2 RETURNING user_id
)
SELECT gone.user_id,
       NOT EXISTS (SELECT 1 FROM realtime.presence
                    WHERE channel = $1 AND user_id = gone.user_id AND socket_id <> $2)
  FROM gone
)sql"};

constexpr db::Statement kForgetInstance{"realtime.presence_forget_instance", R"sql(
DELETE FROM realtime.presence WHERE instance = $1
)sql"};

using Frame = std::shared_ptr<const std::string>;

Frame MakeFrame(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

void LogFailure(std::exception_ptr exception, std::string_view what) {
  if (!exception) return;
  try {
    std::rethrow_exception(exception);
  } catch (const std::exception& e) {
    log::Warning("realtime: {}: {}", what, e.what());
  }
}

}  // namespace

/// One WebSocket. Everything below runs on the connection's strand; Send() and Close() may be called from
/// any thread and post there. A read loop and a write loop (which is also the activity watchdog) run side by
/// side; the first to end (the peer closed, a write failed, a close was sent) ends the other.
class Session final : public std::enable_shared_from_this<Session> {
 public:
  Session(SocketServer& server, beast::tcp_stream& stream, std::string ip)
      : server_(server),
        executor_(stream.get_executor()),
        ws_(stream),
        ip_(std::move(ip)),
        wake_(stream.get_executor(), Clock::time_point::max()),
        rate_(server.settings_.client_events_per_second) {}

  const std::string& Id() const noexcept { return id_; }

  /// Queues a frame (any thread).
  void Send(Frame frame) {
    net::post(executor_, [self = shared_from_this(), frame = std::move(frame)]() mutable {
      self->Enqueue(std::move(frame));
    });
  }
  /// Sends a close frame with `code` after what is queued (any thread).
  void Close(int code, std::string reason) {
    net::post(executor_, [self = shared_from_this(), code, reason = std::move(reason)]() mutable {
      self->RequestClose(code, std::move(reason));
    });
  }

  awaitable<void> Run(server::UpgradeRequest request);

 private:
  struct Subscription {
    std::string channel;
    /// The member's user id on a presence channel; empty otherwise.
    std::string presence_user;
    /// The sign-in session (identity.sessions.id) that authorised a private or presence subscription; 0 for a
    /// public channel.
    std::int64_t session_id = 0;
  };

  void Enqueue(Frame frame);
  void Enqueue(std::string text) { Enqueue(MakeFrame(std::move(text))); }
  void RequestClose(int code, std::string reason);
  awaitable<void> ReadLoop();
  awaitable<void> WriteLoop();
  awaitable<void> Handle(std::string_view text);
  awaitable<void> HandleSubscribe(const protocol::ClientMessage& message);
  awaitable<void> HandleUnsubscribe(const protocol::ClientMessage& message);
  awaitable<void> HandleClientEvent(const protocol::ClientMessage& message);
  awaitable<void> Leave(const Subscription& subscription);
  void RefuseSubscription(std::string_view channel, int code, std::string_view message);
  Subscription* Find(std::string_view channel);

  SocketServer& server_;
  // A copy of the connection's executor (its strand): Send and Close post through it, never through ws_,
  // whose stream belongs to the connection and is gone once Run has returned. Deliver and Stop pick their
  // sessions under the lock and post outside it, so a session may finish in between; what they post then
  // finds dropped_ set and touches nothing.
  beast::tcp_stream::executor_type executor_;
  websocket::stream<beast::tcp_stream&> ws_;
  std::string ip_;
  std::string id_;
  net::steady_timer wake_;
  std::vector<Frame> queue_;
  std::size_t queued_bytes_ = 0;
  bool closing_ = false;
  bool dropped_ = false;
  int close_code_ = 0;
  std::string close_reason_;
  Clock::time_point last_received_ = Clock::now();
  std::vector<Subscription> subscriptions_;
  std::int64_t user_id_ = 0;  // counted against max_sockets_per_user once known
  protocol::EventRate rate_;
};

void Session::Enqueue(Frame frame) {
  if (closing_ || dropped_) return;
  if (queued_bytes_ + frame->size() > server_.settings_.send_queue_bytes) {
    // A slow consumer: the socket is dropped at once (a close frame would only queue behind the backlog),
    // so its memory is given back; pusher-js reconnects and the SPA refetches what it shows.
    log::Info("realtime: socket {} ({}) reads too slowly: {} bytes queued; dropped", id_, ip_, queued_bytes_);
    dropped_ = true;
    queue_.clear();
    queue_.shrink_to_fit();
    queued_bytes_ = 0;
    beast::get_lowest_layer(ws_).close();
    wake_.cancel();
    return;
  }
  queued_bytes_ += frame->size();
  queue_.push_back(std::move(frame));
  wake_.cancel();
}

void Session::RequestClose(int code, std::string reason) {
  if (closing_ || dropped_) return;
  closing_ = true;
  close_code_ = code;
  close_reason_ = std::move(reason);
  wake_.cancel();
}

// The writer is also the activity watchdog (one coroutine and one timer per socket, not two: memory per idle
// socket): its wait ends at the next watchdog deadline, or earlier when Enqueue/RequestClose cancel it.
awaitable<void> Session::WriteLoop() {
  const auto activity = server_.settings_.activity_timeout;
  const auto pong = server_.settings_.pong_timeout;
  std::optional<Clock::time_point> pinged_at;
  for (;;) {
    while (!queue_.empty()) {
      std::vector<Frame> batch;
      batch.swap(queue_);
      for (const auto& frame : batch) {
        auto [ec, bytes] = co_await ws_.async_write(net::buffer(*frame), kUseTuple);
        if (ec) co_return;
        queued_bytes_ -= std::min(queued_bytes_, frame->size());
        if (dropped_) co_return;
      }
    }
    if (dropped_) co_return;
    if (closing_) {
      const websocket::close_reason reason(static_cast<websocket::close_code>(close_code_), close_reason_);
      auto [ec] = co_await ws_.async_close(reason, kUseTuple);
      (void)ec;
      co_return;
    }
    // A socket silent for activity_timeout is pinged; one that then stays silent for pong_timeout is closed.
    const auto now = Clock::now();
    if (pinged_at && last_received_ >= *pinged_at) pinged_at.reset();
    if (pinged_at && now >= *pinged_at + pong) {
      Enqueue(protocol::ErrorFrame(protocol::kPongNotReceived, "Pong reply not received"));
      RequestClose(protocol::kPongNotReceived, "Pong reply not received");
      continue;
    }
    if (!pinged_at && now >= last_received_ + activity) {
      pinged_at = now;
      Enqueue(protocol::PingFrame());
      continue;
    }
    wake_.expires_at(pinged_at ? *pinged_at + pong : last_received_ + activity);
    auto [ec] = co_await wake_.async_wait(kUseTuple);
    (void)ec;  // cancelled on purpose by Enqueue/RequestClose, or the watchdog's deadline
  }
}

awaitable<void> Session::ReadLoop() {
  // Read in small pieces into a string that is empty (no heap) between messages: an idle socket's pending
  // read holds 512 bytes of this frame, not a dynamic buffer Beast would grow to a TCP frame's size.
  std::array<char, 512> chunk;
  std::string message;
  for (;;) {
    auto [ec, bytes] = co_await ws_.async_read_some(net::buffer(chunk), kUseTuple);
    if (ec) {
      if (ec == websocket::error::message_too_big) {
        log::Info("realtime: socket {} ({}) sent a frame over {} bytes; closed (1009)", id_, ip_,
                  server_.settings_.max_message_bytes);
      }
      co_return;
    }
    message.append(chunk.data(), bytes);
    if (!ws_.is_message_done()) continue;
    last_received_ = Clock::now();
    // Never throws out of here: operator|| waits for the first branch to succeed, not to fail.
    std::string failure;
    try {
      co_await Handle(message);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    std::string().swap(message);
    if (!failure.empty()) {
      log::Warning("realtime: socket {}: {}", id_, failure);
      Enqueue(protocol::ErrorFrame(std::nullopt, "Internal error, try again"));
    }
  }
}

Session::Subscription* Session::Find(std::string_view channel) {
  for (auto& subscription : subscriptions_) {
    if (subscription.channel == channel) return &subscription;
  }
  return nullptr;
}

void Session::RefuseSubscription(std::string_view channel, int code, std::string_view message) {
  Enqueue(protocol::SubscriptionErrorFrame(channel, code == protocol::kUnauthorized ? 403 : 429, message));
  Enqueue(protocol::ErrorFrame(code, message));
}

awaitable<void> Session::Handle(std::string_view text) {
  auto message = protocol::ParseClientMessage(text);
  if (!message) {
    Enqueue(protocol::ErrorFrame(std::nullopt, "Invalid message: expected a JSON object with an event"));
    co_return;
  }
  if (message->event == "pusher:ping") {
    Enqueue(protocol::PongFrame());
  } else if (message->event == "pusher:pong") {
    // last_received_ is all a pong is for
  } else if (message->event == "pusher:subscribe") {
    co_await HandleSubscribe(*message);
  } else if (message->event == "pusher:unsubscribe") {
    co_await HandleUnsubscribe(*message);
  } else if (message->event.starts_with("client-")) {
    co_await HandleClientEvent(*message);
  } else {
    Enqueue(protocol::ErrorFrame(std::nullopt, fmt::format("Unsupported event: {}", message->event)));
  }
}

awaitable<void> Session::HandleSubscribe(const protocol::ClientMessage& message) {
  const json::object data = protocol::DataObject(message.data);
  const auto text = [&](std::string_view name) -> std::string {
    const auto* value = data.if_contains(name);
    return value != nullptr && value->is_string() ? std::string(value->as_string()) : std::string();
  };
  const std::string channel = text("channel");
  if (!protocol::ValidChannelName(channel)) {
    Enqueue(protocol::ErrorFrame(std::nullopt, "Invalid channel name"));
    co_return;
  }
  if (Find(channel) != nullptr) {
    // pusher-js re-subscribes only after a reconnect; a repeat is answered as a success, nothing more.
    if (protocol::KindOf(channel) != protocol::ChannelKind::kPresence) {
      Enqueue(protocol::EventFrame("pusher_internal:subscription_succeeded", channel, "{}"));
    }
    co_return;
  }
  if (subscriptions_.size() >= server_.settings_.max_subscriptions) {
    RefuseSubscription(channel, protocol::kOverCapacity,
                       fmt::format("Too many subscriptions on one connection (at most {})",
                                   server_.settings_.max_subscriptions));
    co_return;
  }
  const auto kind = protocol::KindOf(channel);
  const std::string channel_data = text("channel_data");
  std::optional<protocol::Member> member;
  std::int64_t session_id = 0;
  if (kind != protocol::ChannelKind::kPublic) {
    const std::string auth = text("auth");
    if (!protocol::VerifyAuth(server_.settings_.key, server_.settings_.secret, id_, channel, channel_data,
                              auth)) {
      RefuseSubscription(channel, protocol::kUnauthorized,
                         "Invalid signature: authorise the subscription at /api/broadcasting/auth");
      co_return;
    }
    // Signed, but by the shape before subscriptions were bound to their session (or malformed): a
    // subscription without a session could outlive the sign-in that allowed it.
    std::optional<protocol::SignedData> signed_data = protocol::ParseChannelData(kind, channel_data);
    if (!signed_data) {
      RefuseSubscription(channel, protocol::kUnauthorized,
                         "Invalid channel_data: authorise the subscription at /api/broadcasting/auth");
      co_return;
    }
    session_id = signed_data->session_id;
    member = std::move(signed_data->member);
  }
  // The user this socket belongs to, once a signed subscription names one.
  std::int64_t user_id = protocol::UserOfChannel(channel);
  if (user_id == 0 && member) {
    const auto& digits = member->user_id;
    std::from_chars(digits.data(), digits.data() + digits.size(), user_id);
  }
  if (user_id > 0 && kind != protocol::ChannelKind::kPublic && user_id_ == 0) {
    if (!server_.ClaimUser(user_id)) {
      RefuseSubscription(channel, protocol::kOverCapacity,
                         fmt::format("Too many connections for one user (at most {})",
                                     server_.settings_.max_sockets_per_user));
      co_return;
    }
    user_id_ = user_id;
  }
  server_.Subscribe(channel, shared_from_this(), session_id);
  // Filled member by member: g++ 12 mishandles aggregates with destructors brace-built in coroutines.
  Subscription subscription;
  subscription.channel = channel;
  if (member) subscription.presence_user = member->user_id;
  subscription.session_id = session_id;
  subscriptions_.push_back(std::move(subscription));
  if (!member) {
    Enqueue(protocol::EventFrame("pusher_internal:subscription_succeeded", channel, "{}"));
    co_return;
  }
  // Presence: the membership lives in the database, so every instance sees every member.
  const std::string user_info = json::serialize(member->user_info);
  const auto joined =
      co_await server_.pool_.Query(kJoin, channel, id_, server_.instance_, member->user_id, user_info);
  const bool already_member = !joined.Empty() && joined.One().Get<bool>(0);
  const auto rows = co_await server_.pool_.Query(kMembers, channel);
  std::vector<protocol::Member> members;
  for (const auto& row : rows) {
    protocol::Member present{.user_id = row.Get<std::string>(0), .user_info = {}};
    const json::value info = json::parse(row.Get<std::string>(1));
    if (info.is_object()) present.user_info = info.as_object();
    members.push_back(std::move(present));
  }
  Enqueue(protocol::EventFrame("pusher_internal:subscription_succeeded", channel,
                               protocol::PresenceData(members)));
  if (!already_member) {
    const json::value added = json::object{{"user_id", member->user_id}, {"user_info", member->user_info}};
    co_await server_.publisher_.Publish(channel, "pusher_internal:member_added", added, id_);
  }
}

awaitable<void> Session::Leave(const Subscription& subscription) {
  server_.Unsubscribe(subscription.channel, this, subscription.session_id);
  if (subscription.presence_user.empty()) co_return;
  const auto left = co_await server_.pool_.Query(kLeave, subscription.channel, id_);
  if (left.Empty() || !left.One().Get<bool>(1)) co_return;  // the user is still there on another socket
  const json::value removed = json::object{{"user_id", subscription.presence_user}};
  co_await server_.publisher_.Publish(subscription.channel, "pusher_internal:member_removed", removed, id_);
}

awaitable<void> Session::HandleUnsubscribe(const protocol::ClientMessage& message) {
  const json::object data = protocol::DataObject(message.data);
  const auto* value = data.if_contains("channel");
  if (value == nullptr || !value->is_string()) co_return;
  const std::string channel(value->as_string());
  auto it = std::find_if(subscriptions_.begin(), subscriptions_.end(),
                         [&](const Subscription& s) { return s.channel == channel; });
  if (it == subscriptions_.end()) co_return;
  const Subscription subscription = *it;
  subscriptions_.erase(it);
  co_await Leave(subscription);
}

awaitable<void> Session::HandleClientEvent(const protocol::ClientMessage& message) {
  const auto kind = protocol::KindOf(message.channel);
  if (kind == protocol::ChannelKind::kPublic) {
    Enqueue(protocol::ErrorFrame(std::nullopt,
                                 "Client event rejected: only supported on private and presence channels"));
    co_return;
  }
  if (Find(message.channel) == nullptr) {
    Enqueue(protocol::ErrorFrame(std::nullopt, "Client event rejected: not subscribed to the channel"));
    co_return;
  }
  if (!rate_.Allow(Clock::now())) {
    Enqueue(
        protocol::ErrorFrame(protocol::kClientEventRateLimited,
                             fmt::format("Client event rejected due to rate limit (at most {} per second)",
                                         server_.settings_.client_events_per_second)));
    co_return;
  }
  json::value data = message.data;
  if (data.is_string()) {
    boost::system::error_code ec;
    json::value parsed = json::parse(data.as_string(), ec);
    if (!ec) data = std::move(parsed);
  }
  co_await server_.publisher_.Publish(message.channel, message.event, data, id_);
}

awaitable<void> Session::Run(server::UpgradeRequest request) {
  const auto& settings = server_.settings_;
  const std::string origin(request[http::field::origin]);
  if (!protocol::OriginAllowed(origin, server_.origins_)) {
    log::Info("realtime: refused a socket from {} with Origin {}", ip_, origin);
    http::response<http::string_body> refusal{http::status::forbidden, request.version()};
    refusal.set(http::field::content_type, "text/plain; charset=utf-8");
    refusal.body() = "Origin not allowed\n";
    refusal.keep_alive(false);
    refusal.prepare_payload();
    auto [ec, bytes] = co_await http::async_write(ws_.next_layer(), refusal, kUseTuple);
    (void)ec;
    co_return;
  }
  ws_.set_option(websocket::stream_base::timeout{kHandshakeTimeout, websocket::stream_base::none(), false});
  ws_.read_message_max(settings.max_message_bytes);
  // Memory per idle socket: Beast allocates a write buffer (4 KiB by default) per socket at its first
  // message, used only to fragment; a server's unmasked, uncompressed frames go out whole from the shared
  // frame.
  ws_.auto_fragment(false);
  ws_.write_buffer_bytes(256);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& response) { response.set(http::field::server, "artel"); }));
  std::string target(request.target());
  if (auto [ec] = co_await ws_.async_accept(request, kUseTuple); ec) co_return;
  ws_.text(true);
  // The request is a parameter of this coroutine, alive as long as the socket: its header fields (a
  // browser's cookies and user agent, 1–3 KiB) and the target are given back now, not at close.
  { const server::UpgradeRequest released = std::move(request); }

  id_ = server_.NextSocketId();
  const std::string key = protocol::AppKeyOf(target, "/app/");
  const int version = protocol::ProtocolOf(target);
  std::string().swap(target);
  std::optional<std::pair<int, std::string>> refusal;
  if (key != settings.key) {
    refusal.emplace(protocol::kAppDoesNotExist, fmt::format("Could not find app by key {}", key));
  } else if (version != 0 && (version < 5 || version > protocol::kVersion)) {
    refusal.emplace(protocol::kUnsupportedProtocol, "Unsupported protocol version");
  } else if (server_.Stopping()) {
    refusal.emplace(protocol::kReconnect, "Server shutting down");
  } else if (!server_.AddSession(shared_from_this(), ip_)) {
    refusal.emplace(protocol::kOverCapacity, fmt::format("Too many connections from one address (at most {})",
                                                         settings.max_sockets_per_ip));
  }
  if (refusal) {
    const std::string frame = protocol::ErrorFrame(refusal->first, refusal->second);
    if (auto [ec, bytes] = co_await ws_.async_write(net::buffer(frame), kUseTuple); !ec) {
      const websocket::close_reason reason(static_cast<websocket::close_code>(refusal->first),
                                           refusal->second);
      auto [close_ec] = co_await ws_.async_close(reason, kUseTuple);
      (void)close_ec;
    }
    co_return;
  }

  Enqueue(protocol::ConnectionEstablished(id_, settings.activity_timeout));
  last_received_ = Clock::now();
  try {
    using namespace net::experimental::awaitable_operators;
    co_await (ReadLoop() || WriteLoop());
  } catch (const std::exception& e) {
    log::Warning("realtime: socket {} failed: {}", id_, e.what());
  }
  // Gone: nothing is queued or written any more (the server closes the stream once this returns), out of
  // every channel here, and out of the presence lists everywhere.
  dropped_ = true;
  queue_.clear();
  auto self = shared_from_this();
  server_.RemoveSession(self, ip_);
  if (user_id_ != 0) server_.ReleaseUser(user_id_);
  const std::vector<Subscription> subscriptions = std::move(subscriptions_);
  subscriptions_.clear();
  for (const auto& subscription : subscriptions) {
    try {
      co_await Leave(subscription);
    } catch (const std::exception& e) {
      log::Warning("realtime: leaving {} for socket {} failed: {}", subscription.channel, id_, e.what());
    }
  }
}

SocketServer::SocketServer(Settings settings, std::vector<std::string> origins, db::Pool& pool,
                           const Publisher& publisher, std::string instance)
    : settings_(std::move(settings)),
      origins_(std::move(origins)),
      pool_(pool),
      publisher_(publisher),
      instance_(std::move(instance)),
      id_prefix_(std::random_device()() % 1000000000ULL + 1) {}

std::string SocketServer::NextSocketId() {
  // Unique across instances (the prefix is random per process): except_socket is compared everywhere.
  return fmt::format("{}.{}", id_prefix_, next_id_.fetch_add(1));
}

awaitable<void> SocketServer::Serve(beast::tcp_stream& stream, server::UpgradeRequest request,
                                    std::string remote_ip) {
  auto session = std::make_shared<Session>(*this, stream, std::move(remote_ip));
  co_await session->Run(std::move(request));
}

bool SocketServer::AddSession(const std::shared_ptr<Session>& session, const std::string& ip) {
  std::lock_guard lock(mutex_);
  if (stopping_) return false;
  auto& count = per_ip_[ip];
  if (count >= settings_.max_sockets_per_ip) {
    if (count == 0) per_ip_.erase(ip);
    return false;
  }
  ++count;
  sessions_.insert(session);
  return true;
}

void SocketServer::RemoveSession(const std::shared_ptr<Session>& session, const std::string& ip) {
  std::lock_guard lock(mutex_);
  if (sessions_.erase(session) == 0) return;
  if (auto it = per_ip_.find(ip); it != per_ip_.end() && --it->second == 0) per_ip_.erase(it);
}

bool SocketServer::Subscribe(const std::string& channel, const std::shared_ptr<Session>& session,
                             std::int64_t session_id) {
  std::lock_guard lock(mutex_);
  channels_[channel].push_back(session);
  if (session_id != 0) by_session_[session_id].push_back(session);
  return true;
}

void SocketServer::Unsubscribe(const std::string& channel, const Session* session, std::int64_t session_id) {
  std::lock_guard lock(mutex_);
  const auto same = [&](const std::shared_ptr<Session>& s) { return s.get() == session; };
  if (auto it = channels_.find(channel); it != channels_.end()) {
    auto& list = it->second;
    std::erase_if(list, same);
    if (list.empty()) channels_.erase(it);
  }
  if (session_id == 0) return;
  if (auto it = by_session_.find(session_id); it != by_session_.end()) {
    // One entry per subscription: a socket with two channels of one session is listed twice.
    auto& list = it->second;
    if (auto found = std::find_if(list.begin(), list.end(), same); found != list.end()) list.erase(found);
    if (list.empty()) by_session_.erase(it);
  }
}

std::vector<std::int64_t> SocketServer::SessionIds() const {
  std::lock_guard lock(mutex_);
  std::vector<std::int64_t> ids;
  ids.reserve(by_session_.size());
  for (const auto& [session_id, unused] : by_session_) ids.push_back(session_id);
  return ids;
}

std::size_t SocketServer::CloseSessions(const std::vector<std::int64_t>& ended) {
  std::unordered_set<std::shared_ptr<Session>> targets;
  {
    std::lock_guard lock(mutex_);
    // Out of the index at once: a socket slow to finish its closing handshake is not closed again by the next
    // round (its Unsubscribe then finds nothing here).
    for (const auto session_id : ended) {
      auto it = by_session_.find(session_id);
      if (it == by_session_.end()) continue;
      targets.insert(it->second.begin(), it->second.end());
      by_session_.erase(it);
    }
  }
  if (targets.empty()) return 0;
  // As Pusher answers a connection it no longer authorises: the error, then the close with the same code
  // (4000–4099: pusher-js does not reconnect). Once the close is on the socket's strand its queue takes no
  // more events; the close path leaves every channel here and the presence lists everywhere.
  constexpr std::string_view kEnded = "Connection is unauthorized: the session that authorised it has ended";
  const Frame error = MakeFrame(protocol::ErrorFrame(protocol::kUnauthorized, kEnded));
  for (const auto& session : targets) {
    session->Send(error);
    session->Close(protocol::kUnauthorized, std::string(kEnded));
  }
  log::Info("realtime: {} sessions ended; closed {} sockets (4009)", ended.size(), targets.size());
  return targets.size();
}

awaitable<std::size_t> SocketServer::CheckSessions(const SessionCheck& check) {
  std::vector<std::int64_t> ids = SessionIds();
  if (ids.empty()) co_return 0;
  // The call is made outside the co_await (g++ 12: no temporaries with destructors across it).
  auto pending = check(std::move(ids));
  const std::vector<std::int64_t> ended = co_await std::move(pending);
  if (ended.empty()) co_return 0;
  co_return CloseSessions(ended);
}

awaitable<void> SocketServer::RunSessionChecks(SessionCheck check) {
  auto self = shared_from_this();
  net::steady_timer timer(co_await net::this_coro::executor);
  // A stop is seen at the next wake-up (at most one interval later; stopping the io context ends it sooner).
  while (!checks_stopped_.load()) {
    timer.expires_after(settings_.session_check_interval);
    auto [ec] = co_await timer.async_wait(kUseTuple);
    (void)ec;
    if (checks_stopped_.load() || Stopping()) break;
    // A failed round (the database is down) keeps every socket: closing them all would punish every user for
    // an outage. The next round asks again.
    std::string failure;
    try {
      co_await CheckSessions(check);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    if (!failure.empty() && !checks_stopped_.load()) {
      log::Warning("realtime: checking the sessions of open sockets failed (retrying in {} s): {}",
                   settings_.session_check_interval.count(), failure);
    }
  }
}

void SocketServer::StopSessionChecks() {
  checks_stopped_ = true;
}

bool SocketServer::ClaimUser(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto& count = per_user_[user_id];
  if (count >= settings_.max_sockets_per_user) return false;
  ++count;
  return true;
}

void SocketServer::ReleaseUser(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  if (auto it = per_user_.find(user_id); it != per_user_.end() && --it->second == 0) per_user_.erase(it);
}

std::size_t SocketServer::SocketCount() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

void SocketServer::Stop() {
  std::vector<std::shared_ptr<Session>> open;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    open.assign(sessions_.begin(), sessions_.end());
  }
  if (!open.empty()) log::Info("realtime: closing {} sockets (4200: reconnect)", open.size());
  for (auto& session : open) session->Close(protocol::kReconnect, "Server shutting down");
}

std::size_t SocketServer::Deliver(std::string_view channel, std::string_view event,
                                  std::string_view data_json, std::string_view except) {
  std::vector<std::shared_ptr<Session>> targets;
  {
    std::lock_guard lock(mutex_);
    auto it = channels_.find(std::string(channel));
    if (it == channels_.end()) return 0;
    targets.reserve(it->second.size());
    for (const auto& session : it->second) {
      if (except.empty() || session->Id() != except) targets.push_back(session);
    }
  }
  if (targets.empty()) return 0;
  // One frame shared by every recipient.
  const Frame frame = MakeFrame(protocol::EventFrame(event, channel, data_json));
  for (auto& session : targets) session->Send(frame);
  return targets.size();
}

void SocketServer::DeliverEnvelope(std::string_view envelope) {
  boost::system::error_code ec;
  const json::value value = json::parse(envelope, ec);
  if (ec || !value.is_object()) {
    log::Warning("realtime: ignoring a malformed envelope");
    return;
  }
  const auto& object = value.as_object();
  const auto field = [&](std::string_view name) -> std::string_view {
    const auto* item = object.if_contains(name);
    return item != nullptr && item->is_string() ? std::string_view(item->as_string()) : std::string_view();
  };
  const auto channel = field("c");
  const auto event = field("e");
  if (channel.empty() || event.empty()) return;
  Deliver(channel, event, field("d"), field("x"));
}

void SocketServer::OnNotification(std::string_view payload) {
  if (payload.starts_with('#')) {
    std::int64_t id = 0;
    const auto digits = payload.substr(1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (ec != std::errc() || end != digits.data() + digits.size()) return;
    net::co_spawn(pool_.GetExecutor(), DeliverStored(id),
                  [](std::exception_ptr e) { LogFailure(e, "reading a stored event"); });
    return;
  }
  DeliverEnvelope(payload);
}

awaitable<void> SocketServer::DeliverStored(std::int64_t id) {
  auto self = shared_from_this();
  const auto result = co_await pool_.Query(kPayload, id);
  if (result.Empty()) co_return;  // swept already
  const std::string envelope = result.One().Get<std::string>(0);
  DeliverEnvelope(envelope);
}

void SocketServer::OnReconnected() {
  missed_windows_.fetch_add(1);
  log::Warning(
      "realtime: the event listener was disconnected; events published meanwhile were not delivered "
      "(clients refetch on their own reconnect)");
}

awaitable<void> SocketServer::ForgetStalePresence() {
  const auto result = co_await pool_.Query(kForgetInstance, instance_);
  if (result.AffectedRows() > 0) {
    log::Info("realtime: forgot {} presence rows of a previous run", result.AffectedRows());
  }
}

}  // namespace artel::realtime
