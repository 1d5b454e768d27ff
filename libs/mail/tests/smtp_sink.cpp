#include "smtp_sink.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <thread>

namespace artel::mail::testing {
namespace {

// Debian's interpreter: a pyenv python3 earlier on PATH would lack the python3-aiosmtpd package.
constexpr const char* kPython = "/usr/bin/python3";
constexpr auto kStartTimeout = std::chrono::seconds(20);

[[noreturn]] void ThrowErrno(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

sockaddr_in Loopback(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

bool Accepts(std::uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) ThrowErrno("socket");
  sockaddr_in address = Loopback(port);
  bool connected = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0;
  ::close(fd);
  return connected;
}

}  // namespace

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "artel-mail-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) ThrowErrno("mkdtemp");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::uint16_t FreePort() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) ThrowErrno("socket");
  sockaddr_in address = Loopback(0);
  socklen_t length = sizeof(address);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    int saved = errno;
    ::close(fd);
    errno = saved;
    ThrowErrno("bind/getsockname");
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

SmtpSink::SmtpSink(std::uint16_t port) : port_(port) {}

SmtpSink::~SmtpSink() {
  Stop();
}

void SmtpSink::Start() {
  if (pid_ > 0) return;
  const std::string listen = "127.0.0.1:" + std::to_string(port_);
  const std::string dir = (maildir_.Path() / "maildir").string();
  pid_ = ::fork();
  if (pid_ < 0) ThrowErrno("fork");
  if (pid_ == 0) {
    ::execl(kPython, kPython, "-m", "aiosmtpd", "-n", "-l", listen.c_str(), "-c", "aiosmtpd.handlers.Mailbox",
            dir.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + kStartTimeout;
  while (!Accepts(port_)) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("aiosmtpd exited during start-up (status " + std::to_string(status) + ")");
    }
    if (std::chrono::steady_clock::now() > deadline) {
      Stop();
      throw std::runtime_error("aiosmtpd did not start listening on " + listen);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

void SmtpSink::Stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

std::vector<std::string> SmtpSink::Messages() const {
  std::vector<std::string> messages;
  for (const char* sub : {"new", "cur"}) {
    auto dir = maildir_.Path() / "maildir" / sub;
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream buffer;
      buffer << in.rdbuf();
      messages.push_back(buffer.str());
    }
  }
  return messages;
}

}  // namespace artel::mail::testing
