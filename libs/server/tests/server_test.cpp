#include "artel/server/server.hpp"

#include <gtest/gtest.h>
#include <poll.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/json/parse.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <random>
#include <thread>
#include <vector>

#include "artel/i18n/catalog.hpp"
#include "artel/web/app.hpp"

namespace artel::server {
namespace {

namespace fs = std::filesystem;
namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using namespace std::chrono_literals;

using HttpResponse = http::response<http::string_body>;

/// A blocking client socket whose reads give up after a deadline, so a misbehaving server fails the
/// test instead of hanging it. Models Beast's SyncReadStream and SyncWriteStream.
class ClientSocket final {
 public:
  ClientSocket(net::io_context& io, std::uint16_t port) : socket_(io) {
    socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  }

  template <class Buffers>
  std::size_t read_some(const Buffers& buffers, boost::system::error_code& ec) {
    if (!WaitReadable(5s)) {
      ec = net::error::timed_out;
      return 0;
    }
    return socket_.read_some(buffers, ec);
  }
  template <class Buffers>
  std::size_t read_some(const Buffers& buffers) {
    boost::system::error_code ec;
    auto bytes = read_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return bytes;
  }
  template <class Buffers>
  std::size_t write_some(const Buffers& buffers, boost::system::error_code& ec) {
    return socket_.write_some(buffers, ec);
  }
  template <class Buffers>
  std::size_t write_some(const Buffers& buffers) {
    return socket_.write_some(buffers);
  }

  void Send(std::string_view bytes) { net::write(*this, net::buffer(bytes)); }

  HttpResponse Read(bool head_request = false) {
    http::response_parser<http::string_body> parser;
    parser.body_limit(16 * 1024 * 1024);
    parser.skip(head_request);
    http::read(*this, buffer_, parser);
    return parser.release();
  }

  HttpResponse Request(http::request<http::string_body> request) {
    request.prepare_payload();
    http::write(*this, request);
    return Read(request.method() == http::verb::head);
  }

  /// True when the server closed the connection (EOF or reset) within `timeout`, with no data first.
  bool ClosedWithin(std::chrono::milliseconds timeout) {
    if (buffer_.size() > 0 || !WaitReadable(timeout)) return false;
    char byte;
    boost::system::error_code ec;
    socket_.read_some(net::buffer(&byte, 1), ec);
    return ec == net::error::eof || ec == net::error::connection_reset;
  }

  bool WaitReadable(std::chrono::milliseconds timeout) {
    pollfd descriptor{socket_.native_handle(), POLLIN, 0};
    return ::poll(&descriptor, 1, static_cast<int>(timeout.count())) > 0;
  }

 private:
  tcp::socket socket_;
  beast::flat_buffer buffer_;
};

http::request<http::string_body> MakeRequest(http::verb verb, std::string_view target) {
  http::request<http::string_body> request{verb, target, 11};
  request.set(http::field::host, "127.0.0.1");
  request.set("X-Requested-With", "XMLHttpRequest");
  return request;
}

std::string ErrorCodeOf(const HttpResponse& response) {
  auto value = boost::json::parse(response.body());
  return std::string(value.at("code").as_string());
}

void WriteFile(const fs::path& path, std::string_view content) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << content;
  ASSERT_TRUE(out.good()) << path;
}

void ExpectSecurityHeaders(const HttpResponse& response) {
  EXPECT_NE(response["Content-Security-Policy"].find("frame-ancestors 'none'"), std::string_view::npos);
  EXPECT_EQ(response["X-Content-Type-Options"], "nosniff");
  EXPECT_EQ(response["Referrer-Policy"], "strict-origin-when-cross-origin");
  EXPECT_EQ(response["X-Frame-Options"], "DENY");
  EXPECT_EQ(response["Server"], "artel");
  EXPECT_TRUE(response["Date"].ends_with(" GMT"));
}

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    static_dir_ = fs::temp_directory_path() / ("artel-server-" + std::to_string(std::random_device{}()));
    WriteFile(static_dir_ / "index.html", kIndex);
    WriteFile(static_dir_ / "assets" / "main.0123abcd.js", "console.info('plain');");
    WriteFile(static_dir_ / "assets" / "main.0123abcd.js.gz", "gzip-bytes");
    WriteFile(static_dir_ / "assets" / "main.0123abcd.js.br", "brotli-bytes");
    big_file_.resize(3 * 1024 * 1024 + 17);
    for (std::size_t i = 0; i < big_file_.size(); ++i) big_file_[i] = static_cast<char>('a' + i % 26);
    WriteFile(static_dir_ / "assets" / "big.deadbeef.js", big_file_);

