// The real-time load client of `make bench` (benchmarks/run.sh realtime): a Pusher-protocol (version 7)
// client on Beast, one thread, one coroutine per socket, that holds many sockets on artel's socket server.
//
//   bench_ws_load idle    HOST WS_PORT KEY SECRET USERS_FILE SERVER_PID [PER_IP]
//       USERS_FILE: "user_id token session_id" per line (benchmarks/realtime_users.sql). Opens one socket per
//       line, subscribed to private-user.{user_id} (signed with the app secret as POST /api/broadcasting/auth
//       signs it: HMAC-SHA256(secret, "socket_id:channel:channel_data"), channel_data naming the user's live
//       session, which the server checks every few seconds), answers the server's pings, and prints the
//       server's VmRSS before and after (/proc/SERVER_PID/status) and the delta per socket. Sockets come from
//       PER_IP sockets per loopback source address (127.3.x.y; default 50), so the server's per-IP limit
//       stays at its production value.
//   bench_ws_load latency HOST WS_PORT HTTP_PORT KEY SECRET PAIRS_FILE RATE SECONDS [HTTP_CONNECTIONS]
//       PAIRS_FILE: one line per pair, "chat_id sender_bearer_token recipient_user_id recipient_session_id".
//       Subscribes one socket per recipient to private-user.{recipient}, then sends RATE messages per second
//       for SECONDS seconds (round robin over the pairs, on HTTP_CONNECTIONS keep-alive connections, default
//       64) with POST /api/chats/{chat_id}/messages, and measures from the request's first byte to the
//       chat.newMsg frame on the recipient's socket. Prints p50/p90/p99/max of that, of the HTTP answer, and
//       of the frame's lag behind the HTTP answer (what the NOTIFY fan-out adds once the send has committed).
//
// Output: `key: value` lines on stdout (benchmarks/run.sh reads them); progress on stderr. Exit 1 on errors
// (a refused subscription, a non-201 send, a lost frame), never on a goal missed.

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace json = boost::json;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using WebSocket = websocket::stream<beast::tcp_stream>;

constexpr auto kUseTuple = net::as_tuple(net::use_awaitable);

struct Target {
  std::string host;
  std::string ws_port;
  std::string key;
  std::string secret;
};

std::string Hex(const unsigned char* data, std::size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (std::size_t i = 0; i < size; ++i) {
    out.push_back(kDigits[data[i] >> 4]);
    out.push_back(kDigits[data[i] & 0xf]);
  }
  return out;
}

// A private channel and the channel_data signed with it: the sign-in session that authorises the subscription
// ({"session_id":"…"}, as POST /api/broadcasting/auth answers).
struct Channel {
  std::string name;
  std::string data;
};

Channel UserChannel(std::string_view user_id, std::string_view session_id) {
  return {"private-user." + std::string(user_id), R"({"session_id":")" + std::string(session_id) + R"("})"};
}

// Pusher's channel signature: "key:" + hex HMAC-SHA256(secret, "socket_id:channel_name:channel_data").
std::string Signature(const Target& target, std::string_view socket_id, const Channel& channel) {
  const std::string message = std::string(socket_id) + ":" + channel.name + ":" + channel.data;
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), target.secret.data(), static_cast<int>(target.secret.size()),
       reinterpret_cast<const unsigned char*>(message.data()), message.size(), digest, &size);
  return target.key + ":" + Hex(digest, size);
}

// A frame's `data`: Pusher sends it as a JSON-encoded string; objects are accepted too.
json::value DataOf(const json::object& frame) {
  const auto* data = frame.if_contains("data");
  if (data == nullptr) return {};
  if (data->is_string()) {
    boost::system::error_code ec;
    json::value parsed = json::parse(data->as_string(), ec);
    return ec ? json::value() : parsed;
  }
  return *data;
}

std::string EventOf(const json::object& frame) {
  const auto* event = frame.if_contains("event");
  return event != nullptr && event->is_string() ? std::string(event->as_string()) : std::string();
}

