#include "artel/core/config.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "artel/core/crypto.hpp"
#include "artel/core/text.hpp"

namespace artel {
namespace {

// One binding per setting: the YAML path, and how to parse a scalar into the field.
// Environment names derive from the path: server.port -> ARTEL_SERVER_PORT.
bool ParseBool(const std::string& name, const std::string& text) {
  const std::string lower = AsciiLower(text);
  if (lower == "true" || lower == "1" || lower == "yes" || lower == "on") return true;
  if (lower == "false" || lower == "0" || lower == "no" || lower == "off") return false;
  throw std::runtime_error(fmt::format("config {}: expected a boolean, got '{}'", name, text));
}

std::uint64_t ParseUnsigned(const std::string& name, const std::string& text) {
  std::size_t used = 0;
  unsigned long long value = 0;
  try {
    value = std::stoull(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || text.front() == '-') {
    throw std::runtime_error(fmt::format("config {}: expected a non-negative integer, got '{}'", name, text));
  }
  return value;
}

std::optional<std::string> EnvironmentValue(const std::string& name) {
  if (const char* value = std::getenv(name.c_str())) return std::string(value);
  return std::nullopt;
}

/// Environment variables of the tools around Artel (the test harnesses), not settings of Artel itself.
constexpr std::array<std::string_view, 2> kToolVariables{"ARTEL_BIN", "ARTEL_KEEP_TEST_DATA"};

}  // namespace

struct ConfigSource::Impl {
  YAML::Node root;
  bool env = false;
  /// Every key something bound, in file order of binding.
  std::set<std::string> bound;