    web::AppOptions app_options;
    app_options.secret = "server-test-secret-0123456789abcdef";
    app_options.languages = {{"en", "English"}, {"ru", "Русский"}};
    app_ = std::make_unique<web::App>(app_options, catalog_);
    auto& router = app_->GetRouter();
    router.Add(web::Method::kPost, "/api/test/echo",
               [](web::Request& request) -> net::awaitable<web::Response> {
                 web::Response response;
                 response.headers.Set("Content-Type", "text/plain");
                 response.body = request.body;
                 co_return response;
               },
               {.body_limit = 1024});
    router.Add(web::Method::kGet, "/api/test/slow", [this](web::Request&) -> net::awaitable<web::Response> {
      slow_started_ = true;
      net::steady_timer timer(co_await net::this_coro::executor, 300ms);
      co_await timer.async_wait(net::use_awaitable);
      co_return web::Response::Json(boost::json::object{{"slow", true}});
    });
    router.Add(web::Method::kGet, "/api/test/request",
               [](web::Request& request) -> net::awaitable<web::Response> {
                 co_return web::Response::Json(boost::json::object{{"path", request.path},
                                                                   {"query", request.query},
                                                                   {"target", request.target},
                                                                   {"remote_ip", request.remote_ip}});
               });

    // Headers and a cookie as a handler sets them, one value carrying CR/LF (as if copied from user input)
    // and one overriding a security header.
    router.Add(web::Method::kGet, "/api/test/headers", [](web::Request&) -> net::awaitable<web::Response> {
      web::Response response = web::Response::Json(boost::json::object{{"ok", true}});
      response.headers.Set("X-Echo", "a\r\nX-Injected: 1\r\n\r\nbody");
      response.headers.Set("X-Frame-Options", "SAMEORIGIN");
      response.cookies.push_back(web::Cookie{.name = "flavour", .value = "plain"});
      response.cookies.push_back(web::Cookie{.name = "other", .value = "x\ny"});
      co_return response;
    });

    StartServer(TestOptions());
    for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { io_.run(); });
  }

  ServerOptions TestOptions() const {
    ServerOptions options;
    options.host = "127.0.0.1";
    options.port = 0;
    options.static_dir = static_dir_;
    options.request_timeout = 1s;
    options.keep_alive_timeout = 2s;
    options.shutdown_timeout = 5s;
    return options;
  }

  void StartServer(const ServerOptions& options) {
    server_ = std::make_unique<Server>(io_, options, *app_);
    server_->Start();
  }

  void RestartServer(const ServerOptions& options) {
    server_->Stop();
    ASSERT_TRUE(WaitDrained(*server_, 2s));
    StartServer(options);
  }

  void TearDown() override {
    server_->Stop();
    EXPECT_TRUE(WaitDrained(*server_, 5s));
    work_.reset();
    io_.stop();
    for (auto& thread : threads_) thread.join();
    server_.reset();
    fs::remove_all(static_dir_);
  }

  bool WaitDrained(Server& server, std::chrono::seconds timeout) {
    auto drained = net::co_spawn(io_, server.Drained(), net::use_future);
    return drained.wait_for(timeout) == std::future_status::ready;
  }

  ClientSocket Connect() { return ClientSocket(client_io_, server_->Port()); }

  HttpResponse Get(std::string_view target, std::vector<std::pair<std::string, std::string>> headers = {}) {
    auto client = Connect();
    auto request = MakeRequest(http::verb::get, target);
    for (auto& [name, value] : headers) request.set(name, value);
    return client.Request(std::move(request));
  }

  static constexpr std::string_view kIndex = "<!doctype html><title>Artel</title><div id=root></div>";

  i18n::Catalog catalog_ = i18n::Catalog::Load("i18n", {"en", "ru"});
  std::unique_ptr<web::App> app_;
  fs::path static_dir_;
  std::string big_file_;
  std::atomic<bool> slow_started_{false};

  net::io_context io_;
  net::executor_work_guard<net::io_context::executor_type> work_ = net::make_work_guard(io_);
  std::vector<std::thread> threads_;
  std::unique_ptr<Server> server_;
  net::io_context client_io_;
};

