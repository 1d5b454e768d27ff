// The baseline for `make bench`: a bare Beast coroutine server with Artel's threading (one io_context,
// one thread per core, keep-alive, one coroutine per connection) answering {"pong":true} to every GET.
// Artel's /api/ping is measured against it; the difference is what Artel's own layers cost.
//
//   bench_hello_server [port] [threads]     (defaults: 8081, hardware concurrency)

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <charconv>
#include <cstdlib>
#include <iostream>
#include <string_view>
#include <thread>
#include <vector>

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

constexpr auto kUseTuple = net::as_tuple(net::use_awaitable);
constexpr std::string_view kBody = R"({"pong":true})";

net::awaitable<void> Session(tcp::socket socket) {
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  for (;;) {
    stream.expires_after(std::chrono::seconds(60));
    http::request<http::string_body> request;
    if (auto [ec, bytes] = co_await http::async_read(stream, buffer, request, kUseTuple); ec) break;
    http::response<http::string_body> response{
        request.method() == http::verb::get ? http::status::ok : http::status::method_not_allowed,
        request.version()};
    response.set(http::field::content_type, "application/json");
    if (request.method() == http::verb::get) response.body() = kBody;
    response.keep_alive(request.keep_alive());
    response.prepare_payload();
    if (auto [ec, bytes] = co_await http::async_write(stream, response, kUseTuple); ec) break;
    if (!response.keep_alive()) break;
  }
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

net::awaitable<void> Listen(tcp::acceptor& acceptor) {
  auto& io = static_cast<net::io_context&>(acceptor.get_executor().context());
  for (;;) {
    auto [ec, socket] = co_await acceptor.async_accept(net::make_strand(io), kUseTuple);
    if (ec == net::error::operation_aborted) co_return;
    if (ec) continue;
    socket.set_option(tcp::no_delay(true), ec);
    auto executor = socket.get_executor();
    net::co_spawn(executor, Session(std::move(socket)), net::detached);
  }
}

unsigned ParseNumber(const char* text, unsigned fallback) {
  unsigned value = 0;
  std::string_view view(text);
  auto [end, ec] = std::from_chars(view.data(), view.data() + view.size(), value);
  if (ec != std::errc() || end != view.data() + view.size()) {
    std::cerr << "not a number: " << text << '\n';
    std::exit(2);
  }
  return value == 0 ? fallback : value;
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const auto port = static_cast<unsigned short>(argc > 1 ? ParseNumber(argv[1], 8081) : 8081);
  const unsigned threads = argc > 2 ? ParseNumber(argv[2], cores) : cores;

  net::io_context io(static_cast<int>(threads));
  tcp::acceptor acceptor(io);
  try {
    tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
    acceptor.open(endpoint.protocol());
    acceptor.set_option(tcp::acceptor::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen(net::socket_base::max_listen_connections);
  } catch (const boost::system::system_error& e) {
    std::cerr << "bench_hello_server: cannot listen on 127.0.0.1:" << port << ": " << e.what() << '\n';
    return 1;
  }
  net::co_spawn(io, Listen(acceptor), net::detached);

  net::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](const beast::error_code&, int) { io.stop(); });

  std::cout << "bench_hello_server: http://127.0.0.1:" << port << " with " << threads << " threads"
            << std::endl;
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back([&io] { io.run(); });
  io.run();
  for (auto& thread : pool) thread.join();
  return 0;
}