struct Failure {
  std::string what;
};

// Connects (from `source` when given), upgrades, reads pusher:connection_established, subscribes to `channel`
// and waits for pusher_internal:subscription_succeeded. Throws Failure.
net::awaitable<std::unique_ptr<WebSocket>> OpenSubscribed(const Target& target, tcp::endpoint server,
                                                          std::optional<net::ip::address> source,
                                                          Channel channel) {
  auto executor = co_await net::this_coro::executor;
  auto ws = std::make_unique<WebSocket>(executor);
  auto& socket = beast::get_lowest_layer(*ws).socket();
  boost::system::error_code ec;
  socket.open(tcp::v4(), ec);
  if (ec) throw Failure{"socket: " + ec.message()};
  if (source) {
    socket.bind(tcp::endpoint(*source, 0), ec);
    if (ec) throw Failure{"bind " + source->to_string() + ": " + ec.message()};
  }
  beast::get_lowest_layer(*ws).expires_after(std::chrono::seconds(30));
  auto [connect_ec] = co_await socket.async_connect(server, kUseTuple);
  if (connect_ec) throw Failure{"connect: " + connect_ec.message()};
  socket.set_option(tcp::no_delay(true), ec);
  const std::string host = target.host + ":" + target.ws_port;
  const std::string path = "/app/" + target.key + "?protocol=7&client=bench&version=1.0";
  auto [handshake_ec] = co_await ws->async_handshake(host, path, kUseTuple);
  if (handshake_ec) throw Failure{"handshake: " + handshake_ec.message()};
  beast::get_lowest_layer(*ws).expires_never();
  ws->text(true);

  beast::flat_buffer buffer;
  auto [read_ec, read_bytes] = co_await ws->async_read(buffer, kUseTuple);
  if (read_ec) throw Failure{"read connection_established: " + read_ec.message()};
  const std::string first = beast::buffers_to_string(buffer.data());
  buffer.consume(buffer.size());
  json::value frame = json::parse(first, ec);
  if (ec || !frame.is_object() || EventOf(frame.as_object()) != "pusher:connection_established") {
    throw Failure{"first frame: " + first};
  }
  json::value data = DataOf(frame.as_object());
  if (!data.is_object() || !data.as_object().contains("socket_id")) throw Failure{"no socket_id: " + first};
  const std::string socket_id(data.as_object().at("socket_id").as_string());

  json::object subscribe_data{{"channel", channel.name},
                              {"auth", Signature(target, socket_id, channel)},
                              {"channel_data", channel.data}};
  json::object subscribe{{"event", "pusher:subscribe"}, {"data", std::move(subscribe_data)}};
  const std::string subscribe_text = json::serialize(subscribe);
  auto [write_ec, written] = co_await ws->async_write(net::buffer(subscribe_text), kUseTuple);
  if (write_ec) throw Failure{"subscribe: " + write_ec.message()};
  for (;;) {
    auto [ack_ec, ack_bytes] = co_await ws->async_read(buffer, kUseTuple);
    if (ack_ec) throw Failure{"read subscription ack: " + ack_ec.message()};
    const std::string text = beast::buffers_to_string(buffer.data());
    buffer.consume(buffer.size());
    json::value ack = json::parse(text, ec);
    if (ec || !ack.is_object()) throw Failure{"bad frame: " + text};
    const std::string event = EventOf(ack.as_object());
    if (event == "pusher_internal:subscription_succeeded") break;
    if (event == "pusher:error" || event == "pusher:subscription_error") {
      throw Failure{channel.name + ": " + text};
    }
  }
  co_return ws;
}