TEST_F(ServerTest, HealthzAnswersWithSecurityHeaders) {
  auto response = Get("/healthz");
  EXPECT_EQ(response.result_int(), 200);
  ExpectSecurityHeaders(response);
}

// The server writes the status line and header itself: the App's fields and cookies, the security headers the
// App did not set (an App's own value wins, once), Date and Content-Length; CR and LF in a value cannot end
// the field and smuggle one of their own.
TEST_F(ServerTest, WritesTheAppsHeadersWithoutLettingAValueAddFields) {
  auto client = Connect();
  client.Send("GET /api/test/headers HTTP/1.1\r\nHost: x\r\nX-Requested-With: XMLHttpRequest\r\n\r\n");
  auto response = client.Read();
  ASSERT_EQ(response.result_int(), 200) << response.body();
  EXPECT_EQ(response.body(), R"({"ok":true})");
  EXPECT_EQ(response[http::field::content_length], "11");
  EXPECT_EQ(response["X-Echo"], "a  X-Injected: 1    body");
  EXPECT_EQ(response.count("X-Injected"), 0u);
  EXPECT_EQ(response.count("X-Frame-Options"), 1u);
  EXPECT_EQ(response["X-Frame-Options"], "SAMEORIGIN");
  EXPECT_EQ(response["X-Content-Type-Options"], "nosniff");
  EXPECT_EQ(response.count(http::field::date), 1u);
  EXPECT_EQ(response.count(http::field::connection), 0u);  // HTTP/1.1 keep-alive: nothing to say
  std::vector<std::string> cookies;  // the handler's two, then the App's guest XSRF-TOKEN
  for (auto [it, end] = response.equal_range(http::field::set_cookie); it != end; ++it) {
    cookies.emplace_back(it->value());
  }
  ASSERT_EQ(cookies.size(), 3u);
  EXPECT_TRUE(cookies[0].starts_with("flavour=plain; Path=/; HttpOnly")) << cookies[0];
  EXPECT_TRUE(cookies[1].starts_with("other=x y;")) << cookies[1];
  EXPECT_TRUE(cookies[2].starts_with("XSRF-TOKEN=")) << cookies[2];
  // The connection stays usable: the next answer starts where this one's body ended.
  client.Send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(client.Read().result_int(), 200);
}

TEST_F(ServerTest, PassesDecodedPathQueryAndPeerToTheApp) {
  auto response = Get("/api/test/request?q=a%20b&x");
  ASSERT_EQ(response.result_int(), 200) << response.body();
  auto body = boost::json::parse(response.body()).as_object();
  EXPECT_EQ(body.at("path").as_string(), "/api/test/request");
  EXPECT_EQ(body.at("query").as_string(), "q=a%20b&x");
  EXPECT_EQ(body.at("target").as_string(), "/api/test/request?q=a%20b&x");
  EXPECT_EQ(body.at("remote_ip").as_string(), "127.0.0.1");
}

