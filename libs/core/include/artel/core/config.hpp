#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>

namespace artel {

struct ServerConfig {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  /// io threads; 0 means one per core.
  unsigned threads = 0;
  /// Base of every link Artel sends (mail); never derived from the Host header.
  std::string public_url = "http://localhost:8080";
  std::filesystem::path static_dir = "frontend/dist";
  /// Default request body limit; routes may set their own (uploads).
  std::size_t body_limit = 64 * 1024;
  /// One deadline for reading and answering a whole request (slowloris guard).
  std::chrono::seconds request_timeout{30};
  /// Idle keep-alive connections are closed after this.
  std::chrono::seconds keep_alive_timeout{60};
  /// Deadline for writing one response (a client that stops reading cannot pin a connection).
  std::chrono::seconds write_timeout{60};
  /// Open connections beyond this are closed right after accept (bounded descriptors and memory).
  std::size_t max_connections = 10000;
  /// Take the client address from the last X-Forwarded-For entry: only behind a proxy that appends it.
  bool trust_forwarded_for = false;
  /// How often freed memory is looked at and, after a burst, given back to the system
  /// (platform::MemoryTrimmer); 0 never does.
  std::chrono::seconds memory_trim_interval{5};
  /// Free memory in the allocator and growth of the resident set since the last trim that a trim needs.
  std::size_t memory_trim_threshold = std::size_t{8} << 20;
};

struct DatabaseConfig {
  /// libpq connection string or URL; empty starts the embedded PostgreSQL in `embedded_dir`.
  std::string url;
  /// Empty (the default): `<data_dir>/pgdata`, so two servers with their own data_dir never share a cluster.
  std::filesystem::path embedded_dir;
  std::size_t pool_size = 16;
  std::chrono::milliseconds acquire_timeout{5000};
  std::chrono::milliseconds statement_timeout{15000};
};

struct MailConfig {
  /// smtp://host:port or smtps://...; empty writes each mail to `outbox_dir` as an .eml file.
  std::string smtp_url;
  std::string smtp_user;
  std::string smtp_password;
  std::string from = "Artel <no-reply@artel.local>";
  std::filesystem::path outbox_dir = "var/mail";
  unsigned max_attempts = 8;
};

struct Argon2Config {
  /// OWASP minimum for argon2id: m=19 MiB, t=2, p=1.
  std::uint32_t memory_kib = 19 * 1024;
  std::uint32_t iterations = 2;
  std::uint32_t parallelism = 1;
  /// Hashes computed at once; more requests wait briefly, then get 503 (bounded memory).
  unsigned max_concurrent = 4;
};

struct SecurityConfig {
  /// HMAC key for XSRF tokens and channel auth; empty generates one into `<data_dir>/secret` on first start.
  std::string secret;
  /// Adds `Secure` to cookies; on automatically when public_url is https.
  bool cookie_secure = false;
  Argon2Config argon2;
  /// Per window and per IP: FAILED sign-ins, and every registration, reset and resend request. Counted in
  /// PostgreSQL (platform::RateLimiter), so every instance shares the count.
  unsigned auth_attempts_per_ip = 20;
  /// Per window and per account (e-mail): sign-in attempts (forgotten after a success), resets and resends.
  unsigned auth_attempts_per_account = 5;
  /// Per window and per IP: every sign-in, successful ones included. A ceiling, not the failure limit: one
  /// office or one mobile carrier's NAT shares an address, and its users must not lock each other out.
  unsigned sign_ins_per_ip = 300;
  std::chrono::seconds auth_window{900};
  /// Lifetime of a session token without use.
  std::chrono::hours session_lifetime{24 * 180};
};

struct I18nConfig {
  std::filesystem::path dir = "i18n";
  std::string default_language = "en";
  /// Language code → display name, served by GET /api/user/allowed-languages.
  std::map<std::string, std::string> languages{{"en", "English"}, {"ru", "Русский"}};
};

struct StorageConfig {
  std::filesystem::path dir = "var/uploads";
  std::size_t max_avatar_bytes = 5 * 1024 * 1024;
  /// One order attachment (documents and images).
  std::size_t max_attachment_bytes = 10 * 1024 * 1024;
  /// How long an upload may wait unattached (never sent with its order, message, ticket or project, dropped
  /// by an edit, left by a deleted order) before storage.sweep_uploads deletes it, and its file when nothing
  /// else uses it; also how long a dropped logo, cover or landing image waits. At least an hour: shorter
  /// would sweep files of forms still being filled.
  std::chrono::seconds upload_retention{24 * 60 * 60};
};

struct JobsConfig {
  /// How often the periodic jobs that have no interval of their own run (personal orders opening after 24
  /// hours, invitation and vacancy expiry, the upload sweep); each round runs on one instance. At least 1 s.
  std::chrono::seconds interval{60};
};

struct Config {
  std::filesystem::path data_dir = "var";
  std::string log_level = "info";
  ServerConfig server;
  DatabaseConfig database;
  MailConfig mail;
  SecurityConfig security;
  I18nConfig i18n;
  StorageConfig storage;
  JobsConfig jobs;
};

/// The settings as read: the YAML file plus `ARTEL_*` environment overrides, with a record of every key
/// something bound. The platform binds its sections (BindPlatform), each module binds its own through
/// a Section, and CheckUnknown() then stops start-up on a key nobody reads: a misspelt or obsolete setting
/// must not be silently ignored.
class ConfigSource final {
 public:
  /// Reads `path` (a missing file means defaults); `apply_environment` adds ARTEL_<SECTION>_<KEY> overrides.
  static ConfigSource Load(const std::filesystem::path& path, bool apply_environment = true);
  static ConfigSource Parse(const std::string& yaml, bool apply_environment);
  ConfigSource(ConfigSource&&) noexcept;
  ConfigSource& operator=(ConfigSource&&) noexcept;
  ~ConfigSource();