// Reads frames until the socket closes: answers pusher:ping, hands every other event to `on_event`.
template <typename OnEvent>
net::awaitable<void> Hold(std::shared_ptr<WebSocket> ws, OnEvent on_event, std::size_t* closed) {
  beast::flat_buffer buffer;
  const std::string pong = R"({"event":"pusher:pong","data":{}})";
  for (;;) {
    auto [ec, bytes] = co_await ws->async_read(buffer, kUseTuple);
    if (ec) break;
    const std::string text = beast::buffers_to_string(buffer.data());
    buffer.consume(buffer.size());
    boost::system::error_code parse_ec;
    json::value frame = json::parse(text, parse_ec);
    if (parse_ec || !frame.is_object()) continue;
    const std::string event = EventOf(frame.as_object());
    if (event == "pusher:ping") {
      auto [write_ec, written] = co_await ws->async_write(net::buffer(pong), kUseTuple);
      if (write_ec) break;
      continue;
    }
    on_event(event, frame.as_object());
  }
  ++*closed;
}

long ReadVmRssKib(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

void RaiseFileLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

net::ip::address SourceAddress(std::size_t index, std::size_t per_ip) {
  const std::size_t group = index / per_ip;  // 127.3.0.1, 127.3.0.2, … 127.3.0.250, 127.3.1.1, …
  return net::ip::make_address_v4(0x7f030000u |
                                  static_cast<unsigned>(((group / 250) << 8) | (group % 250 + 1)));
}

struct Sockets {
  std::vector<std::shared_ptr<WebSocket>> open;
  std::size_t closed = 0;
  std::size_t failed = 0;
  std::string first_error;
};

// Opens `channels.size()` subscribed sockets, `parallel` handshakes at a time, each held by Hold(on_event).
template <typename OnEvent>
net::awaitable<void> OpenAll(const Target& target, tcp::endpoint server, std::vector<Channel> channels,
                             std::size_t per_ip, std::size_t parallel, Sockets& sockets, OnEvent on_event) {
  std::size_t next = 0;
  std::size_t running = 0;
  auto executor = co_await net::this_coro::executor;
  net::steady_timer wait(executor);
  auto worker = [&]() -> net::awaitable<void> {
    while (next < channels.size()) {
      const std::size_t index = next++;
      std::optional<net::ip::address> source;
      if (per_ip > 0) source = SourceAddress(index, per_ip);
      try {
        std::unique_ptr<WebSocket> opened = co_await OpenSubscribed(target, server, source, channels[index]);
        std::shared_ptr<WebSocket> ws(std::move(opened));
        sockets.open.push_back(ws);
        net::co_spawn(executor, Hold(ws, on_event, &sockets.closed), net::detached);
      } catch (const Failure& failure) {
        if (sockets.failed++ == 0) sockets.first_error = failure.what;
      } catch (const std::exception& e) {
        if (sockets.failed++ == 0) sockets.first_error = e.what();
      }
      if (index % 1000 == 999) std::cerr << "bench_ws_load: " << index + 1 << " sockets subscribed\n";
    }
    --running;
    wait.cancel();
  };
  for (std::size_t i = 0; i < std::min(parallel, channels.size()); ++i) {
    ++running;
    net::co_spawn(executor, worker(), net::detached);
  }
  while (running > 0) {
    wait.expires_after(std::chrono::milliseconds(50));
    co_await wait.async_wait(kUseTuple);
  }
}

net::awaitable<void> Sleep(Clock::duration duration) {
  net::steady_timer timer(co_await net::this_coro::executor);
  timer.expires_after(duration);
  co_await timer.async_wait(kUseTuple);
}

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(p / 100.0 * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(rank, values.size() - 1)];
}

void PrintDistribution(std::string_view name, const std::vector<double>& values) {
  std::printf("%.*s_p50_ms: %.2f\n%.*s_p90_ms: %.2f\n%.*s_p99_ms: %.2f\n%.*s_max_ms: %.2f\n",
              static_cast<int>(name.size()), name.data(), Percentile(values, 50),
              static_cast<int>(name.size()), name.data(), Percentile(values, 90),
              static_cast<int>(name.size()), name.data(), Percentile(values, 99),
              static_cast<int>(name.size()), name.data(), Percentile(values, 100));
}

// --- idle
// ---------------------------------------------------------------------------------------------------