TEST_F(ServerTest, TakesTheClientAddressFromAProxyOnlyWhenTrusted) {
  std::vector<std::pair<std::string, std::string>> forwarded = {{"X-Forwarded-For", "9.9.9.9, 203.0.113.5"}};
  auto direct = boost::json::parse(Get("/api/test/request", forwarded).body()).as_object();
  EXPECT_EQ(direct.at("remote_ip").as_string(), "127.0.0.1");

  auto options = TestOptions();
  options.trust_forwarded_for = true;
  RestartServer(options);
  auto proxied = boost::json::parse(Get("/api/test/request", forwarded).body()).as_object();
  EXPECT_EQ(proxied.at("remote_ip").as_string(), "203.0.113.5");
  auto plain = boost::json::parse(Get("/api/test/request").body()).as_object();
  EXPECT_EQ(plain.at("remote_ip").as_string(), "127.0.0.1");
}

TEST_F(ServerTest, EchoesABodyWithinTheRouteLimit) {
  auto token = app_->MakeXsrfToken("");
  auto client = Connect();
  auto request = MakeRequest(http::verb::post, "/api/test/echo");
  request.set(http::field::cookie, std::string(web::kXsrfCookie) + "=" + token);
  request.set(web::kXsrfHeader, token);
  request.set(http::field::content_type, "text/plain");
  request.body() = "hello, server";
  auto response = client.Request(request);
  EXPECT_EQ(response.result_int(), 200) << response.body();
  EXPECT_EQ(response.body(), "hello, server");
}

TEST_F(ServerTest, RejectsAnOversizedBodyBeforeReadingIt) {
  auto client = Connect();
  // Announces 10 MB but sends only 1 KB: the answer must come without the rest.
  client.Send(
      "POST /api/test/echo HTTP/1.1\r\nHost: x\r\nX-Requested-With: XMLHttpRequest\r\n"
      "Content-Type: text/plain\r\nContent-Length: 10000000\r\n\r\n" +
      std::string(1024, 'x'));
  auto response = client.Read();
  EXPECT_EQ(response.result_int(), 413);
  EXPECT_EQ(ErrorCodeOf(response), "PayloadTooLarge");
  EXPECT_FALSE(response.keep_alive());
  ExpectSecurityHeaders(response);
  EXPECT_TRUE(client.ClosedWithin(3s));
}

TEST_F(ServerTest, RejectsAnOversizedChunkedBody) {
  auto client = Connect();
  std::string chunk(2000, 'y');
  client.Send(
      "POST /api/test/echo HTTP/1.1\r\nHost: x\r\nX-Requested-With: XMLHttpRequest\r\n"
      "Transfer-Encoding: chunked\r\n\r\n7d0\r\n" +
      chunk + "\r\n0\r\n\r\n");
  auto response = client.Read();
  EXPECT_EQ(response.result_int(), 413);
  EXPECT_EQ(ErrorCodeOf(response), "PayloadTooLarge");
}

TEST_F(ServerTest, AnswersExpectContinueOnlyWhenTheBodyFits) {
  auto token = app_->MakeXsrfToken("");
  auto client = Connect();
  client.Send(
      "POST /api/test/echo HTTP/1.1\r\nHost: x\r\nX-Requested-With: XMLHttpRequest\r\nCookie: XSRF-TOKEN=" +
      token + "\r\nX-XSRF-TOKEN: " + token +
      "\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n");
  auto interim = client.Read();
  EXPECT_EQ(interim.result_int(), 100);
  client.Send("hello");
  auto response = client.Read();
  EXPECT_EQ(response.result_int(), 200) << response.body();
  EXPECT_EQ(response.body(), "hello");

  auto other = Connect();
  other.Send(
      "POST /api/test/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n");
  EXPECT_EQ(other.Read().result_int(), 413);
}