  /// Binds one key (a dotted path such as "server.port") into `field` when set; throws std::runtime_error
  /// naming the key on a bad value.
  void Bind(const std::string& path, std::string& field);
  void Bind(const std::string& path, bool& field);
  void Bind(const std::string& path, std::filesystem::path& field);
  void Bind(const std::string& path, std::uint16_t& field);
  void Bind(const std::string& path, std::uint32_t& field);
  void Bind(const std::string& path, std::uint64_t& field);
  void Bind(const std::string& path, std::chrono::milliseconds& field);
  void Bind(const std::string& path, std::chrono::seconds& field);
  void Bind(const std::string& path, std::chrono::hours& field);
  /// A mapping of code: name, or ARTEL_..._LANGUAGES=en:English,ru:Русский.
  void BindLanguages(const std::string& path, std::map<std::string, std::string>& field);

  /// Throws std::runtime_error naming the first key of the file, or ARTEL_* variable, that nothing bound.
  /// Variables of the tools around Artel (ARTEL_BIN, ARTEL_KEEP_TEST_DATA) are not settings and pass.
  void CheckUnknown() const;

  /// The ARTEL_* variable a key is overridden by: server.port → ARTEL_SERVER_PORT.
  static std::string EnvironmentName(std::string_view path);

 private:
  struct Impl;
  explicit ConfigSource(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// A module's own section of the settings ("wallet"): keys are relative to it.
class ConfigSection final {
 public:
  ConfigSection(ConfigSource& source, std::string name) : source_(source), name_(std::move(name)) {}
  template <class T>
  void Bind(const std::string& key, T& field) {
    source_.Bind(Path(key), field);
  }
  /// "wallet.deal_fee_percent": for error messages of the module's own checks.
  std::string Path(const std::string& key) const { return name_ + "." + key; }

 private:
  ConfigSource& source_;
  std::string name_;
};

/// Binds and checks the platform's sections (everything in Config).
Config BindPlatform(ConfigSource& source);

/// The platform's settings from a YAML string, for tests: BindPlatform plus CheckUnknown, so a key of a
/// module's section counts as unknown here.
Config ParseConfig(const std::string& yaml, bool apply_environment);

/// Fills security.secret from `<data_dir>/secret`, creating it (mode 0600) when missing.
void EnsureSecret(Config& config);

}  // namespace artel
