#include "artel/core/config.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "artel/core/crypto.hpp"

namespace artel {
namespace {

// One binding per setting: the YAML path, and how to parse a scalar into the field.
// Environment names derive from the path: server.port -> ARTEL_SERVER_PORT.
bool ParseBool(const std::string& name, const std::string& text) {
  std::string lower = text;
  std::ranges::transform(lower, lower.begin(), [](unsigned char c) { return std::tolower(c); });
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

class Binder final {
 public:
  Binder(const YAML::Node& root, bool apply_environment) : root_(root), env_(apply_environment) {}

  template <class T>
  void Bind(const std::string& path, T& field) {
    if (auto text = Lookup(path)) Assign(path, *text, field);
  }

  void BindLanguages(const std::string& path, std::map<std::string, std::string>& field) {
    auto node = Node(path);
    if (node && node.IsMap()) {
      field.clear();
      for (const auto& item : node) field[item.first.as<std::string>()] = item.second.as<std::string>();
    }
    // ARTEL_I18N_LANGUAGES=en:English,ru:Русский
    if (auto text = Env(path)) {
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

 private:
  YAML::Node Node(const std::string& path) const {
    YAML::Node node = YAML::Clone(root_);
    std::stringstream parts(path);
    std::string part;
    while (std::getline(parts, part, '.')) {
      if (!node || !node.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
      node = node[part];
    }
    return node;
  }

  std::optional<std::string> Env(const std::string& path) const {
    if (!env_) return std::nullopt;
    std::string name = "ARTEL_";
    for (char c : path)
      name += c == '.' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (const char* value = std::getenv(name.c_str())) return std::string(value);
    return std::nullopt;
  }

  std::optional<std::string> Lookup(const std::string& path) const {
    if (auto env = Env(path)) return env;
    auto node = Node(path);
    if (!node || node.IsNull()) return std::nullopt;
    if (!node.IsScalar()) throw std::runtime_error(fmt::format("config {}: expected a scalar", path));
    return node.Scalar();
  }

  static void Assign(const std::string&, const std::string& text, std::string& field) { field = text; }
  static void Assign(const std::string& path, const std::string& text, bool& field) {
    field = ParseBool(path, text);
  }
  static void Assign(const std::string&, const std::string& text, std::filesystem::path& field) {
    field = text;
  }
  template <class Int>
  requires std::is_integral_v<Int>
  static void Assign(const std::string& path, const std::string& text, Int& field) {
    auto value = ParseUnsigned(path, text);
    if (value > std::numeric_limits<Int>::max()) {
      throw std::runtime_error(fmt::format("config {}: {} is out of range", path, text));
    }
    field = static_cast<Int>(value);
  }
  template <class Rep, class Period>
  static void Assign(const std::string& path, const std::string& text,
                     std::chrono::duration<Rep, Period>& field) {
    field = std::chrono::duration<Rep, Period>(static_cast<Rep>(ParseUnsigned(path, text)));
  }

  YAML::Node root_;
  bool env_;
};

Config Build(const YAML::Node& root, bool apply_environment) {
  Config c;
  Binder b(root, apply_environment);
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
  b.Bind("security.auth_window", c.security.auth_window);
  b.Bind("security.session_lifetime_hours", c.security.session_lifetime);

  b.Bind("i18n.dir", c.i18n.dir);
  b.Bind("i18n.default_language", c.i18n.default_language);
  b.BindLanguages("i18n.languages", c.i18n.languages);

  b.Bind("storage.dir", c.storage.dir);
  b.Bind("storage.max_avatar_bytes", c.storage.max_avatar_bytes);
  b.Bind("storage.max_attachment_bytes", c.storage.max_attachment_bytes);
  b.Bind("marketplace.job_interval", c.marketplace.job_interval);
  b.Bind("marketplace.upload_retention", c.marketplace.upload_retention);

  if (c.server.public_url.starts_with("https://")) c.security.cookie_secure = true;
  if (c.server.port == 0) throw std::runtime_error("config server.port: must not be 0");
  if (c.database.pool_size == 0) throw std::runtime_error("config database.pool_size: must be positive");
  if (c.marketplace.upload_retention < std::chrono::hours(1)) {
    // Shorter would sweep files users are still filling an order form with.
    throw std::runtime_error("config marketplace.upload_retention: must be at least 3600 seconds");
  }
  if (c.security.argon2.max_concurrent == 0) {
    throw std::runtime_error("config security.argon2.max_concurrent: must be positive");
  }
  if (!c.i18n.languages.contains(c.i18n.default_language)) {
    throw std::runtime_error("config i18n.default_language: must be one of i18n.languages");
  }
  while (c.server.public_url.ends_with('/')) c.server.public_url.pop_back();
  return c;
}

}  // namespace

Config ParseConfig(const std::string& yaml, bool apply_environment) {
  YAML::Node root = yaml.empty() ? YAML::Node(YAML::NodeType::Map) : YAML::Load(yaml);
  if (!root.IsMap() && !root.IsNull()) throw std::runtime_error("config: the top level must be a mapping");
  return Build(root, apply_environment);
}

Config LoadConfig(const std::filesystem::path& path) {
  std::string text;
  if (std::filesystem::exists(path)) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(fmt::format("config: cannot read {}", path.string()));
    std::stringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  try {
    return ParseConfig(text, true);
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(fmt::format("config {}: {}", path.string(), e.what()));
  }
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