TEST_F(ServerTest, RejectsHeadersOverTheLimit) {
  auto client = Connect();
  client.Send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: " + std::string(20 * 1024, 'p') + "\r\n\r\n");
  auto response = client.Read();
  EXPECT_EQ(response.result_int(), 431);
  EXPECT_EQ(ErrorCodeOf(response), "BadRequest");
  ExpectSecurityHeaders(response);
}

TEST_F(ServerTest, ClosesASlowlorisConnectionAtTheRequestDeadline) {
  auto client = Connect();
  std::string_view request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: yes\r\n\r\n";
  auto start = std::chrono::steady_clock::now();
  bool closed = false;
  for (char byte : request) {
    boost::system::error_code ec;
    client.write_some(net::buffer(&byte, 1), ec);
    if (ec || client.ClosedWithin(150ms)) {
      closed = true;
      break;
    }
  }
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_TRUE(closed);
  EXPECT_GE(elapsed, 900ms);
  EXPECT_LT(elapsed, 2500ms);
}

TEST_F(ServerTest, ClosesAConnectionThatNeverSpeaks) {
  auto client = Connect();
  EXPECT_TRUE(client.ClosedWithin(2500ms));
}

TEST_F(ServerTest, KeepsConnectionsAliveAndClosesIdleOnes) {
  auto client = Connect();
  auto first = client.Request(MakeRequest(http::verb::get, "/healthz"));
  auto second = client.Request(MakeRequest(http::verb::get, "/missing.js"));
  auto third = client.Request(MakeRequest(http::verb::get, "/healthz"));
  EXPECT_EQ(first.result_int(), 200);
  EXPECT_EQ(second.result_int(), 404);
  EXPECT_EQ(third.result_int(), 200);
  EXPECT_TRUE(third.keep_alive());
  auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(client.ClosedWithin(4s));
  EXPECT_GE(std::chrono::steady_clock::now() - start, 1500ms);  // keep_alive_timeout is 2 s
}

TEST_F(ServerTest, HonoursConnectionCloseAndHttp10) {
  auto client = Connect();
  auto request = MakeRequest(http::verb::get, "/healthz");
  request.keep_alive(false);
  auto response = client.Request(request);
  EXPECT_EQ(response.result_int(), 200);
  EXPECT_FALSE(response.keep_alive());
  EXPECT_TRUE(client.ClosedWithin(1s));

  auto old = Connect();
  old.Send("GET /healthz HTTP/1.0\r\n\r\n");
  auto old_response = old.Read();
  EXPECT_EQ(old_response.result_int(), 200);
  EXPECT_EQ(old_response.version(), 10);
  EXPECT_TRUE(old.ClosedWithin(1s));

  auto kept = Connect();
  kept.Send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
  EXPECT_TRUE(kept.Read().keep_alive());
  kept.Send("GET /healthz HTTP/1.0\r\n\r\n");
  EXPECT_EQ(kept.Read().result_int(), 200);
}