int Idle(const Target& target, std::vector<Channel> channels, int pid, std::size_t per_ip) {
  net::io_context io(1);
  const tcp::endpoint server(net::ip::make_address(target.host),
                             static_cast<unsigned short>(std::stoi(target.ws_port)));
  Sockets sockets;
  long before = 0;
  long after = 0;
  std::size_t unexpected = 0;
  std::size_t closed_by_server = 0;
  auto on_event = [&unexpected](const std::string& event, const json::object&) {
    if (event != "pusher:pong") ++unexpected;
  };
  auto run = [&]() -> net::awaitable<void> {
    // The server has settled since its start; its RSS now is the baseline.
    before = ReadVmRssKib(pid);
    const auto started = Clock::now();
    co_await OpenAll(target, server, channels, per_ip, 64, sockets, on_event);
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    std::printf("sockets_subscribed: %zu\nsockets_failed: %zu\nopen_seconds: %.1f\n", sockets.open.size(),
                sockets.failed, seconds);
    // Let allocations settle (buffers shrink after the handshake, the allocator returns what it can).
    co_await Sleep(std::chrono::seconds(5));
    after = ReadVmRssKib(pid);
    closed_by_server = sockets.closed;
    for (auto& ws : sockets.open) beast::get_lowest_layer(*ws).close();
  };
  net::co_spawn(io, run(), net::detached);
  io.run();
  if (before < 0 || after < 0) {
    std::cerr << "bench_ws_load: cannot read /proc/" << pid << "/status\n";
    return 1;
  }
  const std::size_t held = sockets.open.size();
  std::printf("server_rss_before_kib: %ld\nserver_rss_after_kib: %ld\n", before, after);
  std::printf("rss_per_socket_kib: %.2f\n", held > 0 ? static_cast<double>(after - before) / held : 0.0);
  std::printf("sockets_closed_by_server: %zu\nunexpected_events: %zu\n", closed_by_server, unexpected);
  if (sockets.failed > 0) {
    std::cerr << "bench_ws_load: " << sockets.failed << " sockets failed; first: " << sockets.first_error
              << '\n';
    return 1;
  }
  return 0;
}

// --- latency
// ------------------------------------------------------------------------------------------------

struct Pair {
  std::string chat_id;
  std::string token;
  std::string recipient;
  std::string recipient_session;
};

std::string ClientId(std::size_t seq) {
  char text[40];
  std::snprintf(text, sizeof text, "%08x-0000-4000-8000-%012zx", static_cast<unsigned>(::getpid()), seq);
  return text;
}

