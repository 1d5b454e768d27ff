#include "artel/realtime/module.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "artel/db/notifications.hpp"
#include "artel/db/pool.hpp"
#include "artel/realtime/channels.hpp"
#include "artel/realtime/publisher.hpp"
#include "artel/server/upgrade.hpp"
#include "artel/web/app.hpp"
#include "instances.hpp"
#include "module_requires.hpp"
#include "protocol.hpp"
#include "routes.hpp"
#include "settings.hpp"
#include "socket_server.hpp"

namespace artel::realtime {
namespace {

using boost::asio::awaitable;
/// Events stored by reference live this long: every instance reads them within milliseconds of the NOTIFY.
constexpr db::Statement kSweepPayloads{"realtime.sweep_payloads", R"sql(
DELETE FROM realtime.payloads WHERE created_at < now() - interval '10 minutes'
)sql"};

std::vector<std::string> SplitList(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream list(text);
  std::string item;
  while (std::getline(list, item, ',')) {
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    while (!item.empty() && item.back() == ' ') item.pop_back();
    if (!item.empty()) items.push_back(item);
  }
  return items;
}

Settings BindSettings(ConfigSection section) {
  Settings settings;
  std::string origins;
  section.Bind("port", settings.port);
  section.Bind("key", settings.key);
  section.Bind("secret", settings.secret);
  section.Bind("allowed_origins", origins);
  settings.allowed_origins = SplitList(origins);
  section.Bind("limits.activity_timeout", settings.activity_timeout);
  section.Bind("limits.pong_timeout", settings.pong_timeout);
  section.Bind("limits.max_message_bytes", settings.max_message_bytes);
  section.Bind("limits.max_subscriptions", settings.max_subscriptions);
  section.Bind("limits.max_sockets_per_user", settings.max_sockets_per_user);
  section.Bind("limits.max_sockets_per_ip", settings.max_sockets_per_ip);
  section.Bind("limits.max_connections", settings.max_connections);
  section.Bind("limits.client_events_per_second", settings.client_events_per_second);
  section.Bind("limits.send_queue_bytes", settings.send_queue_bytes);
  section.Bind("limits.session_check_interval", settings.session_check_interval);
  section.Bind("heartbeat_interval", settings.heartbeat_interval);
  if (settings.key.empty()) throw std::runtime_error("config " + section.Path("key") + ": must not be empty");
  if (settings.activity_timeout.count() <= 0 || settings.pong_timeout.count() <= 0 ||
      settings.session_check_interval.count() <= 0) {
    throw std::runtime_error("config " + section.Path("limits") + ": timeouts must be positive");
  }
  if (settings.heartbeat_interval.count() <= 0) {
    throw std::runtime_error("config " + section.Path("heartbeat_interval") + ": must be positive");
  }
  if (settings.max_message_bytes < 1024 || settings.send_queue_bytes < settings.max_message_bytes) {
    throw std::runtime_error("config " + section.Path("limits") +
                             ": max_message_bytes at least 1024 and send_queue_bytes at least that");
  }
  return settings;
}

/// The secret from `<data_dir>/realtime.secret`, created (mode 0600) when missing, as security.secret is.
std::string EnsureSecret(const std::filesystem::path& data_dir) {
  std::filesystem::create_directories(data_dir);
  const auto path = data_dir / "realtime.secret";
  std::string secret;
  if (std::ifstream in(path); in) {
    std::getline(in, secret);
    if (secret.size() >= 32) return secret;
  }
  secret = ToHex(RandomBytes(32));
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) throw std::runtime_error(fmt::format("realtime: cannot create {}", path.string()));
  const std::string line = secret + "\n";
  const auto written = ::write(fd, line.data(), line.size());
  ::close(fd);
  if (written != static_cast<ssize_t>(line.size())) {
    throw std::runtime_error(fmt::format("realtime: cannot write {}", path.string()));
  }
  return secret;
}

/// Stable across restarts of one deployment's instance (host and HTTP port), so a restarted instance finds
/// the presence rows its previous run left behind.
std::string InstanceName(std::uint16_t http_port) {
  std::array<char, 256> host{};
  if (::gethostname(host.data(), host.size() - 1) != 0) host[0] = '\0';
  return fmt::format("{}:{}", host.data(), http_port);
}

void Install(platform::ModuleContext& context) {
  auto& publisher = context.GetServices().Emplace<Publisher>(context.Pool());
  auto& channels = context.GetServices().Emplace<Channels>();

  const Config& config = context.PlatformConfig();
  Settings settings = BindSettings(context.Section("realtime"));
  if (settings.secret.empty()) settings.secret = EnsureSecret(config.data_dir);
  std::vector<std::string> origins = settings.allowed_origins;
  origins.push_back(protocol::OriginOf(config.server.public_url));

  const std::string instance = InstanceName(config.server.port);
  const std::chrono::seconds heartbeat_interval = settings.heartbeat_interval;
  auto sockets = std::make_shared<SocketServer>(std::move(settings), std::move(origins), context.Pool(),
                                                publisher, instance);
  context.GetServices().Emplace<std::shared_ptr<SocketServer>>(sockets);

  auto& upgrade = context.GetServices().Emplace<server::Upgrade>();
  upgrade.path_prefix = "/app/";
  upgrade.port = sockets->GetSettings().port;
  upgrade.max_connections = sockets->GetSettings().max_connections;
  upgrade.handle = [sockets](boost::beast::tcp_stream& stream, server::UpgradeRequest request,
                             std::string remote_ip) -> awaitable<void> {
    return sockets->Serve(stream, std::move(request), std::move(remote_ip));
  };
  upgrade.stop = [sockets] { sockets->Stop(); };
  upgrade.on_listening = [sockets](const std::string& host, std::uint16_t port) {
    sockets->listen_port = port;
    log::Info("realtime: listening on ws://{}:{}", host, port);
  };

  Register(context.Web(), sockets, channels);

  db::ListenerOptions listener_options;
  listener_options.connection = context.Pool().Options();
  listener_options.connection.statement_timeout = std::chrono::milliseconds(0);
  listener_options.channels = {std::string(kNotifyChannel)};
  auto listener = std::make_shared<db::Listener>(
      context.Pool().GetExecutor(), listener_options,
      [sockets](std::string_view, std::string_view payload) { sockets->OnNotification(payload); },
      [sockets] { sockets->OnReconnected(); });
  db::Pool& pool = context.Pool();
  context.AddBackgroundTask(platform::BackgroundTask{
      .name = "realtime.listener",
      .run = [listener, sockets]() -> awaitable<void> {
        try {
          co_await sockets->ForgetStalePresence();
        } catch (const std::exception& e) {
          log::Warning("realtime: could not forget stale presence rows: {}", e.what());
        }
        co_await listener->Run();
      },
      .stop = [listener] { listener->Stop(); }});

  // Sockets of sessions that ended: every instance checks its own (identity answers through the web app's
  // SessionCheck, so this platform module does not depend on it).
  web::App& web = context.Web();
  context.AddBackgroundTask(platform::BackgroundTask{
      .name = "realtime.session_check",
      // Not a coroutine itself: the check is handed over by value when RunSessionChecks' frame is made.
      .run =
          [sockets, &web] {
            return sockets->RunSessionChecks([&web](std::vector<std::int64_t> session_ids) {
              return web.EndedSessions(std::move(session_ids));
            });
          },
      .stop = [sockets] { sockets->StopSessionChecks(); }});

  // Presence outlives no instance: every instance beats, one sweeps the silent ones' rows each interval.
  auto instances = std::make_shared<Instances>(context.Pool(), publisher, instance, heartbeat_interval);
  context.AddBackgroundTask(platform::BackgroundTask{.name = "realtime.heartbeat",
                                                     .run = [instances] { return instances->RunHeartbeat(); },
                                                     .stop = [instances] { instances->Stop(); }});
  context.AddJob(
      platform::Job{.name = "realtime.sweep_dead_instances",
                    .interval = heartbeat_interval,
                    .run = [instances](TimePoint) -> awaitable<void> { co_await instances->SweepDead(); }});

  context.AddJob(
      platform::Job{.name = "realtime.sweep_payloads",
                    .interval = std::chrono::seconds(60),
                    .run = [&pool](TimePoint) -> awaitable<void> { co_await pool.Query(kSweepPayloads); }});
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::realtime
