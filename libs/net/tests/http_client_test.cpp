// The outbound client against a loopback peer that answers canned bytes: the request it writes, the answer it
// reads, and its bounds (a peer that never answers times out, a body over the limit is refused, plain HTTP
// leaves this machine never).

#include "artel/net/http_client.hpp"

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/asio/write.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

namespace artel::net {
namespace {

namespace asio = boost::asio;
using namespace std::chrono_literals;

/// On its own thread: accepts one connection, reads the request head (and `body_size` bytes of body), answers
/// `answer` (an empty one: keeps the connection open and silent until the client gives up).
class Peer {
 public:
  explicit Peer(std::string answer, std::size_t body_size = 0)
      : acceptor_(io_, {asio::ip::make_address("127.0.0.1"), 0}) {
    thread_ = std::thread([this, answer = std::move(answer), body_size] {
      asio::ip::tcp::socket socket(io_);
      boost::system::error_code error;
      acceptor_.accept(socket, error);
      if (error) return;
      asio::streambuf buffer;
      const std::size_t head = asio::read_until(socket, buffer, "\r\n\r\n", error);
      if (!error && buffer.size() < head + body_size) {
        asio::read(socket, buffer, asio::transfer_exactly(head + body_size - buffer.size()), error);
      }
      request_ = std::string(asio::buffers_begin(buffer.data()), asio::buffers_end(buffer.data()));
      if (answer.empty()) {
        char byte = 0;
        socket.read_some(asio::buffer(&byte, 1), error);  // until the client closes
        return;
      }
      asio::write(socket, asio::buffer(answer), error);
      socket.shutdown(asio::ip::tcp::socket::shutdown_both, error);
    });
  }
  ~Peer() {
    if (thread_.joinable()) thread_.join();
  }
  std::string Url(std::string_view path) const {
    return "http://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()) + std::string(path);
  }
  /// After the exchange.
  const std::string& Request() {
    if (thread_.joinable()) thread_.join();
    return request_;
  }

 private:
  asio::io_context io_;
  asio::ip::tcp::acceptor acceptor_;
  std::string request_;
  std::thread thread_;
};

/// A throwaway self-signed certificate for `names` (subjectAltName, e.g. "DNS:localhost"), as PEM files.
struct Certificate {
  std::filesystem::path cert;
  std::filesystem::path key;
};

Certificate MakeCertificate(const std::string& names) {
  EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
  X509* x509 = X509_new();
  X509_set_version(x509, 2);
  ASN1_INTEGER_set(X509_get_serialNumber(x509), 1);
  X509_gmtime_adj(X509_getm_notBefore(x509), -60);
  X509_gmtime_adj(X509_getm_notAfter(x509), 3600);
  X509_set_pubkey(x509, key);
  X509_NAME* name = X509_get_subject_name(x509);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("stub"), -1, -1,
                             0);
  X509_set_issuer_name(x509, name);
  X509V3_CTX context;
  X509V3_set_ctx_nodb(&context);
  X509V3_set_ctx(&context, x509, x509, nullptr, nullptr, 0);
  X509_EXTENSION* san = X509V3_EXT_conf_nid(nullptr, &context, NID_subject_alt_name, names.c_str());
  X509_add_ext(x509, san, -1);
  X509_EXTENSION_free(san);
  X509_sign(x509, key, EVP_sha256());
  const auto directory = std::filesystem::temp_directory_path() /
                         ("artel-net-test-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()));
  std::filesystem::create_directories(directory);
  Certificate files{directory / "cert.pem", directory / "key.pem"};
  FILE* out = std::fopen(files.cert.c_str(), "w");
  PEM_write_X509(out, x509);
  std::fclose(out);
  out = std::fopen(files.key.c_str(), "w");
  PEM_write_PrivateKey(out, key, nullptr, nullptr, 0, nullptr, nullptr);
  std::fclose(out);
  X509_free(x509);
  EVP_PKEY_free(key);
  return files;
}

/// A TLS peer on its own thread: accepts one connection, and answers 200 "tls" when the handshake succeeds.
class TlsPeer {
 public:
  explicit TlsPeer(const Certificate& certificate)
      : tls_(asio::ssl::context::tls_server), acceptor_(io_, {asio::ip::make_address("127.0.0.1"), 0}) {
    tls_.use_certificate_chain_file(certificate.cert.string());
    tls_.use_private_key_file(certificate.key.string(), asio::ssl::context::pem);
    thread_ = std::thread([this] {
      asio::ssl::stream<asio::ip::tcp::socket> stream(io_, tls_);
      boost::system::error_code error;
      acceptor_.accept(stream.next_layer(), error);
      if (error) return;
      stream.handshake(asio::ssl::stream_base::server, error);
      if (error) return;  // the client refused the certificate
      asio::streambuf buffer;
      asio::read_until(stream, buffer, "\r\n\r\n", error);
      const std::string answer = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\ntls";
      asio::write(stream, asio::buffer(answer), error);
      stream.shutdown(error);
    });
  }
  ~TlsPeer() {
    if (thread_.joinable()) thread_.join();
  }
  std::string Url(std::string_view host) const {
    return "https://" + std::string(host) + ":" + std::to_string(acceptor_.local_endpoint().port()) + "/";
  }