int Latency(const Target& target, const std::string& http_port, const std::vector<Pair>& pairs, double rate,
            double seconds, std::size_t connections) {
  net::io_context io(1);
  const tcp::endpoint ws_server(net::ip::make_address(target.host),
                                static_cast<unsigned short>(std::stoi(target.ws_port)));
  const tcp::endpoint http_server(net::ip::make_address(target.host),
                                  static_cast<unsigned short>(std::stoi(http_port)));
  const auto total = static_cast<std::size_t>(rate * seconds);
  std::vector<Clock::time_point> sent_at(total);
  std::vector<Clock::time_point> answered_at(total);
  std::vector<Clock::time_point> received_at(total);
  std::vector<char> received(total, 0);
  std::size_t received_count = 0;
  std::size_t duplicates = 0;
  std::size_t send_errors = 0;
  std::string first_send_error;
  std::size_t behind_schedule = 0;

  std::vector<Channel> channels;
  for (const auto& pair : pairs) channels.push_back(UserChannel(pair.recipient, pair.recipient_session));
  const std::string marker = "bench ";
  auto on_event = [&](const std::string& event, const json::object& frame) {
    if (event != "chat.newMsg") return;
    const auto now = Clock::now();
    json::value data = DataOf(frame);
    const auto* text = data.is_object() ? data.as_object().if_contains("message") : nullptr;
    if (text == nullptr || !text->is_object()) return;
    const auto* details = text->as_object().if_contains("details");
    if (details == nullptr || !details->is_object()) return;
    const auto* body = details->as_object().if_contains("text");
    if (body == nullptr || !body->is_string()) return;
    std::string_view value = body->as_string();
    if (value.rfind(marker, 0) != 0) return;
    const std::size_t seq = std::stoul(std::string(value.substr(marker.size())));
    if (seq >= total) return;
    if (received[seq]) {
      ++duplicates;
      return;
    }
    received[seq] = 1;
    received_at[seq] = now;
    ++received_count;
  };

  Sockets sockets;
  std::size_t next = 0;
  Clock::time_point start;
  auto sender = [&]() -> net::awaitable<void> {
    auto executor = co_await net::this_coro::executor;
    beast::tcp_stream stream(executor);
    auto [connect_ec] = co_await stream.async_connect(http_server, kUseTuple);
    if (connect_ec) {
      if (send_errors++ == 0) first_send_error = "connect: " + connect_ec.message();
      co_return;
    }
    stream.socket().set_option(tcp::no_delay(true));
    beast::flat_buffer buffer;
    net::steady_timer timer(executor);
    while (next < total) {
      const std::size_t seq = next++;
      const auto due = start + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(static_cast<double>(seq) / rate));
      if (Clock::now() < due) {
        timer.expires_at(due);
        co_await timer.async_wait(kUseTuple);
      } else if (Clock::now() - due > std::chrono::milliseconds(5)) {
        ++behind_schedule;
      }
      const Pair& pair = pairs[seq % pairs.size()];
      http::request<http::string_body> request{http::verb::post, "/api/chats/" + pair.chat_id + "/messages",
                                               11};
      request.set(http::field::host, target.host + ":" + http_port);
      request.set(http::field::authorization, "Bearer " + pair.token);
      request.set(http::field::content_type, "application/json");
      request.set("X-Requested-With", "XMLHttpRequest");
      request.body() = R"({"client_id":")" + ClientId(seq) + R"(","text":")" + marker + std::to_string(seq) +
                       R"(","attachment_ids":[]})";
      request.keep_alive(true);
      request.prepare_payload();
      sent_at[seq] = Clock::now();
      stream.expires_after(std::chrono::seconds(30));
      auto [write_ec, written] = co_await http::async_write(stream, request, kUseTuple);
      http::response<http::string_body> response;
      boost::system::error_code read_ec;
      if (!write_ec) {
        auto [ec, read] = co_await http::async_read(stream, buffer, response, kUseTuple);
        read_ec = ec;
      }
      answered_at[seq] = Clock::now();
      if (write_ec || read_ec || response.result() != http::status::created) {
        if (send_errors++ == 0) {
          first_send_error = write_ec  ? "write: " + write_ec.message()
                             : read_ec ? "read: " + read_ec.message()
                                       : std::to_string(response.result_int()) + " " + response.body();
        }
        if (write_ec || read_ec) co_return;
      }
    }
  };

  int status = 0;
  auto run = [&]() -> net::awaitable<void> {
    co_await OpenAll(target, ws_server, channels, 50, 64, sockets, on_event);
    std::printf("sockets_subscribed: %zu\nsockets_failed: %zu\n", sockets.open.size(), sockets.failed);
    if (sockets.failed > 0) {
      std::cerr << "bench_ws_load: first socket error: " << sockets.first_error << '\n';
      status = 1;
      for (auto& ws : sockets.open) beast::get_lowest_layer(*ws).close();
      co_return;
    }
    start = Clock::now() + std::chrono::milliseconds(100);
    std::size_t done = 0;
    auto executor = co_await net::this_coro::executor;
    net::steady_timer wait(executor);
    for (std::size_t i = 0; i < connections; ++i) {
      net::co_spawn(executor, sender(), [&](std::exception_ptr) {
        ++done;
        wait.cancel();
      });
    }
    while (done < connections) {
      wait.expires_after(std::chrono::milliseconds(50));
      co_await wait.async_wait(kUseTuple);
    }
    const double sending = std::chrono::duration<double>(Clock::now() - start).count();
    // Frames still on their way: wait up to 5 s for the last ones.
    for (int i = 0; i < 100 && received_count < total - std::min(total, send_errors); ++i) {
      co_await Sleep(std::chrono::milliseconds(50));
    }
    std::printf("messages_sent: %zu\nsend_seconds: %.2f\nsend_rate_per_s: %.0f\nsend_errors: %zu\n", total,
                sending, static_cast<double>(total) / sending, send_errors);
    std::printf("sends_behind_schedule_over_5ms: %zu\nframes_received: %zu\nduplicate_frames: %zu\n",
                behind_schedule, received_count, duplicates);
    for (auto& ws : sockets.open) beast::get_lowest_layer(*ws).close();
  };
  net::co_spawn(io, run(), net::detached);
  io.run();
  if (status != 0) return status;

  std::vector<double> delivery;
  std::vector<double> answer;
  std::vector<double> after_answer;  // the frame's lag behind the HTTP answer (negative: it came first)
  for (std::size_t seq = 0; seq < total; ++seq) {
    answer.push_back(std::chrono::duration<double, std::milli>(answered_at[seq] - sent_at[seq]).count());
    if (received[seq]) {
      delivery.push_back(std::chrono::duration<double, std::milli>(received_at[seq] - sent_at[seq]).count());
      after_answer.push_back(
          std::chrono::duration<double, std::milli>(received_at[seq] - answered_at[seq]).count());
    }
  }
  PrintDistribution("send_to_receive", delivery);
  PrintDistribution("http_answer", answer);
  PrintDistribution("frame_after_answer", after_answer);
  if (send_errors > 0) std::cerr << "bench_ws_load: first send error: " << first_send_error << '\n';
  if (send_errors > 0 || received_count < total) {
    std::cerr << "bench_ws_load: " << total - received_count << " of " << total << " frames never arrived\n";
    return 1;
  }
  return 0;
}