  YAML::Node Node(const std::string& path) const {
    YAML::Node node = YAML::Clone(root);
    std::stringstream parts(path);
    std::string part;
    while (std::getline(parts, part, '.')) {
      if (!node || !node.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
      node = node[part];
    }
    return node;
  }

  std::optional<std::string> Env(const std::string& path) const {
    if (!env) return std::nullopt;
    return EnvironmentValue(EnvironmentName(path));
  }

  std::optional<std::string> Lookup(const std::string& path) {
    bound.insert(path);
    if (auto value = Env(path)) return value;
    auto node = Node(path);
    if (!node || node.IsNull()) return std::nullopt;
    if (!node.IsScalar()) throw std::runtime_error(fmt::format("config {}: expected a scalar", path));
    return node.Scalar();
  }

  /// The first key under `node` (at `prefix`) that nothing bound, if any.
  std::optional<std::string> FirstUnbound(const YAML::Node& node, const std::string& prefix) const {
    if (!node.IsMap()) return std::nullopt;
    for (const auto& item : node) {
      const std::string path =
          prefix.empty() ? item.first.as<std::string>() : prefix + "." + item.first.as<std::string>();
      if (bound.contains(path)) continue;
      if (item.second.IsMap()) {
        bool any_bound_below = false;
        for (const auto& key : bound) any_bound_below = any_bound_below || key.starts_with(path + ".");
        if (any_bound_below) {
          if (auto unknown = FirstUnbound(item.second, path)) return unknown;
          continue;
        }
      }
      return path;
    }
    return std::nullopt;
  }

  template <class Int>
  void BindInteger(const std::string& path, Int& field) {
    if (auto text = Lookup(path)) {
      auto value = ParseUnsigned(path, *text);
      if (value > std::numeric_limits<Int>::max()) {
        throw std::runtime_error(fmt::format("config {}: {} is out of range", path, *text));
      }
      field = static_cast<Int>(value);
    }
  }

  template <class Duration>
  void BindDuration(const std::string& path, Duration& field) {
    if (auto text = Lookup(path)) {
      field = Duration(static_cast<typename Duration::rep>(ParseUnsigned(path, *text)));
    }
  }
};

ConfigSource::ConfigSource(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ConfigSource::ConfigSource(ConfigSource&&) noexcept = default;
ConfigSource& ConfigSource::operator=(ConfigSource&&) noexcept = default;
ConfigSource::~ConfigSource() = default;

ConfigSource ConfigSource::Parse(const std::string& yaml, bool apply_environment) {
  auto impl = std::make_unique<Impl>();
  impl->root = yaml.empty() ? YAML::Node(YAML::NodeType::Map) : YAML::Load(yaml);
  if (!impl->root.IsMap() && !impl->root.IsNull()) {
    throw std::runtime_error("config: the top level must be a mapping");
  }
  impl->env = apply_environment;
  return ConfigSource(std::move(impl));
}

ConfigSource ConfigSource::Load(const std::filesystem::path& path, bool apply_environment) {
  std::string text;
  if (std::filesystem::exists(path)) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(fmt::format("config: cannot read {}", path.string()));
    std::stringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  try {
    return Parse(text, apply_environment);
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(fmt::format("config {}: {}", path.string(), e.what()));
  }
}

std::string ConfigSource::EnvironmentName(std::string_view path) {
  std::string name = "ARTEL_";
  for (char c : path) name += c == '.' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

void ConfigSource::Bind(const std::string& path, std::string& field) {
  if (auto text = impl_->Lookup(path)) field = *text;
}
void ConfigSource::Bind(const std::string& path, bool& field) {
  if (auto text = impl_->Lookup(path)) field = ParseBool(path, *text);
}
void ConfigSource::Bind(const std::string& path, std::filesystem::path& field) {
  if (auto text = impl_->Lookup(path)) field = *text;
}
void ConfigSource::Bind(const std::string& path, std::uint16_t& field) {
  impl_->BindInteger(path, field);
}
void ConfigSource::Bind(const std::string& path, std::uint32_t& field) {
  impl_->BindInteger(path, field);
}
void ConfigSource::Bind(const std::string& path, std::uint64_t& field) {
  impl_->BindInteger(path, field);
}
void ConfigSource::Bind(const std::string& path, std::chrono::milliseconds& field) {
  impl_->BindDuration(path, field);
}
void ConfigSource::Bind(const std::string& path, std::chrono::seconds& field) {
  impl_->BindDuration(path, field);
}
void ConfigSource::Bind(const std::string& path, std::chrono::hours& field) {
  impl_->BindDuration(path, field);
}

void ConfigSource::BindLanguages(const std::string& path, std::map<std::string, std::string>& field) {
  impl_->bound.insert(path);
  auto node = impl_->Node(path);
  if (node && node.IsMap()) {
    field.clear();
    for (const auto& item : node) field[item.first.as<std::string>()] = item.second.as<std::string>();
  }
  if (auto text = impl_->Env(path)) {
    field.clear();
    std::stringstream list(*text);
    std::string pair;
    while (std::getline(list, pair, ',')) {
      auto colon = pair.find(':');
      if (colon == std::string::npos || colon == 0) {
        throw std::runtime_error(fmt::format("config {}: expected code:Name pairs", path));
      }
      field[pair.substr(0, colon)] = pair.substr(colon + 1);
    }
  }
  if (field.empty()) throw std::runtime_error(fmt::format("config {}: at least one language", path));
}

void ConfigSource::CheckUnknown() const {
  if (auto unknown = impl_->FirstUnbound(impl_->root, "")) {
    throw std::runtime_error(
        fmt::format("config {}: unknown setting (misspelt, or not a setting of Artel)", *unknown));
  }
  if (!impl_->env) return;
  std::set<std::string> known;
  for (const auto& path : impl_->bound) known.insert(EnvironmentName(path));
  for (char** entry = environ; *entry != nullptr; ++entry) {
    std::string_view variable(*entry);
    if (!variable.starts_with("ARTEL_")) continue;
    const std::string name(variable.substr(0, variable.find('=')));
    if (known.contains(name)) continue;
    if (std::ranges::find(kToolVariables, name) != kToolVariables.end()) continue;
    throw std::runtime_error(
        fmt::format("config: unknown environment variable {} (not a setting of Artel)", name));
  }
}

/// The pool's size unless configured: 4 connections per core of this machine, at least 4 and at most 16.
/// PostgreSQL runs a process per connection, and more busy backends than a few per core only queue for the
/// cores: 16 on a 2-core machine with its embedded cluster stalled requests for 50–800 ms at a time, 8 did
/// not (docs/performance.md, "The pool's size"). A request waits for a connection asynchronously, so a
/// smaller pool costs nothing while it stays busy.
static std::size_t DefaultPoolSize() {
  const unsigned cores = std::thread::hardware_concurrency();
  if (cores == 0) return 16;
  return std::clamp<std::size_t>(std::size_t{4} * cores, 4, 16);
}

Config BindPlatform(ConfigSource& b) {
  Config c;
  c.database.pool_size = DefaultPoolSize();
  b.Bind("data_dir", c.data_dir);
  b.Bind("log_level", c.log_level);

  b.Bind("server.host", c.server.host);
  b.Bind("server.port", c.server.port);
  b.Bind("server.threads", c.server.threads);
  b.Bind("server.public_url", c.server.public_url);
  b.Bind("server.static_dir", c.server.static_dir);
  b.Bind("server.body_limit", c.server.body_limit);
  b.Bind("server.request_timeout", c.server.request_timeout);
  b.Bind("server.keep_alive_timeout", c.server.keep_alive_timeout);
  b.Bind("server.write_timeout", c.server.write_timeout);
  b.Bind("server.max_connections", c.server.max_connections);
  b.Bind("server.trust_forwarded_for", c.server.trust_forwarded_for);
  b.Bind("server.memory_trim_interval", c.server.memory_trim_interval);
  b.Bind("server.memory_trim_threshold", c.server.memory_trim_threshold);

  b.Bind("database.url", c.database.url);
  b.Bind("database.embedded_dir", c.database.embedded_dir);
  b.Bind("database.pool_size", c.database.pool_size);
  b.Bind("database.acquire_timeout_ms", c.database.acquire_timeout);
  b.Bind("database.statement_timeout_ms", c.database.statement_timeout);

  b.Bind("mail.smtp_url", c.mail.smtp_url);
  b.Bind("mail.smtp_user", c.mail.smtp_user);
  b.Bind("mail.smtp_password", c.mail.smtp_password);
  b.Bind("mail.from", c.mail.from);
  b.Bind("mail.outbox_dir", c.mail.outbox_dir);
  b.Bind("mail.max_attempts", c.mail.max_attempts);

  b.Bind("security.secret", c.security.secret);
  b.Bind("security.cookie_secure", c.security.cookie_secure);
  b.Bind("security.argon2.memory_kib", c.security.argon2.memory_kib);
  b.Bind("security.argon2.iterations", c.security.argon2.iterations);
  b.Bind("security.argon2.parallelism", c.security.argon2.parallelism);
  b.Bind("security.argon2.max_concurrent", c.security.argon2.max_concurrent);
  b.Bind("security.auth_attempts_per_ip", c.security.auth_attempts_per_ip);
  b.Bind("security.auth_attempts_per_account", c.security.auth_attempts_per_account);
  b.Bind("security.sign_ins_per_ip", c.security.sign_ins_per_ip);
  b.Bind("security.auth_window", c.security.auth_window);
  b.Bind("security.session_lifetime_hours", c.security.session_lifetime);

  b.Bind("i18n.dir", c.i18n.dir);
  b.Bind("i18n.default_language", c.i18n.default_language);
  b.BindLanguages("i18n.languages", c.i18n.languages);

  b.Bind("storage.dir", c.storage.dir);
  b.Bind("storage.max_avatar_bytes", c.storage.max_avatar_bytes);
  b.Bind("storage.max_attachment_bytes", c.storage.max_attachment_bytes);
  b.Bind("storage.upload_retention", c.storage.upload_retention);

  b.Bind("jobs.interval", c.jobs.interval);

  if (c.server.public_url.starts_with("https://")) c.security.cookie_secure = true;
  if (c.server.port == 0) throw std::runtime_error("config server.port: must not be 0");
  if (c.server.max_connections == 0)
    throw std::runtime_error("config server.max_connections: must be positive");
  if (c.database.pool_size == 0) throw std::runtime_error("config database.pool_size: must be positive");
  if (c.security.argon2.max_concurrent == 0) {
    throw std::runtime_error("config security.argon2.max_concurrent: must be positive");
  }
  if (c.storage.upload_retention < std::chrono::hours(1)) {
    // Shorter would sweep files users are still filling a form with.
    throw std::runtime_error("config storage.upload_retention: must be at least 3600 seconds");
  }
  if (c.jobs.interval < std::chrono::seconds(1)) {
    throw std::runtime_error("config jobs.interval: must be at least 1 second");
  }
  if (!c.i18n.languages.contains(c.i18n.default_language)) {
    throw std::runtime_error("config i18n.default_language: must be one of i18n.languages");
  }
  while (c.server.public_url.ends_with('/')) c.server.public_url.pop_back();
  if (c.database.embedded_dir.empty()) c.database.embedded_dir = c.data_dir / "pgdata";
  return c;
}

Config ParseConfig(const std::string& yaml, bool apply_environment) {
  auto source = ConfigSource::Parse(yaml, apply_environment);
  Config config = BindPlatform(source);
  source.CheckUnknown();
  return config;
}

void EnsureSecret(Config& config) {
  if (!config.security.secret.empty()) return;
  std::filesystem::create_directories(config.data_dir);
  auto path = config.data_dir / "secret";
  std::ifstream in(path);
  if (in) {
    std::getline(in, config.security.secret);
    if (config.security.secret.size() >= 32) return;
  }
  config.security.secret = ToHex(RandomBytes(32));
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) throw std::runtime_error(fmt::format("config: cannot create {}", path.string()));
  auto line = config.security.secret + "\n";
  auto written = ::write(fd, line.data(), line.size());
  ::close(fd);
  if (written != static_cast<ssize_t>(line.size())) {
    throw std::runtime_error(fmt::format("config: cannot write {}", path.string()));
  }
}

}  // namespace artel
