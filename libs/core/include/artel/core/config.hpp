#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

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
};

struct DatabaseConfig {
  /// libpq connection string or URL; empty starts the embedded PostgreSQL in `embedded_dir`.
  std::string url;
  std::filesystem::path embedded_dir = "var/pgdata";
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
  /// Requests per window per IP and per account on login, register, reset and resend.
  unsigned auth_attempts_per_ip = 20;
  unsigned auth_attempts_per_account = 5;
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
};

struct MarketplaceConfig {
  /// How often each instance runs the scheduled jobs (personal orders opening after 24 hours, invitation
  /// expiry). The jobs take rows with SKIP LOCKED, so every instance may run them.
  std::chrono::seconds job_interval{60};
  /// How long an upload may wait unattached (never sent with an order, dropped by an edit, left by a deleted
  /// order) before a job run deletes it, and its file when nothing else uses it.
  std::chrono::seconds upload_retention{24 * 60 * 60};
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
  MarketplaceConfig marketplace;
};

/// Reads `path` (a missing file means defaults) and then applies environment overrides named
/// ARTEL_<SECTION>_<KEY> (ARTEL_DATABASE_URL, ARTEL_SERVER_PORT, ...; top-level keys ARTEL_<KEY>).
/// Relative paths are resolved against the current directory. Throws std::runtime_error on bad values.
Config LoadConfig(const std::filesystem::path& path);

/// The same from a YAML string, for tests; `environment` lookups use getenv.
Config ParseConfig(const std::string& yaml, bool apply_environment);

/// Fills security.secret from `<data_dir>/secret`, creating it (mode 0600) when missing.
void EnsureSecret(Config& config);

}  // namespace artel