 private:
  asio::io_context io_;
  asio::ssl::context tls_;
  asio::ip::tcp::acceptor acceptor_;
  std::thread thread_;
};

HttpReply Exchange(asio::io_context& io, HttpClient& client, HttpRequest request) {
  auto future = asio::co_spawn(io, client.Send(std::move(request)), asio::use_future);
  io.run();
  return future.get();
}

TEST(HttpClientTest, ParsesTargets) {
  auto target = ParseTarget("https://api.yookassa.ru/v3/payments?limit=1");
  ASSERT_TRUE(target);
  EXPECT_TRUE(target->tls);
  EXPECT_EQ(target->host, "api.yookassa.ru");
  EXPECT_EQ(target->port, "443");
  EXPECT_EQ(target->resource, "/v3/payments?limit=1");
  target = ParseTarget("http://127.0.0.1:8090");
  ASSERT_TRUE(target);
  EXPECT_FALSE(target->tls);
  EXPECT_EQ(target->port, "8090");
  EXPECT_EQ(target->resource, "/");
  EXPECT_FALSE(ParseTarget("ftp://example.com/"));
  EXPECT_FALSE(ParseTarget("https://user:pw@example.com/"));
  EXPECT_FALSE(ParseTarget("/v3/payments"));
}

TEST(HttpClientTest, BuildsBasicAuthorization) {
  EXPECT_EQ(BasicAuthorization("Aladdin", "open sesame"), "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
}

TEST(HttpClientTest, SendsTheRequestAndReadsTheAnswer) {
  asio::io_context io;
  Peer peer(
      "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}", 7);
  HttpClient client;
  auto reply =
      Exchange(io, client, {"POST", peer.Url("/v3/payments"), {{"Idempotence-Key", "artel-1"}}, "{\"a\":1}"});
  EXPECT_EQ(reply.status, 201);
  EXPECT_EQ(reply.body, "{\"ok\":true}");
  EXPECT_EQ(reply.Header("content-type"), "application/json");
  EXPECT_TRUE(peer.Request().starts_with("POST /v3/payments HTTP/1.1\r\n")) << peer.Request();
  EXPECT_NE(peer.Request().find("Idempotence-Key: artel-1\r\n"), std::string::npos);
  EXPECT_NE(peer.Request().find("Content-Length: 7\r\n"), std::string::npos);
  EXPECT_TRUE(peer.Request().ends_with("{\"a\":1}"));
}

TEST(HttpClientTest, AnErrorStatusIsAnAnswer) {
  asio::io_context io;
  Peer peer("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 2\r\n\r\n{}");
  HttpClient client;
  auto reply = Exchange(io, client, {"GET", peer.Url("/v3/payments/x"), {}, ""});
  EXPECT_EQ(reply.status, 500);
}

TEST(HttpClientTest, APeerThatNeverAnswersTimesOut) {
  asio::io_context io;
  Peer peer("");
  HttpClientOptions options;
  options.timeout = 300ms;
  HttpClient client(options);
  try {
    Exchange(io, client, {"GET", peer.Url("/"), {}, ""});
    FAIL() << "no timeout";
  } catch (const HttpError& error) {
    EXPECT_EQ(error.GetKind(), HttpError::Kind::kTimeout) << error.what();
  }
}

TEST(HttpClientTest, ABodyOverTheLimitIsRefused) {
  asio::io_context io;
  Peer peer("HTTP/1.1 200 OK\r\nContent-Length: 64\r\n\r\n" + std::string(64, 'x'));
  HttpClientOptions options;
  options.max_body = 16;
  HttpClient client(options);
  try {
    Exchange(io, client, {"GET", peer.Url("/"), {}, ""});
    FAIL() << "no limit";
  } catch (const HttpError& error) {
    EXPECT_EQ(error.GetKind(), HttpError::Kind::kTooLarge) << error.what();
  }
}

TEST(HttpClientTest, PlainHttpLeavesThisMachineNever) {
  asio::io_context io;
  HttpClient client;
  try {
    Exchange(io, client, {"GET", "http://192.0.2.1/", {}, ""});
    FAIL() << "plain http to another machine";
  } catch (const HttpError& error) {
    EXPECT_EQ(error.GetKind(), HttpError::Kind::kBadUrl) << error.what();
  }
}

TEST(HttpClientTest, HttpsVerifiesThePeer) {
  const auto certificate = MakeCertificate("DNS:localhost");
  {
    // Trusted (its CA file), and it names the host: the answer.
    asio::io_context io;
    TlsPeer peer(certificate);
    HttpClientOptions options;
    options.ca_file = certificate.cert.string();
    HttpClient client(options);
    auto reply = Exchange(io, client, {"GET", peer.Url("localhost"), {}, ""});
    EXPECT_EQ(reply.status, 200);
    EXPECT_EQ(reply.body, "tls");
  }
  {
    // The system's store does not know a self-signed certificate.
    asio::io_context io;
    TlsPeer peer(certificate);
    HttpClient client;
    try {
      Exchange(io, client, {"GET", peer.Url("localhost"), {}, ""});
      FAIL() << "an untrusted certificate was accepted";
    } catch (const HttpError& error) {
      EXPECT_EQ(error.GetKind(), HttpError::Kind::kTls) << error.what();
    }
  }
  {
    // Trusted, but it does not name the host asked for.
    asio::io_context io;
    TlsPeer peer(certificate);
    HttpClientOptions options;
    options.ca_file = certificate.cert.string();
    HttpClient client(options);
    try {
      Exchange(io, client, {"GET", peer.Url("127.0.0.1"), {}, ""});
      FAIL() << "a certificate for another host was accepted";
    } catch (const HttpError& error) {
      EXPECT_EQ(error.GetKind(), HttpError::Kind::kTls) << error.what();
    }
  }
  std::filesystem::remove_all(certificate.cert.parent_path());
}

}  // namespace
}  // namespace artel::net