int Usage() {
  std::cerr << "usage: bench_ws_load idle HOST WS_PORT KEY SECRET USERS_FILE SERVER_PID [PER_IP]\n"
               "       bench_ws_load latency HOST WS_PORT HTTP_PORT KEY SECRET PAIRS_FILE RATE SECONDS "
               "[HTTP_CONNECTIONS]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  RaiseFileLimit();
  try {
    if (args.size() >= 7 && args[0] == "idle") {
      const Target target{args[1], args[2], args[3], args[4]};
      std::ifstream file(args[5]);
      std::vector<Channel> channels;
      std::string user_id;
      std::string token;
      std::string session_id;
      while (file >> user_id >> token >> session_id) channels.push_back(UserChannel(user_id, session_id));
      if (channels.empty()) {
        std::cerr << "bench_ws_load: no users in " << args[5] << '\n';
        return 2;
      }
      const std::size_t per_ip = args.size() > 7 ? std::stoul(args[7]) : 50;
      return Idle(target, std::move(channels), std::stoi(args[6]), per_ip);
    }
    if (args.size() >= 9 && args[0] == "latency") {
      const Target target{args[1], args[2], args[4], args[5]};
      std::ifstream file(args[6]);
      std::vector<Pair> pairs;
      Pair pair;
      while (file >> pair.chat_id >> pair.token >> pair.recipient >> pair.recipient_session) {
        pairs.push_back(pair);
      }
      if (pairs.empty()) {
        std::cerr << "bench_ws_load: no pairs in " << args[6] << '\n';
        return 2;
      }
      const std::size_t connections = args.size() > 9 ? std::stoul(args[9]) : 64;
      return Latency(target, args[3], pairs, std::stod(args[7]), std::stod(args[8]), connections);
    }
  } catch (const std::exception& e) {
    std::cerr << "bench_ws_load: " << e.what() << '\n';
    return 1;
  }
  return Usage();
}
