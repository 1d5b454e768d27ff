#pragma once

#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/config.hpp"
#include "artel/core/error.hpp"

namespace artel::identity {

inline constexpr std::size_t kPasswordMinLength = 8;
inline constexpr std::size_t kPasswordMaxLength = 128;

/// Every rule `password` breaks, one message key each, so the SPA can show live hints:
/// auth:password.too_short, too_long, needs_upper, needs_lower, needs_digit, needs_special, common.
/// Lengths count Unicode code points; upper/lower case follow Unicode (Cyrillic counts); a special
/// character is anything that is neither a letter nor a digit. Empty result: acceptable.
std::vector<Message> CheckPassword(std::string_view password);

/// True when the password, lower-cased, is in libs/identity/data/common-passwords.txt.
bool IsCommonPassword(std::string_view password);
/// Number of entries in the compiled-in list (for tests).
std::size_t CommonPasswordCount();

/// Parameters decoded from an argon2id PHC string.
struct Argon2Parameters {
  std::uint32_t memory_kib = 0;
  std::uint32_t iterations = 0;
  std::uint32_t parallelism = 0;
};
/// nullopt when `encoded` is not an argon2id v=19 string.
std::optional<Argon2Parameters> ParseArgon2(std::string_view encoded);

/// argon2id encode/verify, synchronous: call from PasswordHasher's threads or from tests and tools.
std::string HashPasswordNow(std::string_view password, const Argon2Config& config);
/// False on mismatch or a malformed hash.
bool VerifyPasswordNow(std::string_view encoded, std::string_view password);
/// True when `encoded` was made with other parameters than `config` (or is not argon2id at all).
bool NeedsRehash(std::string_view encoded, const Argon2Config& config);

/// Runs argon2id off the io threads on its own pool of `config.max_concurrent` threads, so at most that
/// many hashes (each `memory_kib` of memory) run at once. Requests queue; one that cannot start within
/// `queue_timeout`, or that finds the queue full, fails with ServiceUnavailable (503) instead of growing
/// memory or latency without bound. Thread-safe.
class PasswordHasher final {
 public:
  explicit PasswordHasher(Argon2Config config,
                          std::chrono::milliseconds queue_timeout = std::chrono::milliseconds(2000));
  ~PasswordHasher();
  PasswordHasher(const PasswordHasher&) = delete;
  PasswordHasher& operator=(const PasswordHasher&) = delete;

  boost::asio::awaitable<std::string> Hash(std::string password);
  boost::asio::awaitable<bool> Verify(std::string encoded, std::string password);
  /// Verifies against a fixed hash of a random password with the configured parameters: the same work as a
  /// real verification, for unknown accounts (no enumeration by timing). Always false.
  boost::asio::awaitable<bool> VerifyDummy(std::string password);

  bool NeedsRehash(std::string_view encoded) const { return identity::NeedsRehash(encoded, config_); }
  const Argon2Config& Config() const noexcept { return config_; }

 private:
  struct Impl;
  Argon2Config config_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::identity
