#include "artel/identity/password.hpp"

#include <argon2.h>
#include <fmt/format.h>
#include <locale.h>
#include <wctype.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <charconv>
#include <functional>
#include <stdexcept>
#include <unordered_set>

#include "artel/core/crypto.hpp"

namespace artel::identity {
namespace detail {
extern const std::string_view kCommonPasswords;
}  // namespace detail

namespace {

constexpr std::size_t kSaltBytes = 16;
constexpr std::size_t kHashBytes = 32;

/// Decodes one code point at `pos` and advances it; malformed bytes decode to U+FFFD one byte at a time.
char32_t NextCodePoint(std::string_view text, std::size_t& pos) noexcept {
  auto byte = static_cast<unsigned char>(text[pos]);
  std::size_t length = byte < 0x80           ? 1
                       : (byte >> 5) == 0x6  ? 2
                       : (byte >> 4) == 0xE  ? 3
                       : (byte >> 3) == 0x1E ? 4
                                             : 0;
  if (length == 0 || pos + length > text.size()) {
    ++pos;
    return U'\uFFFD';
  }
  char32_t code = length == 1 ? byte : byte & (0x7F >> length);
  for (std::size_t i = 1; i < length; ++i) {
    auto next = static_cast<unsigned char>(text[pos + i]);
    if ((next & 0xC0) != 0x80) {
      ++pos;
      return U'\uFFFD';
    }
    code = (code << 6) | (next & 0x3F);
  }
  pos += length;
  return code;
}

void AppendUtf8(std::string& out, char32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

/// glibc's built-in C.UTF-8 classifies all of Unicode; a private locale object keeps the process-wide
/// locale untouched and is safe to use from every thread.
locale_t UnicodeLocale() {
  static const locale_t locale = [] {
    locale_t created = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
    if (created == static_cast<locale_t>(nullptr)) throw std::runtime_error("newlocale(C.UTF-8) failed");
    return created;
  }();
  return locale;
}

std::string LowerCase(std::string_view text) {
  auto locale = UnicodeLocale();
  std::string out;
  out.reserve(text.size());
  for (std::size_t pos = 0; pos < text.size();) {
    AppendUtf8(out, static_cast<char32_t>(towlower_l(static_cast<wint_t>(NextCodePoint(text, pos)), locale)));
  }
  return out;
}

const std::unordered_set<std::string_view>& CommonPasswords() {
  static const std::unordered_set<std::string_view> set = [] {
    std::unordered_set<std::string_view> entries;
    std::string_view rest = detail::kCommonPasswords;
    while (!rest.empty()) {
      auto end = rest.find('\n');
      auto line = rest.substr(0, end);
      if (!line.empty()) entries.insert(line);
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
    return entries;
  }();
  return set;
}

bool ParseUint(std::string_view text, std::uint32_t& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::vector<Message> CheckPassword(std::string_view password) {
  auto locale = UnicodeLocale();
  std::size_t length = 0;
  bool upper = false, lower = false, digit = false, special = false;
  for (std::size_t pos = 0; pos < password.size();) {
    auto code = static_cast<wint_t>(NextCodePoint(password, pos));
    ++length;
    if (code >= U'0' && code <= U'9') {
      digit = true;
    } else if (iswalpha_l(code, locale)) {
      upper = upper || iswupper_l(code, locale);
      lower = lower || iswlower_l(code, locale);
    } else if (!iswcntrl_l(code, locale)) {
      special = true;
    }
  }
  std::vector<Message> problems;
  auto count = [](std::size_t n) {
    return std::vector<std::pair<std::string, std::string>>{{"count", fmt::to_string(n)}};
  };
  if (length < kPasswordMinLength) problems.push_back({"auth:password.too_short", count(kPasswordMinLength)});
  if (length > kPasswordMaxLength) problems.push_back({"auth:password.too_long", count(kPasswordMaxLength)});
  if (!upper) problems.push_back({"auth:password.needs_upper"});
  if (!lower) problems.push_back({"auth:password.needs_lower"});
  if (!digit) problems.push_back({"auth:password.needs_digit"});
  if (!special) problems.push_back({"auth:password.needs_special"});
  if (IsCommonPassword(password)) problems.push_back({"auth:password.common"});
  return problems;
}

bool IsCommonPassword(std::string_view password) {
  if (password.size() > 4 * kPasswordMaxLength) return false;
  return CommonPasswords().contains(LowerCase(password));
}

std::size_t CommonPasswordCount() {
  return CommonPasswords().size();
}

std::optional<Argon2Parameters> ParseArgon2(std::string_view encoded) {
  // $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>
  constexpr std::string_view kPrefix = "$argon2id$v=19$";
  if (!encoded.starts_with(kPrefix)) return std::nullopt;
  auto rest = encoded.substr(kPrefix.size());
  auto end = rest.find('$');
  if (end == std::string_view::npos) return std::nullopt;
  auto fields = rest.substr(0, end);
  Argon2Parameters parameters;
  int seen = 0;
  while (!fields.empty()) {
    auto comma = fields.find(',');
    auto field = fields.substr(0, comma);
    fields = comma == std::string_view::npos ? std::string_view() : fields.substr(comma + 1);
    if (field.size() < 3 || field[1] != '=') return std::nullopt;
    std::uint32_t* target = field[0] == 'm'   ? &parameters.memory_kib
                            : field[0] == 't' ? &parameters.iterations
                            : field[0] == 'p' ? &parameters.parallelism
                                              : nullptr;
    if (target == nullptr || !ParseUint(field.substr(2), *target)) return std::nullopt;
    ++seen;
  }
  if (seen != 3 || parameters.memory_kib == 0 || parameters.iterations == 0 || parameters.parallelism == 0) {
    return std::nullopt;
  }
  return parameters;
}

std::string HashPasswordNow(std::string_view password, const Argon2Config& config) {
  auto salt = RandomBytes(kSaltBytes);
  std::string encoded(argon2_encodedlen(config.iterations, config.memory_kib, config.parallelism, kSaltBytes,
                                        kHashBytes, Argon2_id),
                      '\0');
  int rc = argon2id_hash_encoded(config.iterations, config.memory_kib, config.parallelism, password.data(),
                                 password.size(), salt.data(), salt.size(), kHashBytes, encoded.data(),
                                 encoded.size());
  if (rc != ARGON2_OK)
    throw std::runtime_error(fmt::format("argon2id_hash_encoded: {}", argon2_error_message(rc)));
  encoded.resize(encoded.find('\0'));
  return encoded;
}

bool VerifyPasswordNow(std::string_view encoded, std::string_view password) {
  if (!ParseArgon2(encoded)) return false;
  std::string terminated(encoded);
  int rc = argon2id_verify(terminated.c_str(), password.data(), password.size());
  if (rc == ARGON2_OK) return true;
  if (rc == ARGON2_VERIFY_MISMATCH || rc == ARGON2_DECODING_FAIL) return false;
  throw std::runtime_error(fmt::format("argon2id_verify: {}", argon2_error_message(rc)));
}

bool NeedsRehash(std::string_view encoded, const Argon2Config& config) {
  auto parameters = ParseArgon2(encoded);
  return !parameters || parameters->memory_kib != config.memory_kib ||
         parameters->iterations != config.iterations || parameters->parallelism != config.parallelism;
}

struct PasswordHasher::Impl {
  explicit Impl(unsigned threads) : pool(threads) {}
  boost::asio::thread_pool pool;
  std::atomic<std::size_t> queued{0};
  std::size_t max_queued = 0;
  std::chrono::milliseconds queue_timeout{};
  std::string dummy_hash;

  /// Runs `work` on the pool unless the queue is full or the work waited too long to start.
  template <class T>
  boost::asio::awaitable<T> Run(std::function<T()> work) {
    if (queued.fetch_add(1) >= max_queued) {
      --queued;
      throw ServiceUnavailable();
    }
    co_return co_await boost::asio::co_spawn(
        pool.get_executor(), OnPool<T>(this, std::chrono::steady_clock::now(), std::move(work)),
        boost::asio::use_awaitable);
  }

  // A plain coroutine function, not a capturing lambda: its arguments live in the coroutine frame.
  template <class T>
  static boost::asio::awaitable<T> OnPool(Impl* impl, std::chrono::steady_clock::time_point enqueued,
                                          std::function<T()> work) {
    --impl->queued;
    if (std::chrono::steady_clock::now() - enqueued > impl->queue_timeout) throw ServiceUnavailable();
    co_return work();
  }
};

PasswordHasher::PasswordHasher(Argon2Config config, std::chrono::milliseconds queue_timeout)
    : config_(config), impl_(std::make_unique<Impl>(std::max(1u, config.max_concurrent))) {
  // Room for a burst of logins per hashing thread; past that, 503 at once rather than a growing queue.
  impl_->max_queued = std::size_t{32} * std::max(1u, config.max_concurrent);
  impl_->queue_timeout = queue_timeout;
  impl_->dummy_hash = HashPasswordNow(RandomToken(16), config_);
}

PasswordHasher::~PasswordHasher() {
  impl_->pool.join();
}

// The jobs are built outside the coroutines: g++ 12 mis-moves init-captures of lambdas created inside one.
namespace {
std::function<std::string()> HashJob(std::string password, Argon2Config config) {
  return [password = std::move(password), config] { return HashPasswordNow(password, config); };
}
std::function<bool()> VerifyJob(std::string encoded, std::string password) {
  return [encoded = std::move(encoded), password = std::move(password)] {
    return VerifyPasswordNow(encoded, password);
  };
}
}  // namespace

boost::asio::awaitable<std::string> PasswordHasher::Hash(std::string password) {
  co_return co_await impl_->Run<std::string>(HashJob(std::move(password), config_));
}

boost::asio::awaitable<bool> PasswordHasher::Verify(std::string encoded, std::string password) {
  co_return co_await impl_->Run<bool>(VerifyJob(std::move(encoded), std::move(password)));
}

boost::asio::awaitable<bool> PasswordHasher::VerifyDummy(std::string password) {
  co_await Verify(impl_->dummy_hash, std::move(password));
  co_return false;
}

}  // namespace artel::identity
