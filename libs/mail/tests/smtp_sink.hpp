#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace artel::mail::testing {

/// A fresh empty directory, removed with everything in it on destruction.
class TempDir final {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& Path() const noexcept { return path_; }

 private:
  std::filesystem::path path_;
};

/// A TCP port on 127.0.0.1 that was free a moment ago (bound to port 0, then released).
std::uint16_t FreePort();

/// A real SMTP server for tests: Debian's aiosmtpd with its Mailbox handler, run as a child process and
/// storing every message it accepts in a maildir.
class SmtpSink final {
 public:
  explicit SmtpSink(std::uint16_t port = FreePort());
  ~SmtpSink();
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  /// Starts the server and waits until it accepts connections; throws std::runtime_error otherwise.
  void Start();
  /// Terminates the server and reaps it; idempotent.
  void Stop();

  std::uint16_t Port() const noexcept { return port_; }
  std::string Url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  /// The raw messages received so far.
  std::vector<std::string> Messages() const;

 private:
  std::uint16_t port_;
  TempDir maildir_;
  pid_t pid_ = -1;
};

}  // namespace artel::mail::testing