TEST_F(ServerTest, AnswersPipelinedRequestsInOrderUpToTheCap) {
  auto client = Connect();
  client.Send(
      "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
      "GET /missing.js HTTP/1.1\r\nHost: x\r\n\r\n"
      "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(client.Read().result_int(), 200);
  EXPECT_EQ(client.Read().result_int(), 404);
  auto last = client.Read();
  EXPECT_EQ(last.result_int(), 200);
  EXPECT_TRUE(last.keep_alive());

  auto greedy = Connect();
  std::string burst;
  for (int i = 0; i < 20; ++i) burst += "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
  greedy.Send(burst);
  int answered = 0;
  for (;;) {
    auto response = greedy.Read();
    ++answered;
    EXPECT_EQ(response.result_int(), 200);
    if (!response.keep_alive()) break;
    ASSERT_LT(answered, 20);
  }
  EXPECT_EQ(answered, 16);  // ServerOptions::max_pipelined
}

TEST_F(ServerTest, RejectsMalformedRequestsAndTargets) {
  for (std::string_view target :
       {"/%zz", "/a%00b", "/../etc/passwd", "/%2e%2e/etc/passwd", "/assets/%2e%2e/x"}) {
    auto client = Connect();
    client.Send("GET " + std::string(target) + " HTTP/1.1\r\nHost: x\r\n\r\n");
    auto response = client.Read();
    EXPECT_EQ(response.result_int(), 400) << target;
    EXPECT_EQ(ErrorCodeOf(response), "BadRequest") << target;
    ExpectSecurityHeaders(response);
  }
  auto garbage = Connect();
  garbage.Send("THIS IS NOT HTTP\r\n\r\n");
  EXPECT_EQ(garbage.Read().result_int(), 400);
}

TEST_F(ServerTest, ServesStaticFilesWithEncodingsAndCaching) {
  auto brotli = Get("/assets/main.0123abcd.js", {{"Accept-Encoding", "gzip, deflate, br"}});
  EXPECT_EQ(brotli.result_int(), 200);
  EXPECT_EQ(brotli.body(), "brotli-bytes");
  EXPECT_EQ(brotli["Content-Encoding"], "br");
  EXPECT_EQ(brotli["Content-Type"], "text/javascript; charset=utf-8");
  EXPECT_EQ(brotli["Cache-Control"], "public, max-age=31536000, immutable");
  EXPECT_EQ(brotli["Vary"], "Accept-Encoding");
  ExpectSecurityHeaders(brotli);

  auto gzip = Get("/assets/main.0123abcd.js", {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(gzip.body(), "gzip-bytes");
  EXPECT_EQ(gzip["Content-Encoding"], "gzip");

  auto plain = Get("/assets/main.0123abcd.js");
  EXPECT_EQ(plain.body(), "console.info('plain');");
  EXPECT_EQ(plain.count(http::field::content_encoding), 0u);
  auto etag = std::string(plain[http::field::etag]);
  ASSERT_FALSE(etag.empty());

  auto cached = Get("/assets/main.0123abcd.js", {{"If-None-Match", etag}});
  EXPECT_EQ(cached.result_int(), 304);
  EXPECT_TRUE(cached.body().empty());
  EXPECT_EQ(cached[http::field::etag], etag);
  ExpectSecurityHeaders(cached);

  auto partial = Get("/assets/main.0123abcd.js", {{"Range", "bytes=8-11"}, {"Accept-Encoding", "br"}});
  EXPECT_EQ(partial.result_int(), 206);
  EXPECT_EQ(partial.body(), "info");
  EXPECT_EQ(partial["Content-Range"], "bytes 8-11/22");

  auto big = Get("/assets/big.deadbeef.js");
  EXPECT_EQ(big.result_int(), 200);
  EXPECT_TRUE(big.body() == big_file_);
}

TEST_F(ServerTest, HeadGivesTheLengthWithoutABody) {
  auto client = Connect();
  auto head = client.Request(MakeRequest(http::verb::head, "/assets/main.0123abcd.js"));
  EXPECT_EQ(head.result_int(), 200);
  EXPECT_EQ(head[http::field::content_length],
            std::to_string(std::string_view("console.info('plain');").size()));
  auto head_app = client.Request(MakeRequest(http::verb::head, "/healthz"));
  EXPECT_EQ(head_app.result_int(), 200);
  // Had either HEAD answer carried a body, this response would not parse.
  auto get = client.Request(MakeRequest(http::verb::get, "/healthz"));
  EXPECT_EQ(get.result_int(), 200);
}

TEST_F(ServerTest, FallsBackToIndexForSpaRoutes) {
  for (std::string_view path : {"/", "/ru", "/ru/orders", "/en/orders/15"}) {
    auto response = Get(path);
    EXPECT_EQ(response.result_int(), 200) << path;
    EXPECT_EQ(response.body(), kIndex) << path;
    EXPECT_EQ(response["Cache-Control"], "no-cache") << path;
    EXPECT_EQ(response["Content-Type"], "text/html; charset=utf-8") << path;
    ExpectSecurityHeaders(response);
  }
  auto missing = Get("/missing.js");
  EXPECT_EQ(missing.result_int(), 404);
  EXPECT_EQ(missing["Content-Type"], "text/plain; charset=utf-8");
  ExpectSecurityHeaders(missing);
}

TEST_F(ServerTest, ExplainsAnUnbuiltFrontEnd) {
  fs::remove(static_dir_ / "index.html");
  auto response = Get("/ru/orders", {{"Accept-Language", "ru"}});
  EXPECT_EQ(response.result_int(), 503);
  EXPECT_NE(response.body().find("lang=\"ru\""), std::string::npos);
  EXPECT_EQ(response["Content-Type"], "text/html; charset=utf-8");
}

TEST_F(ServerTest, RefusesOtherMethodsOnStaticPaths) {
  auto client = Connect();
  auto response = client.Request(MakeRequest(http::verb::post, "/ru/orders"));
  EXPECT_EQ(response.result_int(), 405);
  EXPECT_EQ(ErrorCodeOf(response), "MethodNotAllowed");
}

TEST_F(ServerTest, StopFinishesRequestsInFlightAndRefusesNewOnes) {
  auto idle = Connect();
  EXPECT_EQ(idle.Request(MakeRequest(http::verb::get, "/healthz")).result_int(), 200);

  auto busy = Connect();
  http::write(busy, MakeRequest(http::verb::get, "/api/test/slow"));
  for (int i = 0; i < 200 && !slow_started_; ++i) std::this_thread::sleep_for(5ms);
  ASSERT_TRUE(slow_started_);

  server_->Stop();
  EXPECT_TRUE(idle.ClosedWithin(200ms));

  auto response = busy.Read();
  EXPECT_EQ(response.result_int(), 200);
  EXPECT_EQ(response.body(), R"({"slow":true})");
  EXPECT_FALSE(response.keep_alive());
  EXPECT_TRUE(busy.ClosedWithin(1s));

  EXPECT_THROW(Connect(), boost::system::system_error);
  EXPECT_TRUE(WaitDrained(*server_, 2s));
  EXPECT_EQ(server_->ConnectionCount(), 0u);
}

TEST_F(ServerTest, ShutdownTimeoutClosesStuckConnections) {
  auto options = TestOptions();
  options.request_timeout = 10s;
  options.shutdown_timeout = 1s;
  RestartServer(options);
  // Headers begun but never finished: the session is mid-request, not idle, when Stop() comes.
  auto client = Connect();
  client.Send("GET /healthz HTTP/1.1\r\n");
  std::this_thread::sleep_for(100ms);
  auto start = std::chrono::steady_clock::now();
  server_->Stop();
  EXPECT_TRUE(client.ClosedWithin(3s));
  EXPECT_GE(std::chrono::steady_clock::now() - start, 900ms);
  EXPECT_TRUE(WaitDrained(*server_, 2s));
}

TEST_F(ServerTest, RefusesConnectionsBeyondTheCap) {
  auto options = TestOptions();
  options.max_connections = 1;
  options.request_timeout = 5s;
  RestartServer(options);

  auto first = Connect();
  for (int i = 0; i < 200 && server_->ConnectionCount() < 1; ++i) std::this_thread::sleep_for(5ms);
  ASSERT_EQ(server_->ConnectionCount(), 1u);
  auto second = Connect();
  EXPECT_TRUE(second.ClosedWithin(1s));
  EXPECT_EQ(first.Request(MakeRequest(http::verb::get, "/healthz")).result_int(), 200);
}

}  // namespace
}  // namespace artel::server
